import { eq } from 'drizzle-orm';
import { battlestations } from '../src/db/schema';
import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { bearer, createBattlestation, createUser, type TestUser } from './helpers/factories';

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

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
const get = (path: string, user?: TestUser) => t.app.inject({ method: 'GET', url: path, headers: user ? bearer(user) : {} });
const ids = (body: { battlestation_id: number }[]) => body.map((s) => s.battlestation_id);

describe('GET /api/users/:id/battlestations', () => {
  it("lists the user's own stations, private ones included, newest first, as cards", async () => {
    const user = await createUser(t.app);
    const older = await createBattlestation(t.app, { owner: user, created_date: daysAgo(3), images: 2, parts: 3, favoritedBy: [bob] });
    const hidden = await createBattlestation(t.app, { owner: user, created_date: daysAgo(1), is_public: false });
    await createBattlestation(t.app, { owner: bob });

    const res = await get(`/api/users/${user.uid}/battlestations`, user);

    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const body = res.json();
    expect(ids(body)).toEqual([hidden.battlestation_id, older.battlestation_id]);
    expect(body[0]).toMatchObject({ is_public: 0, username: user.username });
    expect(body[1]).toEqual({
      battlestation_id: older.battlestation_id,
      name: older.name,
      username: user.username,
      created_date: older.created_date.toISOString(),
      image_count: 2,
      part_count: 3,
      thumbnail: older.thumbnail,
      thumbnail_size: { width: 1600, height: 1000, widths: [] },
      favorites: 1,
      is_public: 1,
    });
  });

  it('answers an empty list for a user without stations', async () => {
    const res = await get(`/api/users/${alice.uid}/battlestations`, alice);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it("lets an admin read anyone's list, and says when the user does not exist", async () => {
    const station = await createBattlestation(t.app, { owner: bob, is_public: false });
    const res = await get(`/api/users/${bob.uid}/battlestations`, admin);
    expect(res.statusCode).toBe(200);
    expect(ids(res.json())).toContain(station.battlestation_id);

    const missing = await get('/api/users/no-such-user/battlestations', admin);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'User not found.' });
  });

  it('refuses other users (moderators included) with 403 and visitors with 401', async () => {
    for (const caller of [alice, moderator]) {
      const res = await get(`/api/users/${bob.uid}/battlestations`, caller);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'You do not have permission to do this.' });
    }
    const anonymous = await get(`/api/users/${bob.uid}/battlestations`);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: 'Please sign in to continue.' });
  });
});

describe('GET /api/users/:id/favorites', () => {
  it('lists favorited stations the user may still see, most recently favorited first', async () => {
    const fan = await createUser(t.app);
    const first = await createBattlestation(t.app, { owner: bob, favoritedBy: [fan] });
    const ownPrivate = await createBattlestation(t.app, { owner: fan, is_public: false, favoritedBy: [fan] });
    const madePrivate = await createBattlestation(t.app, { owner: bob, favoritedBy: [fan] });
    await t.app.db.update(battlestations).set({ is_public: false }).where(eq(battlestations.battlestation_id, madePrivate.battlestation_id));
    const latest = await createBattlestation(t.app, { owner: alice, favoritedBy: [fan, bob] });
    await createBattlestation(t.app, { owner: alice, favoritedBy: [bob] });

    const res = await get(`/api/users/${fan.uid}/favorites`, fan);

    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const body = res.json();
    // Someone else's station that turned private is left out (decision 7); the user's own private one stays.
    expect(ids(body)).toEqual([latest.battlestation_id, ownPrivate.battlestation_id, first.battlestation_id]);
    expect(body[0]).toMatchObject({ username: alice.username, favorites: 2, is_public: 1, part_count: 1, image_count: 1 });
    expect(body[1]).toMatchObject({ username: fan.username, is_public: 0 });
  });

  it('answers an empty list, and applies the same self-or-admin rule', async () => {
    const loner = await createUser(t.app);
    expect((await get(`/api/users/${loner.uid}/favorites`, loner)).json()).toEqual([]);
    expect((await get(`/api/users/${loner.uid}/favorites`, admin)).statusCode).toBe(200);
    expect((await get(`/api/users/${loner.uid}/favorites`, bob)).statusCode).toBe(403);
    expect((await get(`/api/users/${loner.uid}/favorites`, moderator)).statusCode).toBe(403);
    expect((await get(`/api/users/${loner.uid}/favorites`)).statusCode).toBe(401);
    expect((await get('/api/users/no-such-user/favorites', admin)).statusCode).toBe(404);
  });
});
