import { sql } from 'drizzle-orm';
import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { counterMismatches } from './helpers/counters';
import { bearer, createBattlestation, createUser, type TestUser } from './helpers/factories';
import { rows } from './helpers/sql-rows';
import { multipart } from './helpers/upload';

/**
 * Issue 18 (decision 013): the list's unfiltered total is the one the database keeps in `station_counts`;
 * every way a station appears, changes visibility or goes away keeps it equal to a count.
 */
let t: TestApp;
let owner: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await createUser(t.app);
});
afterAll(() => t?.close());

const kept = async () => (await rows<{ n: number }>(t.app.db, sql`SELECT public_stations AS n FROM station_counts`))[0]?.n;
const counted = async () => (await rows<{ n: number }>(t.app.db, sql`SELECT count(*)::int AS n FROM battlestations WHERE is_public`))[0].n;
const listTotal = async () => (await t.app.inject({ method: 'GET', url: '/api/battlestations?resultsPerPage=12&pageNumber=2' })).json<{ total: number }>().total;

it('follows creates, visibility changes, deletes and an account deletion, and is what the list answers', async () => {
  const before = await counted();
  expect(await kept()).toBe(before);
  const stations = await Promise.all([1, 2, 3].map(() => createBattlestation(t.app, { owner })));
  await createBattlestation(t.app, { owner, is_public: false });
  expect(await kept()).toBe(before + 3);

  const fields = multipart({ is_public: 'false' }, []);
  const hide = await t.app.inject({ method: 'PUT', url: `/api/battlestations/id/${stations[0].battlestation_id}`, headers: { ...fields.headers, ...bearer(owner) }, payload: fields.payload });
  expect(hide.statusCode).toBe(200);
  expect(await kept()).toBe(before + 2);
  // A favorite updates the station's row without changing the total.
  const fan = await createUser(t.app);
  const liked = await t.app.inject({ method: 'PUT', url: `/api/battlestations/favorites/${stations[1].battlestation_id}`, headers: bearer(fan), payload: { action: 'add' } });
  expect(liked.statusCode).toBe(200);
  expect(await kept()).toBe(before + 2);

  const removed = await t.app.inject({ method: 'DELETE', url: `/api/battlestations/id/${stations[1].battlestation_id}`, headers: bearer(owner) });
  expect(removed.statusCode).toBeLessThan(300);
  expect(await kept()).toBe(before + 1);

  // Deleting the account deletes its stations by cascade.
  const gone = await t.app.inject({ method: 'DELETE', url: `/api/users/${owner.uid}`, headers: bearer(owner) });
  expect(gone.statusCode).toBeLessThan(300);
  expect(await kept()).toBe(before);
  expect(await listTotal()).toBe(before);
  expect(await counterMismatches(t.app)).toEqual([]);
});

it('is zero after the table is emptied, and counts rows inserted many at a time', async () => {
  await t.app.db.execute(sql`TRUNCATE battlestations CASCADE`);
  expect(await kept()).toBe(0);
  const someone = await createUser(t.app);
  await t.app.db.execute(sql`INSERT INTO battlestations (user_id, name, description, is_public)
    SELECT ${someone.uid}, 'Bulk ' || n, '', n % 3 <> 0 FROM generate_series(1, 30) AS n`);
  expect(await kept()).toBe(20);
  expect(await counted()).toBe(20);
});
