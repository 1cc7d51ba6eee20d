import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { bearer, createBattlestation, createUser, type TestUser } from './helpers/factories';

let t: TestApp;
let admin: TestUser;
let otherAdmin: TestUser;
let alice: TestUser;
let bob: TestUser;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await buildTestApp();
  [admin, otherAdmin, alice, bob] = await Promise.all([
    createUser(t.app, { is_admin: true, username: `root_admin_${Date.now().toString(36)}`, created_date: new Date(Date.now() - 30 * DAY) }),
    createUser(t.app, { is_admin: true, created_date: new Date(Date.now() - 20 * DAY) }),
    createUser(t.app, { username: `alice_wonder_${Date.now().toString(36)}`, created_date: new Date(Date.now() - 10 * DAY) }),
    createUser(t.app, { username: `bob_builder_${Date.now().toString(36)}`, created_date: new Date(Date.now() - 5 * DAY) }),
  ]);
  await createBattlestation(t.app, { owner: alice });
  await createBattlestation(t.app, { owner: alice, is_public: false });
  await createBattlestation(t.app, { owner: bob });
});
afterAll(() => t?.close());

type UsersPage = { users: { user_id: string; username: string; email: string; is_admin: boolean; is_moderator: boolean; battlestation_count: number; created_date: string }[]; total: number };
const list = async (query = '', caller: TestUser = admin) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/admin/users${query}`, headers: bearer(caller) });
  expect(res.statusCode).toBe(200);
  return res.json<UsersPage>();
};
const setRoles = (uid: string, body: unknown, caller: TestUser = admin) =>
  t.app.inject({ method: 'PUT', url: `/api/admin/users/${uid}/roles`, headers: bearer(caller), payload: body as object });

describe('GET /api/admin/users', () => {
  it('lists users newest first with e-mail, roles, joined date and every station counted (private too)', async () => {
    const page = await list();
    expect(page.total).toBe(4);
    expect(page.users.map((u) => u.user_id)).toEqual([bob.uid, alice.uid, otherAdmin.uid, admin.uid]);
    expect(page.users[1]).toEqual({
      user_id: alice.uid,
      username: alice.username,
      email: alice.email,
      is_admin: false,
      is_moderator: false,
      created_date: alice.row.created_date.toISOString(),
      battlestation_count: 2,
    });
  });

  it('sorts by username and by battlestation count', async () => {
    const byName = await list('?sortBy=username&direction=asc');
    expect(byName.users.map((u) => u.username)).toEqual([...byName.users.map((u) => u.username)].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    const byCount = await list('?sortBy=battlestation_count&direction=desc');
    expect(byCount.users.slice(0, 2).map((u) => [u.user_id, u.battlestation_count])).toEqual([
      [alice.uid, 2],
      [bob.uid, 1],
    ]);
  });

  it('searches usernames and e-mails, tolerating a typo', async () => {
    expect((await list('?searchTerm=wonder')).users.map((u) => u.user_id)).toEqual([alice.uid]);
    expect((await list(`?searchTerm=${encodeURIComponent(bob.email.toUpperCase())}`)).users.map((u) => u.user_id)).toEqual([bob.uid]);
    expect((await list('?searchTerm=buildr')).users.map((u) => u.user_id)).toEqual([bob.uid]);
    expect(await list('?searchTerm=nobody-like-this')).toEqual({ users: [], total: 0 });
  });

  it('pages 10, 20 or 50 at a time', async () => {
    expect((await list('?resultsPerPage=10&pageNumber=2')).users).toEqual([]);
    const bad = await t.app.inject({ method: 'GET', url: '/api/admin/users?resultsPerPage=12', headers: bearer(admin) });
    expect(bad.json()).toEqual({ message: 'resultsPerPage must be one of: 10, 20, 50.' });
  });
});

describe('PUT /api/admin/users/:uid/roles', () => {
  it('promotes a user to moderator, effective on their very next request, and revokes it', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/battlestations', headers: bearer(bob) })).statusCode).toBe(403);
    const res = await setRoles(bob.uid, { is_moderator: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ user_id: bob.uid, is_admin: false, is_moderator: true, battlestation_count: 1 });
    // The same ID token: roles are read from the profile on every request.
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/battlestations', headers: bearer(bob) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/users', headers: bearer(bob) })).statusCode).toBe(403);

    expect((await setRoles(bob.uid, { is_moderator: false })).json()).toMatchObject({ is_moderator: false });
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/battlestations', headers: bearer(bob) })).statusCode).toBe(403);
  });

  it('grants and revokes admin for someone else', async () => {
    expect((await setRoles(alice.uid, { is_admin: 'true' })).json()).toMatchObject({ is_admin: true });
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/users', headers: bearer(alice) })).statusCode).toBe(200);
    expect((await setRoles(alice.uid, { is_admin: false }, otherAdmin)).json()).toMatchObject({ is_admin: false });
  });

  it('never lets an admin remove their own admin role', async () => {
    const res = await setRoles(admin.uid, { is_admin: false });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'You cannot remove your own administrator role.' });
    expect((await list()).users.find((u) => u.user_id === admin.uid)).toMatchObject({ is_admin: true });
    // Other changes to oneself are fine.
    expect((await setRoles(admin.uid, { is_moderator: true })).statusCode).toBe(200);
  });

  it('lets one of two admins taking each other\'s role at once win: the other is no longer an admin and is refused', async () => {
    const [first, second] = await Promise.all([createUser(t.app, { is_admin: true }), createUser(t.app, { is_admin: true })]);
    const answers = await Promise.all([setRoles(second.uid, { is_admin: false }, first), setRoles(first.uid, { is_admin: false }, second)]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 403]);
    const roles = (await list()).users.filter((u) => u.user_id === first.uid || u.user_id === second.uid).map((u) => u.is_admin);
    expect(roles.sort()).toEqual([false, true]);
  });

  it('answers 404 for an unknown user and 400 for nothing to change', async () => {
    const missing = await setRoles('no-such-user', { is_moderator: true });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'User not found.' });
    const empty = await setRoles(bob.uid, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ message: 'Nothing to change.' });
    const wrong = await setRoles(bob.uid, { is_moderator: 'sure' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: 'Must be true or false.' });
  });
});
