import { signInWithPassword } from '../src/dev/auth-emulator';
import { findUserById } from '../src/repositories/users-repository';
import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { uniqueEmail, uniqueSuffix } from './helpers/emulator-accounts';
import { bearer, createUser } from './helpers/factories';
import { staleToken } from './helpers/stale-sign-in';

/** Decision 25: password and e-mail changes and account deletion need a sign-in within the last 5 minutes. */
const RECENT_SIGN_IN_REQUIRED = { message: 'Please sign in again to make this change.' };

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

const put = (uid: string, payload: object, token: string) =>
  t.app.inject({ method: 'PUT', url: `/api/users/${uid}`, payload, headers: { authorization: `Bearer ${token}` } });
const del = (uid: string, token: string) => t.app.inject({ method: 'DELETE', url: `/api/users/${uid}`, headers: { authorization: `Bearer ${token}` } });
const signInWorks = (email: string, password: string) =>
  signInWithPassword(email, password).then(
    () => true,
    () => false,
  );

describe('sensitive account changes with a sign-in older than 5 minutes', () => {
  it('refuses a password change with 403 and changes nothing; a fresh sign-in then succeeds', async () => {
    const user = await createUser(t.app);
    const stale = await staleToken(user, 6 * 60);
    // The stale token is otherwise valid: reading the profile works.
    expect((await t.app.inject({ method: 'GET', url: `/api/users/${user.uid}`, headers: { authorization: `Bearer ${stale}` } })).statusCode).toBe(200);

    const refused = await put(user.uid, { password: 'brand-new-pass', confirmPassword: 'brand-new-pass' }, stale);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual(RECENT_SIGN_IN_REQUIRED);
    expect(await signInWorks(user.email, user.password)).toBe(true);

    const { idToken } = await signInWithPassword(user.email, user.password);
    const res = await put(user.uid, { password: 'brand-new-pass', confirmPassword: 'brand-new-pass' }, idToken);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ signedOut: true });
  });

  it('refuses an e-mail change with 403 and changes nothing; with a fresh token it goes through', async () => {
    const user = await createUser(t.app);
    const email = uniqueEmail('stale');
    const refused = await put(user.uid, { email }, await staleToken(user));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual(RECENT_SIGN_IN_REQUIRED);
    expect((await findUserById(t.app.db, user.uid))?.email).toBe(user.email);
    expect((await t.app.firebaseAuth.getUser(user.uid)).email).toBe(user.email);

    const { idToken } = await signInWithPassword(user.email, user.password);
    expect((await put(user.uid, { email }, idToken)).statusCode).toBe(200);
  });

  it('refuses an account deletion with 403 and keeps the account; with a fresh token it is deleted', async () => {
    const user = await createUser(t.app);
    const refused = await del(user.uid, await staleToken(user));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual(RECENT_SIGN_IN_REQUIRED);
    expect(await findUserById(t.app.db, user.uid)).toBeDefined();

    const { idToken } = await signInWithPassword(user.email, user.password);
    expect((await del(user.uid, idToken)).statusCode).toBe(204);
    expect(await findUserById(t.app.db, user.uid)).toBeUndefined();
  });

  it('still lets a username change, or an e-mail equal to the stored one, through', async () => {
    const user = await createUser(t.app);
    const stale = await staleToken(user);
    const username = `renamed_${uniqueSuffix()}`;
    const res = await put(user.uid, { username, email: user.email.toUpperCase() }, stale);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ profile: { username }, signedOut: false });
  });

  it("asks an admin acting on someone else's account for the admin's own recent sign-in", async () => {
    const [admin, user] = await Promise.all([createUser(t.app, { is_admin: true }), createUser(t.app)]);
    const staleAdmin = await staleToken(admin);
    expect((await del(user.uid, staleAdmin)).json()).toEqual(RECENT_SIGN_IN_REQUIRED);
    expect((await put(user.uid, { password: 'admin-set-pass', confirmPassword: 'admin-set-pass' }, staleAdmin)).statusCode).toBe(403);
    expect(await findUserById(t.app.db, user.uid)).toBeDefined();

    // The target's own sign-in does not matter, the caller's does.
    await staleToken(user);
    expect((await del(user.uid, admin.token)).statusCode).toBe(204);
  });

  it('tells a stranger only that they may not (403 forbidden), not that a sign-in is missing', async () => {
    const [user, other] = await Promise.all([createUser(t.app), createUser(t.app)]);
    const res = await del(user.uid, await staleToken(other));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'You do not have permission to do this.' });
  });
});

describe('revocation at whole-second precision (emulator verifier)', () => {
  /** Waits until the next second has just begun, so a sign-in and a revocation fit in one second. */
  async function startOfSecond(): Promise<void> {
    await new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000) + 5));
  }

  it('refuses a token signed in during the very second its sessions were revoked', async () => {
    const user = await createUser(t.app);
    // Past the creation second and the one after (the creation stamp may fall there, and a sign-in then stays
    // valid, ADR 005), then sign in and revoke within one second.
    await startOfSecond();
    for (let attempt = 0; ; attempt += 1) {
      await startOfSecond();
      const { idToken } = await signInWithPassword(user.email, user.password);
      await t.app.firebaseAuth.revokeRefreshTokens(user.uid);
      const authTime = (JSON.parse(Buffer.from(idToken.split('.')[1], 'base64url').toString('utf8')) as { auth_time: number }).auth_time;
      const validSince = Date.parse((await t.app.firebaseAuth.getUser(user.uid)).tokensValidAfterTime ?? '') / 1000;
      if (authTime !== validSince && attempt < 3) continue;
      expect(authTime).toBe(validSince);
      const res = await t.app.inject({ method: 'GET', url: `/api/users/${user.uid}`, headers: bearer({ token: idToken }) });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Your session has ended. Please sign in again.' });
      break;
    }
    // A sign-in in a later second is valid again.
    await startOfSecond();
    const { idToken } = await signInWithPassword(user.email, user.password);
    expect((await t.app.inject({ method: 'GET', url: `/api/users/${user.uid}`, headers: bearer({ token: idToken }) })).statusCode).toBe(200);
  });

  it('accepts a sign-in in the second the account was created (sign-up, then straight in)', async () => {
    const user = await createUser(t.app);
    const identity = await t.app.firebaseAuth.getUser(user.uid);
    expect(identity.tokensValidAfterTime).toBe(identity.metadata.creationTime);
    expect((await t.app.inject({ method: 'GET', url: `/api/users/${user.uid}`, headers: bearer(user) })).statusCode).toBe(200);
  });
});
