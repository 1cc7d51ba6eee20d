import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { counterMismatches } from './helpers/counters';
import { bearer, createBattlestation, createUser, editStation, type TestUser } from './helpers/factories';
import { multipart } from './helpers/upload';

let t: TestApp;
let owner: TestUser;
let fan: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  [owner, fan] = await Promise.all([createUser(t.app), createUser(t.app)]);
});
afterAll(() => t?.close());
afterEach(async () => {
  expect(await counterMismatches(t.app)).toEqual([]);
});

const favorite = (id: number, user: TestUser | null, action: string) =>
  t.app.inject({ method: 'PUT', url: `/api/battlestations/favorites/${id}`, headers: user ? bearer(user) : {}, payload: { action } });

const detail = (id: number, user: TestUser) =>
  t.app.inject({ method: 'GET', url: `/api/battlestations/id/${id}`, headers: bearer(user) }).then((r) => r.json<{ favorites: number; is_favorited: number }>());

describe('PUT /api/battlestations/favorites/{id}', () => {
  it('adds and removes, idempotently, answering the count and the state', async () => {
    const station = await createBattlestation(t.app, { owner });
    const id = station.battlestation_id;
    const added = await favorite(id, fan, 'add');
    expect(added.statusCode).toBe(200);
    expect(added.json()).toEqual({ favorites: 1, is_favorited: 1 });
    expect(added.headers['cache-control']).toBe('private, no-store');
    expect((await favorite(id, fan, 'add')).json()).toEqual({ favorites: 1, is_favorited: 1 });
    expect(await detail(id, fan)).toMatchObject({ favorites: 1, is_favorited: 1 });
    expect((await favorite(id, fan, 'remove')).json()).toEqual({ favorites: 0, is_favorited: 0 });
    expect((await favorite(id, fan, 'remove')).json()).toEqual({ favorites: 0, is_favorited: 0 });
    expect(await detail(id, fan)).toMatchObject({ favorites: 0, is_favorited: 0 });
  });

  it('accepts the multipart body of SPEC §7', async () => {
    const station = await createBattlestation(t.app, { owner });
    const body = multipart({ action: 'add' });
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/battlestations/favorites/${station.battlestation_id}`,
      headers: { ...body.headers, ...bearer(fan) },
      payload: body.payload,
    });
    expect(res.json()).toEqual({ favorites: 1, is_favorited: 1 });
  });

  it('keeps the count exact under concurrent clicks', async () => {
    const station = await createBattlestation(t.app, { owner });
    const id = station.battlestation_id;
    const fans = await Promise.all(Array.from({ length: 8 }, () => createUser(t.app)));
    // Eight users at once, each clicking three times, plus one user racing add against remove.
    await Promise.all([...fans.flatMap((user) => [favorite(id, user, 'add'), favorite(id, user, 'add'), favorite(id, user, 'add')])]);
    expect((await detail(id, owner)).favorites).toBe(8);
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => favorite(id, fan, i % 2 ? 'remove' : 'add')));
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    const final = await detail(id, fan);
    expect(final.favorites).toBe(8 + final.is_favorited);
    await Promise.all(fans.map((user) => favorite(id, user, 'remove')));
    expect((await detail(id, owner)).favorites).toBe(final.is_favorited);
  });

  it('401 without a token; 404 for a station the caller may not see; the owner may favorite their private one', async () => {
    const open = await createBattlestation(t.app, { owner });
    const hidden = await createBattlestation(t.app, { owner, is_public: false });
    expect((await favorite(open.battlestation_id, null, 'add')).statusCode).toBe(401);
    expect((await favorite(hidden.battlestation_id, fan, 'add')).statusCode).toBe(404);
    expect((await favorite(2_000_000_000, fan, 'add')).statusCode).toBe(404);
    expect((await favorite(hidden.battlestation_id, owner, 'add')).json()).toEqual({ favorites: 1, is_favorited: 1 });
  });

  it('takes a favorite off a station that has become private: the answer is a 404, and the row and its count go', async () => {
    const station = await createBattlestation(t.app, { owner });
    const id = station.battlestation_id;
    expect((await favorite(id, fan, 'add')).json()).toEqual({ favorites: 1, is_favorited: 1 });
    expect((await editStation(t.app, owner, id, { is_public: 'false' })).statusCode).toBe(200);
    // Nothing about the station shows: adding is refused, and removing says the same.
    expect((await favorite(id, fan, 'add')).statusCode).toBe(404);
    expect((await favorite(id, fan, 'remove')).statusCode).toBe(404);
    expect((await editStation(t.app, owner, id, { is_public: 'true' })).statusCode).toBe(200);
    expect(await detail(id, fan)).toMatchObject({ favorites: 0, is_favorited: 0 });
  });

  it('answers 200 or 404, never a server error, to favorites racing the station being deleted', async () => {
    const stations = await Promise.all(Array.from({ length: 6 }, () => createBattlestation(t.app, { owner })));
    const answers = await Promise.all(
      stations.flatMap(({ battlestation_id: id }) => [
        favorite(id, fan, 'add'),
        t.app.inject({ method: 'DELETE', url: `/api/battlestations/id/${id}`, headers: bearer(owner) }),
        favorite(id, fan, 'add'),
      ]),
    );
    for (const res of answers) expect([200, 204, 404]).toContain(res.statusCode);
  });

  it('refuses an unknown action naming the allowed ones', async () => {
    const station = await createBattlestation(t.app, { owner });
    const res = await favorite(station.battlestation_id, fan, 'toggle');
    expect([res.statusCode, res.json()]).toEqual([400, { message: 'action must be one of: add, remove.' }]);
  });
});

describe('PUT /api/battlestations/favorites/{id} rate limit (decision 20)', () => {
  it('answers 429 past the configured number of clicks', async () => {
    const limited = await buildTestApp({ rateLimits: { ...t.config.rateLimits, favorite: { max: 2, timeWindowMs: 60_000 } } });
    try {
      const [author, clicker] = await Promise.all([createUser(limited.app), createUser(limited.app)]);
      const station = await createBattlestation(limited.app, { owner: author });
      const click = () =>
        limited.app.inject({ method: 'PUT', url: `/api/battlestations/favorites/${station.battlestation_id}`, headers: bearer(clicker), payload: { action: 'add' } });
      expect((await click()).statusCode).toBe(200);
      expect((await click()).statusCode).toBe(200);
      const refused = await click();
      expect([refused.statusCode, refused.json()]).toEqual([429, { message: 'Too many requests. Please try again later.' }]);
    } finally {
      await limited.close();
    }
  });
});
