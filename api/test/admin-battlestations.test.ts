import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { bearer, createBattlestation, createPart, createUser, type TestUser } from './helpers/factories';

let t: TestApp;
let moderator: TestUser;
let owner: TestUser;
let ids: Record<string, number>;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await buildTestApp();
  [moderator, owner] = await Promise.all([createUser(t.app, { is_moderator: true }), createUser(t.app, { username: `desk_owner_${Date.now().toString(36)}` })]);
  const fans = await Promise.all([createUser(t.app), createUser(t.app)]);
  const monitor = await createPart(t.app, { name: 'Dell UltraSharp U2723QE' });
  const stations = [
    await createBattlestation(t.app, { owner, name: 'Zen Garden', created_date: new Date(Date.now() - 3 * DAY), favoritedBy: fans }),
    await createBattlestation(t.app, { owner, name: 'secret lair', is_public: false, created_date: new Date(Date.now() - 2 * DAY), parts: [monitor] }),
    await createBattlestation(t.app, { owner, name: 'Aurora', created_date: new Date(Date.now() - 1 * DAY), favoritedBy: fans.slice(0, 1), description: 'A walnut desk by the window' }),
  ];
  ids = Object.fromEntries(stations.map((s) => [s.name, s.battlestation_id]));
});
afterAll(() => t?.close());

const list = async (query = '') => {
  const res = await t.app.inject({ method: 'GET', url: `/api/admin/battlestations${query}`, headers: bearer(moderator) });
  expect(res.statusCode).toBe(200);
  return res.json<{ battlestations: { battlestation_id: number; name: string; is_public: number }[]; total: number }>();
};
const names = async (query = '') => (await list(query)).battlestations.map((s) => s.name);

describe('GET /api/admin/battlestations', () => {
  it('lists every station, private ones included, newest first by default', async () => {
    const page = await list();
    expect(page.total).toBe(3);
    expect(page.battlestations.map((s) => s.name)).toEqual(['Aurora', 'secret lair', 'Zen Garden']);
    expect(page.battlestations[1]).toMatchObject({ battlestation_id: ids['secret lair'], is_public: 0, username: owner.username, part_count: 1 });
  });

  it('sorts by name ignoring case and by favorites', async () => {
    expect(await names('?sortBy=name&direction=asc')).toEqual(['Aurora', 'secret lair', 'Zen Garden']);
    expect(await names('?sortBy=favorites&direction=desc')).toEqual(['Zen Garden', 'Aurora', 'secret lair']);
  });

  it('searches like the public list: name, username, part names, description, with typos', async () => {
    expect(await names('?searchTerm=LAIR')).toEqual(['secret lair']);
    expect(await names('?searchTerm=ultrasharp')).toEqual(['secret lair']);
    expect(await names('?searchTerm=wallnut')).toEqual(['Aurora']);
    expect((await list(`?searchTerm=${owner.username}`)).total).toBe(3);
  });

  it('pages', async () => {
    const page = await list('?resultsPerPage=10&pageNumber=2');
    expect(page).toEqual({ battlestations: [], total: 3 });
  });
});
