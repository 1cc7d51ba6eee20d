import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { counterMismatches } from './helpers/counters';
import { bearer, createBattlestation, createPart, createUser, type TestUser } from './helpers/factories';
import { multipart, photo, testJpeg } from './helpers/upload';

/**
 * Writers that share parts at the same moment. On a PostgreSQL server (the "api (postgres)" project) each
 * request runs on its own connection: a part row share-locked by one transaction and then locked for its
 * counter by two at once used to deadlock, and one of the writers got a 500.
 */
let t: TestApp;
let owner: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await createUser(t.app);
});
afterAll(() => t?.close());
afterEach(async () => {
  expect(await counterMismatches(t.app)).toEqual([]);
});

const WRITERS = 8;

describe('concurrent battlestation writes sharing parts', () => {
  it('creates every station when several are saved at once with the same parts', async () => {
    const parts = await Promise.all([createPart(t.app), createPart(t.app)]);
    const jpeg = await testJpeg(1);
    const answers = await Promise.all(
      Array.from({ length: WRITERS }, (_, i) => {
        // Both orders, so two writers never take the same parts in the same order by luck.
        const ids = parts.map((p) => p.part_id);
        const body = multipart({ name: `Together ${i}`, added_parts: i % 2 ? ids : [...ids].reverse() }, [photo(jpeg, `p${i}.jpg`)]);
        return t.app.inject({ method: 'POST', url: '/api/battlestations/', headers: { ...body.headers, ...bearer(owner) }, payload: body.payload });
      }),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(WRITERS).fill(201));
  });

  it('updates every station when several add and drop the same parts at once', async () => {
    const [shared, other] = await Promise.all([createPart(t.app), createPart(t.app)]);
    const stations = [];
    for (let i = 0; i < WRITERS; i++) stations.push(await createBattlestation(t.app, { owner, parts: [other] }));
    const answers = await Promise.all(
      stations.map((station, i) => {
        const fields = i % 2 ? { added_parts: [shared.part_id] } : { added_parts: [shared.part_id], is_public: false };
        const body = multipart(fields);
        return t.app.inject({
          method: 'PUT',
          url: `/api/battlestations/id/${station.battlestation_id}`,
          headers: { ...body.headers, ...bearer(owner) },
          payload: body.payload,
        });
      }),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(WRITERS).fill(200));
  });
});
