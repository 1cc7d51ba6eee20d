import { sql } from 'drizzle-orm';
import { listPageWithKeptTotals, type PublicListSort } from '../src/repositories/battlestations-repository';
import { FENCE_BUCKET_SIZE, FENCE_SPLIT_ABOVE, splitLargePageFences } from '../src/repositories/page-fences-repository';
import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { fenceMismatches } from './helpers/counters';
import { createBattlestation, createUser, type TestUser } from './helpers/factories';
import { rows } from './helpers/sql-rows';

/**
 * Issue 18 (decision 023): a deep page of the unfiltered list starts at a fence post whose bucket count the
 * database keeps. Read from any post, every page must be the page the plain index walk gives, and every write
 * that adds, removes or moves a public station along a sort must leave each bucket's count exact (the favorites
 * column is written directly here: it is a sort key; the favorites themselves have their own tests).
 */
let t: TestApp;
let owner: TestUser;
const SORTS: PublicListSort[] = ['name', 'favorites', 'created_date'];

beforeAll(async () => {
  t = await buildTestApp();
  owner = await createUser(t.app);
  const names = ['alpha', 'Alpha', 'beta', 'Gamma', 'gamma', 'delta', 'Epsilon', 'zeta', 'eta', 'theta', 'iota'];
  for (let i = 0; i < 26; i += 1) {
    await createBattlestation(t.app, {
      owner,
      name: `${names[i % names.length]} desk`,
      // Ties on every sort key but the id.
      created_date: new Date(Date.UTC(2026, 0, 1 + (i % 5))),
      is_public: i % 7 !== 3,
      parts: 0,
      images: 0,
    });
  }
  // Favorites spread unevenly, so the favorites sort differs from the others.
  await t.app.db.execute(sql`UPDATE battlestations SET favorites = battlestation_id % 4`);
});
afterAll(() => t?.close());

const fenceCount = async (sort: PublicListSort) => (await rows<{ n: number }>(t.app.db, sql`SELECT count(*)::int AS n FROM station_page_fences WHERE sort = ${sort}`))[0].n;

/** Every page of every sort and direction, read from its fence post, against the same page read from the front. */
async function expectEveryPageAsFromTheFront(limit: number) {
  const [{ total }] = await rows<{ total: number }>(t.app.db, sql`SELECT count(*)::int AS total FROM battlestations WHERE is_public`);
  for (const sortBy of SORTS) {
    for (const direction of ['asc', 'desc'] as const) {
      for (let offset = 0; offset < total; offset += 1) {
        const query = { sortBy, direction, offset, limit };
        const [front, fenced] = [await listPageWithKeptTotals(t.app.db, query, 'front'), await listPageWithKeptTotals(t.app.db, query, 'fence')];
        expect({ sortBy, direction, offset, ids: fenced?.rows.map((row) => row.battlestation_id), total: fenced?.total }).toEqual({
          sortBy,
          direction,
          offset,
          ids: front?.rows.map((row) => row.battlestation_id),
          total,
        });
      }
      expect(await listPageWithKeptTotals(t.app.db, { sortBy, direction, offset: total, limit }, 'fence')).toBeUndefined();
    }
  }
}

it('starts with one exact bucket per sort, and splits large buckets into exact ones', async () => {
  expect(await fenceMismatches(t.app)).toEqual([]);
  for (const sort of SORTS) {
    expect(await fenceCount(sort)).toBe(1);
    expect(await splitLargePageFences(t.app.db, sort, 3, 3)).toBe(true);
    expect(await fenceCount(sort)).toBeGreaterThanOrEqual(7);
  }
  expect(await fenceMismatches(t.app)).toEqual([]);
  const [largest] = await rows<{ n: number }>(t.app.db, sql`SELECT max(stations)::int AS n FROM station_page_fences`);
  expect(largest.n).toBe(3);
  // The check itself notices a count one off.
  await t.app.db.execute(sql`UPDATE station_page_fences SET stations = stations + 1 WHERE fence_id = (SELECT max(fence_id) FROM station_page_fences)`);
  expect(await fenceMismatches(t.app)).toHaveLength(1);
  await t.app.db.execute(sql`UPDATE station_page_fences SET stations = stations - 1 WHERE fence_id = (SELECT max(fence_id) FROM station_page_fences)`);
  expect(await fenceMismatches(t.app)).toEqual([]);
});

it('reads every page from its fence post as the index walk from the front does', async () => {
  await expectEveryPageAsFromTheFront(4);
  await expectEveryPageAsFromTheFront(7);
});

it('keeps every bucket exact through creates, renames, favorites, visibility changes and deletes', async () => {
  const changes: [string, () => Promise<unknown>][] = [
    ['create public and private', () => Promise.all([createBattlestation(t.app, { owner, name: 'beta desk', parts: 0, images: 0 }), createBattlestation(t.app, { owner, is_public: false, parts: 0, images: 0 })])],
    ['rename across posts', () => t.app.db.execute(sql`UPDATE battlestations SET name = 'zzz ' || name WHERE battlestation_id IN (SELECT min(battlestation_id) FROM battlestations WHERE is_public)`)],
    ['favorites move stations along their sort', () => t.app.db.execute(sql`UPDATE battlestations SET favorites = favorites + 5 WHERE battlestation_id % 3 = 0`)],
    ['a visibility change each way', () => t.app.db.execute(sql`UPDATE battlestations SET is_public = NOT is_public WHERE battlestation_id % 5 = 1`)],
    ['an edit that moves nothing', () => t.app.db.execute(sql`UPDATE battlestations SET description = 'edited'`)],
    ['deletes', () => t.app.db.execute(sql`DELETE FROM battlestations WHERE battlestation_id % 6 = 2`)],
  ];
  for (const [change, apply] of changes) {
    await apply();
    expect({ change, mismatches: await fenceMismatches(t.app) }).toEqual({ change, mismatches: [] });
  }
  await expectEveryPageAsFromTheFront(5);
});

it('answers deep pages through the API from fence posts, splitting a bucket that grew too large', async () => {
  // 4,100 newer public stations in one statement: the trigger adds them all to the date sort's last bucket.
  await t.app.db.execute(sql`INSERT INTO battlestations (user_id, name, is_public, created_date)
    SELECT ${owner.uid}, 'bulk ' || lpad(n::text, 5, '0'), true, timestamptz '2026-02-01' + n * interval '1 minute' FROM generate_series(1, 4100) AS n`);
  expect(await fenceMismatches(t.app)).toEqual([]);
  const [grown] = await rows<{ n: number }>(t.app.db, sql`SELECT max(stations)::int AS n FROM station_page_fences WHERE sort = 'created_date'`);
  expect(grown.n).toBeGreaterThan(FENCE_SPLIT_ABOVE);
  const fencesBefore = await fenceCount('created_date');
  const expected = await rows<{ id: number }>(
    t.app.db,
    sql`SELECT battlestation_id AS id FROM battlestations WHERE is_public ORDER BY created_date DESC, battlestation_id DESC LIMIT 12 OFFSET 1224`,
  );
  const response = await t.app.inject({ method: 'GET', url: '/api/battlestations?sortBy=created_date&direction=desc&resultsPerPage=12&pageNumber=103' });
  expect(response.statusCode).toBe(200);
  expect(response.json<{ battlestations: { battlestation_id: number }[] }>().battlestations.map((s) => s.battlestation_id)).toEqual(expected.map((row) => row.id));
  // The bucket that page was read from held over FENCE_SPLIT_ABOVE: the request split it, exactly.
  expect(await fenceCount('created_date')).toBeGreaterThan(fencesBefore);
  const [largest] = await rows<{ n: number }>(t.app.db, sql`SELECT max(stations)::int AS n FROM station_page_fences WHERE sort = 'created_date'`);
  expect(largest.n).toBeLessThanOrEqual(FENCE_BUCKET_SIZE);
  expect(await fenceMismatches(t.app)).toEqual([]);
});
