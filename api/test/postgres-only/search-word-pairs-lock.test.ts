import { sql } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../helpers/build-test-app';
import { addUncountedRow, countWordSet, settleWordSetCount, type WordSetCount } from '../../src/repositories/search-word-pairs-repository';
import { counterMismatches } from '../helpers/counters';
import { holdTransaction } from '../helpers/held-transaction';
import { createBattlestation, createUser, editStation, type TestUser } from '../helpers/factories';
import { rows } from '../helpers/sql-rows';

/**
 * A pair's first count (keepWordSetCount) adds its row under the pairs' advisory lock, which the saves that change
 * a public station's words hold shared (decision 015): it waits at most 200 ms for a save that came first, then
 * the search counts its matches as before. The count itself holds no lock since 2026-12-07: saves go through
 * meanwhile, and the row ends exact.
 */
let t: TestApp;
let owner: TestUser;

beforeAll(async () => {
  t = await buildTestApp({ largeSearchRows: 0 });
  owner = await createUser(t.app);
});
afterAll(() => t?.close());

const total = async (words: string) => (await t.app.inject({ method: 'GET', url: `/api/battlestations?searchTerm=${encodeURIComponent(words)}` })).json<{ total: number }>().total;
/** A pair's row: its value, and whether it is a total yet. */
const kept = (a: string, b: string) =>
  rows<{ public_stations: number; counted: boolean }>(t.app.db, sql`SELECT public_stations, counted FROM search_word_pairs WHERE word_a = ${a} AND word_b = ${b}`);
const edit = (id: number, fields: Record<string, string>) => editStation(t.app, owner, id, fields);

it('counts as before while a save that came first holds the lock, and keeps the pair once the save is in', async () => {
  await createBattlestation(t.app, { owner, name: 'Lynx Marmot desk' });
  const other = await createBattlestation(t.app, { owner, name: 'Lynx alone' });
  // A save in progress: its station's words changed, its trigger past the lock, not yet committed.
  const release = await holdTransaction(t.app.db, async (tx) => {
    await tx.execute(sql`UPDATE battlestations SET search_text = search_text || ' marmot' WHERE battlestation_id = ${other.battlestation_id}`);
  });
  try {
    const started = Date.now();
    expect(await total('lynx marmot')).toBe(1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(200);
    expect(await kept('lynx', 'marmot')).toEqual([]);
  } finally {
    await release();
  }
  expect(await total('lynx marmot')).toBe(2);
  expect(await kept('lynx', 'marmot')).toEqual([{ public_stations: 2, counted: true }]);
  expect(await counterMismatches(t.app)).toEqual([]);
});

it("never makes a save wait for a first count: a save committed before the count's moment is in the count, one after is added to the row, each once", async () => {
  const station = await createBattlestation(t.app, { owner, name: 'Ibex corner' });
  await createBattlestation(t.app, { owner, name: 'Ibex Tapir desk' });
  const words = ['ibex', 'tapir'];
  await addUncountedRow(t.app.db, words);
  expect(await kept('ibex', 'tapir')).toEqual([{ public_stations: 0, counted: false }]);
  // A save after the row: it adds its change to it, and the count will see it too.
  await createBattlestation(t.app, { owner, name: 'Ibex Tapir nook' });
  let count: WordSetCount | undefined;
  // The count's transaction held open: it holds nothing a save waits for (before, it held the pairs' lock).
  const release = await holdTransaction(t.app.db, async (tx) => {
    count = await countWordSet(tx, words);
  });
  try {
    expect(count).toEqual({ matches: 2, kept: 1, counted: false });
    const started = Date.now();
    expect((await edit(station.battlestation_id, { name: 'Ibex Tapir corner' })).statusCode).toBe(200);
    expect(Date.now() - started).toBeLessThan(1000);
  } finally {
    await release();
  }
  // Not counted yet: the two saves since the row, and no total, so a search counts its matches as before.
  expect(await kept('ibex', 'tapir')).toEqual([{ public_stations: 2, counted: false }]);
  await settleWordSetCount(t.app.db, words, count!);
  expect(await kept('ibex', 'tapir')).toEqual([{ public_stations: 3, counted: true }]);
  // A second count of the same moment (another search's) adds nothing.
  await settleWordSetCount(t.app.db, words, count!);
  expect(await kept('ibex', 'tapir')).toEqual([{ public_stations: 3, counted: true }]);
  expect(await total('ibex tapir')).toBe(3);
  expect(await counterMismatches(t.app)).toEqual([]);
});

it('counts a row left uncounted (a count that failed) when a search next asks, with the changes made since', async () => {
  await createBattlestation(t.app, { owner, name: 'Okapi Quail desk' });
  await addUncountedRow(t.app.db, ['okapi', 'quail']);
  await createBattlestation(t.app, { owner, name: 'Okapi Quail den' });
  expect(await total('okapi quail')).toBe(2);
  expect(await kept('okapi', 'quail')).toEqual([{ public_stations: 2, counted: true }]);
  expect(await counterMismatches(t.app)).toEqual([]);
});

it("adds a count to the row as a save that held the row meanwhile left it: the save's change kept once", async () => {
  await createBattlestation(t.app, { owner, name: 'Gecko Heron desk' });
  const other = await createBattlestation(t.app, { owner, name: 'Gecko alone' });
  const words = ['gecko', 'heron'];
  await addUncountedRow(t.app.db, words);
  const count = (await countWordSet(t.app.db, words))!;
  expect(count).toEqual({ matches: 1, kept: 0, counted: false });
  // A save in progress that gives a station both words: its trigger has added 1 to the row, not yet committed.
  const release = await holdTransaction(t.app.db, async (tx) => {
    await tx.execute(sql`UPDATE battlestations SET search_text = search_text || ' heron' WHERE battlestation_id = ${other.battlestation_id}`);
  });
  let settled: Promise<void>;
  try {
    // The count's settling waits for the save's row lock, then adds to the row as the save left it.
    settled = settleWordSetCount(t.app.db, words, count);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await kept('gecko', 'heron')).toEqual([{ public_stations: 0, counted: false }]);
  } finally {
    await release();
  }
  await settled!;
  expect(await kept('gecko', 'heron')).toEqual([{ public_stations: 2, counted: true }]);
  expect(await total('gecko heron')).toBe(2);
  expect(await counterMismatches(t.app)).toEqual([]);
});

it('finds no count for a row that is gone (the kept counts emptied meanwhile, so keepWordSetCount gives way), and a later search adds and counts it again', async () => {
  await createBattlestation(t.app, { owner, name: 'Puffin Walrus desk' });
  await addUncountedRow(t.app.db, ['puffin', 'walrus']);
  await t.app.db.execute(sql`DELETE FROM search_word_pairs WHERE word_a = 'puffin'`);
  expect(await countWordSet(t.app.db, ['puffin', 'walrus'])).toBeUndefined();
  expect(await total('puffin walrus')).toBe(1);
  expect(await counterMismatches(t.app)).toEqual([]);
});
