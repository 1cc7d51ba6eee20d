import { type SQL, sql } from 'drizzle-orm';
import { splitLargePageFences } from '../../src/repositories/page-fences-repository';
import { buildTestApp, type TestApp } from '../helpers/build-test-app';
import { counterMismatches, fenceMismatches } from '../helpers/counters';
import { holdTransaction } from '../helpers/held-transaction';
import { createBattlestation, createPart, createPartType, createUser, type TestUser } from '../helpers/factories';
import { rows } from '../helpers/sql-rows';

/**
 * Kept counters are written in their key order (migration 0029, decision 013): a write that waits for one
 * counter row another save holds has locked every row it needs below that one and none above it. Two saves
 * that need the same rows then never hold one each while waiting for the other's. The page fences' trigger
 * used to lock in join order, and two edits under the mixed trace deadlocked (one answered 500).
 */
let t: TestApp;
let owner: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await createUser(t.app);
});
afterAll(() => t?.close());

async function untilAWriteWaits(): Promise<void> {
  for (let tries = 0; tries < 200; tries++) {
    const [waiting] = await rows(t.app.db, sql`SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`);
    if (waiting) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('The write never waited for the held row');
}

/**
 * Runs `write` while another transaction holds the counter row `held` of `table`, and answers which of
 * `touched` (the rows the write changes) it has locked by the time it waits: those sorted before `held` in
 * key order, if it locks in key order.
 */
async function lockedBeforeWaiting<K extends string | number>(
  table: string,
  key: string,
  touched: K[],
  held: K,
  write: SQL,
): Promise<{ locked: K[]; below: K[] }> {
  const [tableId, keyId] = [sql.identifier(table), sql.identifier(key)];
  const others = touched.filter((k) => k !== held);
  // Sorted by the database, in the collation the triggers sort by.
  const below = others.length === 0 ? [] : (await rows<{ k: K }>(t.app.db, sql`SELECT ${keyId} AS k FROM ${tableId} WHERE ${keyId} IN ${others} AND ${keyId} < ${held}`)).map((r) => r.k);
  const release = await holdTransaction(t.app.db, async (tx) => {
    await tx.execute(sql`SELECT 1 FROM ${tableId} WHERE ${keyId} = ${held} FOR UPDATE`);
  });
  // then() starts it: drizzle runs a query when it is awaited.
  const writing = t.app.db.execute(write).then(() => undefined);
  try {
    await untilAWriteWaits();
    const free = (await rows<{ k: K }>(t.app.db, sql`SELECT ${keyId} AS k FROM ${tableId} WHERE ${keyId} IN ${others} FOR UPDATE SKIP LOCKED`)).map((r) => r.k);
    return { locked: others.filter((k) => !free.includes(k)).sort(), below: below.sort() };
  } finally {
    await release();
    await writing;
  }
}

it('page fences: stations renamed across many buckets lock the buckets in order', async () => {
  const stations = [];
  for (let i = 0; i < 14; i++) stations.push(await createBattlestation(t.app, { owner, name: `Fence ${String.fromCharCode(97 + i)} desk`, parts: 0, images: 0 }));
  expect(await splitLargePageFences(t.app.db, 'name', 2, 2)).toBe(true);
  const ids = stations.map((s) => s.battlestation_id);
  const fenceOf = (names: SQL) =>
    rows<{ fence_id: number }>(t.app.db, sql`SELECT DISTINCT p.fence_id FROM battlestations b, page_fences_of(${names}, b.favorites, b.created_date, b.battlestation_id) p
      JOIN station_page_fences f USING (fence_id) WHERE b.battlestation_id IN ${ids} AND f.sort = 'name'`);
  const before = (await fenceOf(sql`b.name_key`)).map((r) => r.fence_id);
  const after = (await fenceOf(sql`'zz ' || b.name_key`)).map((r) => r.fence_id);
  expect(before.length).toBeGreaterThanOrEqual(5);
  // Every station moves to the last bucket; the bucket with the highest id is held by another save.
  const touched = [...new Set([...before, ...after])];
  const held = Math.max(...touched);
  const { locked, below } = await lockedBeforeWaiting('station_page_fences', 'fence_id', touched, held, sql`UPDATE battlestations SET name = 'zz ' || name WHERE battlestation_id IN ${ids}`);
  expect(locked).toEqual(below);
  expect(await fenceMismatches(t.app)).toEqual([]);
});

it('search words: stations deleted together lock their words in order', async () => {
  const stations = [];
  for (const name of ['Quokka tapir yak', 'Tapir ibex newt', 'Yak quokka ibex', 'Zebu ibex okapi', 'Dingo vole', 'Lemur bongo kudu', 'Gecko wombat']) {
    stations.push(await createBattlestation(t.app, { owner, name, parts: 0, images: 0 }));
  }
  const ids = stations.map((s) => s.battlestation_id);
  const words = (await rows<{ word: string }>(t.app.db, sql`SELECT DISTINCT unnest(search_tokens) AS word FROM battlestations WHERE battlestation_id IN ${ids} ORDER BY 1`)).map((r) => r.word);
  // A word in the middle: the delete must have locked every word before it and none after.
  const held = words[Math.floor(words.length / 2)];
  const { locked, below } = await lockedBeforeWaiting('search_words', 'word', words, held, sql`DELETE FROM battlestations WHERE battlestation_id IN ${ids}`);
  expect(below.length).toBeGreaterThanOrEqual(5);
  expect(locked).toEqual(below);
  expect(await counterMismatches(t.app)).toEqual([]);
});

it('part categories: parts moved to a category with a lower id lock it before their old one', async () => {
  const [first, second] = [await createPartType(t.app), await createPartType(t.app)];
  await createPart(t.app, { type: first }); // so that `first` has a row to hold
  const parts = [await createPart(t.app, { type: second }), await createPart(t.app, { type: second })];
  // The move takes a row from `second` and adds it to `first`: waiting for `first`, it must hold nothing yet.
  const { locked, below } = await lockedBeforeWaiting(
    'part_type_counts',
    'type_id',
    [first.type_id, second.type_id],
    first.type_id,
    sql`UPDATE parts SET type_id = ${first.type_id} WHERE part_id IN ${parts.map((p) => p.part_id)}`,
  );
  expect(below).toEqual([]);
  expect(locked).toEqual([]);
  expect(await counterMismatches(t.app)).toEqual([]);
});
