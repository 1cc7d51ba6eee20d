import { eq, sql } from 'drizzle-orm';
import { AUTH_EMULATOR, signInWithPassword } from '../src/dev/auth-emulator';
import { battlestations } from '../src/db/schema';
import { usernameSkeleton } from '../src/lib/username-skeleton';
import { findUserById } from '../src/repositories/users-repository';
import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { uniqueEmail, uniqueSuffix } from './helpers/emulator-accounts';
import { bearer, createBattlestation, createIdentity, createUser, type TestUser } from './helpers/factories';

let t: TestApp;
let admin: TestUser;
let moderator: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  [admin, moderator] = await Promise.all([createUser(t.app, { is_admin: true }), createUser(t.app, { is_moderator: true })]);
});
afterAll(() => t?.close());

const put = (uid: string, payload: unknown, caller?: { token: string }) =>
  t.app.inject({ method: 'PUT', url: `/api/users/${uid}`, payload: payload as object, headers: caller ? bearer(caller) : {} });
const getProfile = (uid: string, caller: { token: string }) => t.app.inject({ method: 'GET', url: `/api/users/${uid}`, headers: bearer(caller) });
const newName = (label = 'renamed') => `${label}_${uniqueSuffix()}`;
/** Revocation has one-second resolution: a token minted in the revoking second would still pass. */
const waitPastTokenSecond = () => new Promise((resolve) => setTimeout(resolve, 1100));

async function signInFails(email: string, password: string): Promise<boolean> {
  return signInWithPassword(email, password).then(
    () => false,
    () => true,
  );
}

/**
 * What the Firebase JS SDK does to keep a session alive: trade the refresh token for a new ID token
 * (null when refused). Production refuses revoked refresh tokens; the emulator still answers, but with
 * a token whose sign-in time predates the revocation.
 */
async function refreshedToken(refreshToken: string): Promise<string | null> {
  const response = await fetch(`${AUTH_EMULATOR.url}/securetoken.googleapis.com/v1/token?key=any`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken }).toString(),
  });
  return response.ok ? ((await response.json()) as { id_token: string }).id_token : null;
}

describe('PUT /api/users/:id: username', () => {
  it('changes the username in the profile, the identity and the search text, without ending the session', async () => {
    const user = await createUser(t.app);
    const station = await createBattlestation(t.app, { owner: user });
    const username = newName();

    const res = await put(user.uid, { username }, user);

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      profile: { user_id: user.uid, username, email: user.email, is_admin: false, is_moderator: false, created_date: user.row.created_date.toISOString() },
      signedOut: false,
    });
    expect((await findUserById(t.app.db, user.uid))?.username).toBe(username);
    expect((await t.app.firebaseAuth.getUser(user.uid)).displayName).toBe(username);
    const [row] = await t.app.db.select().from(battlestations).where(eq(battlestations.battlestation_id, station.battlestation_id));
    expect(row.search_text).toContain(username.toLowerCase());
    expect(row.search_text).not.toContain(user.username.toLowerCase());
    // The station cards carry the new name.
    const mine = await t.app.inject({ method: 'GET', url: `/api/users/${user.uid}/battlestations`, headers: bearer(user) });
    expect(mine.json()[0].username).toBe(username);
    expect((await getProfile(user.uid, user)).statusCode).toBe(200);
  });

  it('refuses a username someone else has, ignoring case, and changes nothing', async () => {
    const [user, other] = await Promise.all([createUser(t.app), createUser(t.app, { username: newName('Taken') })]);
    const res = await put(user.uid, { username: other.username.toUpperCase(), email: uniqueEmail('unused') }, user);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'Username already taken.' });
    expect(await findUserById(t.app.db, user.uid)).toEqual(user.row);
    expect((await t.app.firebaseAuth.getUser(user.uid)).email).toBe(user.email);
  });

  it("lets users change the case of their own username", async () => {
    const user = await createUser(t.app, { username: newName('lower') });
    const res = await put(user.uid, { username: user.username.toUpperCase() }, user);
    expect(res.statusCode).toBe(200);
    expect(res.json().profile.username).toBe(user.username.toUpperCase());
  });

  it.each([
    ['a short username', { username: 'abc' }, 'Must be at least 6 characters.'],
    ['a long username', { username: 'x'.repeat(65) }, 'Must be less than 64 characters.'],
    ['an invalid e-mail', { email: 'not-an-email' }, 'Enter a valid email address.'],
    ['a short password', { password: 'abc', confirmPassword: 'abc' }, 'Must be at least 6 characters.'],
    ['different passwords', { password: 'secret-123', confirmPassword: 'secret-124' }, 'Passwords do not match.'],
    ['a password without its confirmation', { password: 'secret-123' }, 'Passwords do not match.'],
    ['nothing to change', {}, 'Nothing to change.'],
    ['only fields that cannot change', { is_admin: true }, 'Nothing to change.'],
  ])('refuses %s with 400 and the form message', async (_case, payload, message) => {
    const user = await createUser(t.app);
    const res = await put(user.uid, payload, user);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
    expect(await findUserById(t.app.db, user.uid)).toEqual(user.row);
  });

  it('ignores is_admin and every other field sent along (no mass assignment)', async () => {
    const user = await createUser(t.app);
    const username = newName();
    const res = await put(
      user.uid,
      { username, is_admin: true, is_moderator: true, user_id: 'someone-else', created_date: '2000-01-01T00:00:00Z' },
      user,
    );
    expect(res.statusCode).toBe(200);
    expect(await findUserById(t.app.db, user.uid)).toEqual({ ...user.row, username, username_skeleton: usernameSkeleton(username) });
    expect(await findUserById(t.app.db, 'someone-else')).toBeUndefined();
  });

  it('answers values equal to the stored ones without changing anything or ending the session', async () => {
    const user = await createUser(t.app);
    const res = await put(user.uid, { username: user.username, email: user.email.toUpperCase() }, user);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ profile: { username: user.username, email: user.email }, signedOut: false });
  });
});

describe('PUT /api/users/:id: e-mail and password', () => {
  it('changes the e-mail (stored in lower case), revokes the old sessions, and the new e-mail signs in', async () => {
    const user = await createUser(t.app);
    const { refreshToken } = await signInWithPassword(user.email, user.password);
    await waitPastTokenSecond();
    const email = uniqueEmail('Changed');

    const res = await put(user.uid, { email }, user);

    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ profile: { email: email.toLowerCase() }, signedOut: true });
    expect((await findUserById(t.app.db, user.uid))?.email).toBe(email.toLowerCase());
    expect((await t.app.firebaseAuth.getUser(user.uid)).email).toBe(email.toLowerCase());

    const old = await getProfile(user.uid, user);
    expect(old.statusCode).toBe(401);
    expect(old.json()).toEqual({ message: 'Your session has ended. Please sign in again.' });
    // Nor can the old session get back in by refreshing its token.
    const refreshed = await refreshedToken(refreshToken);
    if (refreshed) expect((await getProfile(user.uid, { token: refreshed })).statusCode).toBe(401);

    expect(await signInFails(user.email, user.password)).toBe(true);
    // A sign-in in the revoking second counts as revoked (whole-second times): sign in again a second later.
    await waitPastTokenSecond();
    const { idToken } = await signInWithPassword(email, user.password);
    expect((await getProfile(user.uid, { token: idToken })).statusCode).toBe(200);
  });

  it('refuses an e-mail another profile has, ignoring case', async () => {
    const [user, other] = await Promise.all([createUser(t.app), createUser(t.app)]);
    const res = await put(user.uid, { email: other.email.toUpperCase() }, user);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'Email already in use.' });
  });

  it('refuses an e-mail only the identity provider holds, and rolls the username change back', async () => {
    const [user, identityOnly] = await Promise.all([createUser(t.app), createIdentity(t.app)]);
    const res = await put(user.uid, { username: newName(), email: identityOnly.email }, user);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'Email already in use.' });
    expect(await findUserById(t.app.db, user.uid)).toEqual(user.row);
    const identity = await t.app.firebaseAuth.getUser(user.uid);
    expect([identity.email, identity.displayName]).toEqual([user.email, user.username]);
  });

  it('changes the password: the new one signs in, the old one does not, and the old sessions end', async () => {
    const user = await createUser(t.app);
    await waitPastTokenSecond();
    const res = await put(user.uid, { password: 'brand-new-pass', confirmPassword: 'brand-new-pass' }, user);

    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ profile: { email: user.email }, signedOut: true });
    expect(await signInFails(user.email, user.password)).toBe(true);
    await waitPastTokenSecond();
    const { idToken } = await signInWithPassword(user.email, 'brand-new-pass');
    expect((await getProfile(user.uid, { token: idToken })).statusCode).toBe(200);
    expect((await getProfile(user.uid, user)).statusCode).toBe(401);
  });

  it('puts the identity back when the database cannot commit after Firebase changed, and keeps the old password', async () => {
    // A deferred constraint trigger fails at COMMIT, i.e. after the identity was updated.
    await t.app.db.execute(sql`CREATE FUNCTION refuse_commit_update() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.username LIKE 'nocommit%' THEN RAISE EXCEPTION 'simulated commit failure'; END IF; RETURN NULL; END $$`);
    await t.app.db.execute(sql`CREATE CONSTRAINT TRIGGER refuse_commit_update AFTER UPDATE ON users
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION refuse_commit_update()`);
    const user = await createUser(t.app);

    const res = await put(user.uid, { username: newName('nocommit'), email: uniqueEmail('nocommit'), password: 'never-in-force-9', confirmPassword: 'never-in-force-9' }, user);

    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Something went wrong. Please try again later.' });
    expect(await findUserById(t.app.db, user.uid)).toEqual(user.row);
    const identity = await t.app.firebaseAuth.getUser(user.uid);
    expect([identity.email, identity.displayName]).toEqual([user.email, user.username]);
    expect(await signInFails(user.email, user.password)).toBe(false);
    expect(await signInFails(user.email, 'never-in-force-9')).toBe(true);
  });
});

describe('PUT /api/users/:id: a password Firebase refuses after the rest is committed', () => {
  it('keeps the old password, says so, and the new e-mail is in force with the old sessions ended', async () => {
    const user = await createUser(t.app);
    await waitPastTokenSecond();
    const newEmail = uniqueEmail('kept-pass');
    const realUpdate = t.app.firebaseAuth.updateUser.bind(t.app.firebaseAuth);
    const update = jest.spyOn(t.app.firebaseAuth, 'updateUser').mockImplementation(async (uid, properties) => {
      if (properties.password !== undefined) throw Object.assign(new Error('socket hang up'), { code: 'app/network-error' });
      return realUpdate(uid, properties);
    });
    let res;
    try {
      res = await put(user.uid, { email: newEmail, password: 'not-in-force-7', confirmPassword: 'not-in-force-7' }, user);
    } finally {
      update.mockRestore();
    }
    expect(res.statusCode).toBe(503);
    expect((await findUserById(t.app.db, user.uid))?.email).toBe(newEmail);
    expect(await signInFails(newEmail, 'not-in-force-7')).toBe(true);
    expect(await signInFails(newEmail, user.password)).toBe(false);
    expect((await getProfile(user.uid, user)).statusCode).toBe(401);
  });
});

describe('PUT /api/users/:id: who may', () => {
  it('refuses other users (moderators included) with 403 and visitors with 401', async () => {
    const user = await createUser(t.app);
    const other = await createUser(t.app);
    for (const caller of [other, moderator]) {
      const res = await put(user.uid, { username: newName() }, caller);
      expect(res.statusCode).toBe(403);
    }
    expect((await put(user.uid, { username: newName() })).statusCode).toBe(401);
    expect(await findUserById(t.app.db, user.uid)).toEqual(user.row);
  });

  it("lets an admin change someone's username, and says when the user does not exist", async () => {
    const user = await createUser(t.app);
    const username = newName();
    const res = await put(user.uid, { username }, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().profile.username).toBe(username);
    expect((await put('no-such-user', { username: newName() }, admin)).statusCode).toBe(404);
  });
});

describe('account change rate limit', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await buildTestApp({ rateLimits: { ...t.config.rateLimits, signUp: { max: 2, timeWindowMs: 60_000 } } });
  });
  afterAll(() => limited?.close());

  it('answers 429 with the decision-20 message once the limit is reached', async () => {
    const user = await createUser(limited.app);
    const attempt = () =>
      limited.app.inject({ method: 'PUT', url: `/api/users/${user.uid}`, payload: { username: user.username }, headers: bearer(user) });
    expect((await attempt()).statusCode).toBe(200);
    expect((await attempt()).statusCode).toBe(200);
    const refused = await attempt();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: 'Too many requests. Please try again later.' });
  });
});

describe('account changes while the identity service hangs', () => {
  let slow: TestApp;
  beforeAll(async () => {
    // Short, yet long enough for the shared emulator's token checks on a loaded machine (they count too).
    slow = await buildTestApp({ identityTimeoutMs: 2000 });
  });
  afterAll(() => slow?.close());

  /** Firebase answering reads but never a write: the call neither succeeds nor fails. */
  async function whileWritesHang<T>(method: 'updateUser' | 'deleteUser', work: () => Promise<T>): Promise<T> {
    const auth = slow.app.firebaseAuth as unknown as Record<string, unknown>;
    const original = auth[method];
    auth[method] = () => new Promise(() => undefined);
    try {
      return await work();
    } finally {
      auth[method] = original;
    }
  }

  it('answers 503 within the time limit, keeps the account as it was, and holds no lock after', async () => {
    const user = await createUser(slow.app);
    const rename = (username: string) => slow.app.inject({ method: 'PUT', url: `/api/users/${user.uid}`, payload: { username }, headers: bearer(user) });
    const started = Date.now();
    const res = await whileWritesHang('updateUser', () => rename(newName('hung')));
    expect([res.statusCode, res.json()]).toEqual([503, { message: 'The sign-in service cannot be reached right now. Please try again later.' }]);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(await findUserById(slow.app.db, user.uid)).toEqual(user.row);
    // The row is free again: the next change goes through at once.
    const username = newName('after');
    const next = await rename(username);
    expect([next.statusCode, next.json().profile.username]).toEqual([200, username]);

    // A change that lands after its 503, once the user has tried again and succeeded: the identity ends with
    // what the profile holds, the retry's name, not the late one nor the one before both.
    const auth = slow.app.firebaseAuth as unknown as { updateUser: (uid: string, request: object) => Promise<unknown> };
    const real = auth.updateUser.bind(auth);
    let land!: () => Promise<unknown>;
    auth.updateUser = (uid, request) => new Promise((resolve, reject) => (land = () => real(uid, request).then(resolve, reject)));
    const late = await slow.app.inject({ method: 'PUT', url: `/api/users/${user.uid}`, payload: { username: newName('late') }, headers: bearer(user) });
    expect(late.statusCode).toBe(503);
    auth.updateUser = real;
    const retried = await slow.app.inject({ method: 'PUT', url: `/api/users/${user.uid}`, payload: { username: username + 'x' }, headers: bearer(user) });
    expect(retried.statusCode).toBe(200);
    // The late call lands (Firebase then holds its name), and the name is set back to the profile's.
    await land();
    const nameNow = async () => (await slow.app.firebaseAuth.getUser(user.uid)).displayName;
    for (let tries = 0; tries < 100 && (await nameNow()) !== `${username}x`; tries += 1) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await nameNow()).toBe(`${username}x`);

    const removed = await whileWritesHang('deleteUser', () => slow.app.inject({ method: 'DELETE', url: `/api/users/${user.uid}`, headers: bearer(user) }));
    expect(removed.statusCode).toBe(503);
    expect(await findUserById(slow.app.db, user.uid)).toBeDefined();
  });
});
