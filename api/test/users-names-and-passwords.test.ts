import { USER_MESSAGES } from '@battledeck/shared/contract';
import { eq, sql } from 'drizzle-orm';
import { users } from '../src/db/schema';
import { backfillUsernameSkeletons, findUserById } from '../src/repositories/users-repository';
import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { uniqueEmail, uniqueSuffix } from './helpers/emulator-accounts';
import { createUser, type TestUser } from './helpers/factories';
import { localToken, localTokenVerifier } from './helpers/local-tokens';
import { rows } from './helpers/sql-rows';

/**
 * Issue 15, decisions 26 and 27: common passwords are refused at registration and in settings; usernames are
 * NFKC-normalised, refuse invisible and bidi-control characters, and a look-alike of an existing name is taken.
 * Identities live in the Auth emulator; requests carry locally signed tokens (what is tested is the rules).
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({}, { tokenVerifier: localTokenVerifier() });
});
afterAll(() => t?.close());

const register = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/users/', payload });
const update = (user: TestUser, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: `/api/users/${user.uid}`, headers: { authorization: `Bearer ${localToken(user.uid)}` }, payload });

const GOOD_PASSWORD = 'violet-harbour-kettle';
const body = (overrides: Record<string, unknown> = {}) => ({
  username: `name_${uniqueSuffix()}`,
  email: uniqueEmail('names'),
  password: GOOD_PASSWORD,
  confirmPassword: GOOD_PASSWORD,
  ...overrides,
});
const identityExists = (email: string) =>
  t.app.firebaseAuth.getUserByEmail(email.toLowerCase()).then(
    () => true,
    () => false,
  );
/** 'deskname' with its a and e swapped for the Cyrillic а (U+0430) and е (U+0435). */
const cyrillicTwin = (latin: string) => latin.replace(/a/g, '\u0430').replace(/e/g, '\u0435');

describe('common passwords (decision 26)', () => {
  it.each([
    ['among the 10,000 most common', () => ({ password: 'password1', confirmPassword: 'password1' })],
    ['common in another case', () => ({ password: 'DRAGON', confirmPassword: 'DRAGON' })],
    ['the username, ignoring case and spaces', () => ({ username: 'GamerDesk_77', password: ' gamerdesk_77 ', confirmPassword: ' gamerdesk_77 ' })],
  ])('registration refuses a password %s with 400, and creates no identity', async (_name, overrides) => {
    const payload = body(overrides());
    const res = await register(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: USER_MESSAGES.commonPassword });
    expect(await identityExists(payload.email)).toBe(false);
  });

  it('registration refuses the e-mail as the password', async () => {
    const email = uniqueEmail('Same');
    const res = await register(body({ email, password: email.toUpperCase(), confirmPassword: email.toUpperCase() }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: USER_MESSAGES.commonPassword });
  });

  it('settings refuse a common password, or the username or e-mail, and keep the old password', async () => {
    const user = await createUser(t.app);
    for (const password of ['qwerty123', user.username.toUpperCase(), user.email]) {
      const res = await update(user, { password, confirmPassword: password });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: USER_MESSAGES.commonPassword });
    }
    // The new username counts too when both change at once.
    const res = await update(user, { username: 'fresh_name_x1', password: 'Fresh_Name_X1', confirmPassword: 'Fresh_Name_X1' });
    expect(res.statusCode).toBe(400);
    expect((await findUserById(t.app.db, user.uid))?.username).toBe(user.username);
  });

  it('an uncommon password is accepted at registration and in settings', async () => {
    expect((await register(body())).statusCode).toBe(201);
    const user = await createUser(t.app);
    const res = await update(user, { password: 'amber-lantern-orchard', confirmPassword: 'amber-lantern-orchard' });
    expect(res.statusCode).toBe(200);
  });
});

describe('usernames (decision 27)', () => {
  it.each([
    ['a zero-width space', 'desk\u200Bsetup'],
    ['a zero-width joiner', 'desk\u200Dsetup'],
    ['a right-to-left override (U+202E)', 'desk\u202Eputes'],
    ['a Hangul filler', 'desk\u3164setup'],
    ['a variation selector', 'desksetup\uFE0F'],
  ])('registration refuses %s with 400', async (_name, username) => {
    const payload = body({ username: `${username}${uniqueSuffix()}` });
    const res = await register(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: USER_MESSAGES.usernameInvisible });
    expect(await identityExists(payload.email)).toBe(false);
  });

  it('registration refuses a Cyrillic look-alike of an existing Latin name with 409, and removes the identity it made', async () => {
    const latin = `deskname_${uniqueSuffix()}`;
    expect((await register(body({ username: latin }))).statusCode).toBe(201);

    const payload = body({ username: cyrillicTwin(latin) });
    expect(payload.username).not.toBe(latin);
    const res = await register(payload);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: USER_MESSAGES.usernameTaken });
    expect(await identityExists(payload.email)).toBe(false);
  });

  it('accepts a normal new name, stored as typed', async () => {
    const username = `Battle Station ${uniqueSuffix()}`;
    const res = await register(body({ username }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ username });
  });

  it('stores fullwidth letters as plain ones (NFKC), so the plain name is then taken', async () => {
    const plain = `wide${uniqueSuffix()}`;
    const fullwidth = [...plain].map((c) => String.fromCodePoint(c.codePointAt(0)! + 0xfee0)).join('');
    const res = await register(body({ username: fullwidth }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ username: plain });
    expect((await findUserById(t.app.db, res.json<{ user_id: string }>().user_id))?.username).toBe(plain);

    const again = await register(body({ username: plain.toUpperCase() }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: USER_MESSAGES.usernameTaken });
  });

  it('of two look-alike registrations at once, exactly one wins', async () => {
    const latin = `racename_${uniqueSuffix()}`;
    const results = await Promise.all([register(body({ username: latin })), register(body({ username: cyrillicTwin(latin) }))]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });

  it('a username change refuses invisible characters (400) and a look-alike of another user (409)', async () => {
    const [user, other] = await Promise.all([createUser(t.app), createUser(t.app, { username: `deskname_${uniqueSuffix()}` })]);

    const hidden = await update(user, { username: `desk\u202Ename${uniqueSuffix()}` });
    expect(hidden.statusCode).toBe(400);
    expect(hidden.json()).toEqual({ message: USER_MESSAGES.usernameInvisible });

    const twin = await update(user, { username: cyrillicTwin(other.username) });
    expect(twin.statusCode).toBe(409);
    expect(twin.json()).toEqual({ message: USER_MESSAGES.usernameTaken });
    expect((await findUserById(t.app.db, user.uid))?.username).toBe(user.username);
  });

  it('a username change to the same name in other letters, or a fullwidth spelling, is the user\'s own and accepted', async () => {
    const user = await createUser(t.app, { username: `casey_${uniqueSuffix()}` });
    const upper = await update(user, { username: user.username.toUpperCase() });
    expect(upper.statusCode).toBe(200);
    const plain = `wider${uniqueSuffix()}`;
    const fullwidth = [...plain].map((c) => String.fromCodePoint(c.codePointAt(0)! + 0xfee0)).join('');
    const wide = await update(user, { username: fullwidth });
    expect(wide.statusCode).toBe(200);
    expect(wide.json()).toMatchObject({ profile: { username: plain } });
  });

  it('rows older than the skeleton column get one at start, and their look-alikes are refused', async () => {
    const latin = `oldname_${uniqueSuffix()}`;
    const old = await createUser(t.app, { username: latin });
    await t.app.db.update(users).set({ username_skeleton: null }).where(eq(users.user_id, old.uid));

    expect(await backfillUsernameSkeletons(t.app.db)).toBeGreaterThanOrEqual(1);
    const [{ missing }] = await rows<{ missing: number }>(t.app.db, sql`SELECT count(*)::int AS missing FROM users WHERE username_skeleton IS NULL`);
    expect(missing).toBe(0);
    const res = await register(body({ username: cyrillicTwin(latin) }));
    expect(res.statusCode).toBe(409);
  });
});
