import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { bearer, createIdentity, createUser, type TestUser } from './helpers/factories';

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
let admin: TestUser;
let moderator: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  [alice, bob, admin, moderator] = await Promise.all([
    createUser(t.app),
    createUser(t.app),
    createUser(t.app, { is_admin: true }),
    createUser(t.app, { is_moderator: true }),
  ]);
});
afterAll(() => t?.close());

const getUser = (uid: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: `/api/users/${uid}`, headers });

describe('GET /api/users/:id', () => {
  it('returns your own profile', async () => {
    const res = await getUser(alice.uid, bearer(alice));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      user_id: alice.uid,
      username: alice.username,
      email: alice.email,
      is_admin: false,
      is_moderator: false,
      created_date: alice.row.created_date.toISOString(),
    });
  });

  it('shows the roles', async () => {
    expect((await getUser(admin.uid, bearer(admin))).json()).toMatchObject({ is_admin: true, is_moderator: false });
    expect((await getUser(moderator.uid, bearer(moderator))).json()).toMatchObject({ is_admin: false, is_moderator: true });
  });

  it('lets an admin read anyone, and says when the user does not exist', async () => {
    expect((await getUser(alice.uid, bearer(admin))).json()).toMatchObject({ user_id: alice.uid });
    const missing = await getUser('no-such-uid', bearer(admin));
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'User not found.' });
  });

  it('refuses someone else with 403, moderators included', async () => {
    for (const caller of [bob, moderator]) {
      const res = await getUser(alice.uid, bearer(caller));
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'You do not have permission to do this.' });
    }
  });

  it('answers 401 without a token', async () => {
    const res = await getUser(alice.uid);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Please sign in to continue.' });
  });

  it.each(['Bearer not-a-token', 'Bearer eyJhbGciOiJub25lIn0.e30.', 'Basic dXNlcjpwYXNz'])('answers 401 to a bad authorization header (%s)', async (authorization) => {
    const res = await getUser(alice.uid, { authorization });
    expect(res.statusCode).toBe(401);
    expect(Object.keys(res.json())).toEqual(['message']);
  });

  it('answers 401 to a valid token of an account without a profile', async () => {
    const identity = await createIdentity(t.app);
    const res = await getUser(identity.uid, bearer(identity));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'No profile exists for this account.' });
  });

  it('answers 401 once the tokens are revoked', async () => {
    const user = await createUser(t.app);
    expect((await getUser(user.uid, bearer(user))).statusCode).toBe(200);
    // Revocation has one-second resolution: a token minted in the revoking second would still pass.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await t.app.firebaseAuth.revokeRefreshTokens(user.uid);

    const res = await getUser(user.uid, bearer(user));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Your session has ended. Please sign in again.' });
  });

  it('answers 401 once the account is deleted', async () => {
    const user = await createUser(t.app);
    await t.app.firebaseAuth.deleteUser(user.uid);
    expect((await getUser(user.uid, bearer(user))).statusCode).toBe(401);
  });
});
