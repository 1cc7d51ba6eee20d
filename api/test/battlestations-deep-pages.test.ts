import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { createBattlestation, createUser } from './helpers/factories';

/**
 * Deep pages are read from the far end of the index (past the middle) and through an id-first subquery:
 * whatever the path, walking every page must give each public station once, in the same order as page 1
 * of a page size holding everything.
 */
describe('GET /api/battlestations: every page, from either end, in one consistent order', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    const owner = await createUser(t.app);
    const names = ['alpha', 'Alpha', 'beta', 'Gamma', 'gamma', 'delta', 'Epsilon', 'zeta', 'eta', 'theta'];
    for (let i = 0; i < 30; i += 1) {
      await createBattlestation(t.app, {
        owner,
        name: `${names[i % names.length]} desk`,
        // Ties on every sort key but the id.
        created_date: new Date(Date.UTC(2026, 0, 1 + (i % 4))),
      });
    }
    await createBattlestation(t.app, { owner, name: 'private one', is_public: false });
  });
  afterAll(() => t.close());

  const ids = async (query: string) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/battlestations?${query}` });
    expect(response.statusCode).toBe(200);
    const body = response.json() as { battlestations: { battlestation_id: number }[]; total: number };
    return { ids: body.battlestations.map((s) => s.battlestation_id), total: body.total };
  };

  for (const sortBy of ['name', 'favorites', 'created_date']) {
    for (const direction of ['asc', 'desc']) {
      it(`sortBy=${sortBy} direction=${direction}`, async () => {
        const all = await ids(`sortBy=${sortBy}&direction=${direction}&resultsPerPage=48`);
        expect(all.total).toBe(30);
        const walked: number[] = [];
        for (let page = 1; page <= 3; page += 1) {
          const result = await ids(`sortBy=${sortBy}&direction=${direction}&resultsPerPage=12&pageNumber=${page}`);
          expect(result.total).toBe(30);
          walked.push(...result.ids);
        }
        expect(walked).toEqual(all.ids);
        expect((await ids(`sortBy=${sortBy}&direction=${direction}&resultsPerPage=12&pageNumber=4`)).ids).toEqual([]);
      });
    }
  }
});
