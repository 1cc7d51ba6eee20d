import { sql } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../helpers/build-test-app';
import { counterMismatches } from '../helpers/counters';
import { createBattlestation, createUser } from '../helpers/factories';
import { rows } from '../helpers/sql-rows';

/**
 * A pair's first count (keepPairCount) waits at most 200 ms for a save that is changing a public station's
 * words: past that the search counts its matches as before and keeps nothing, and the next search after the
 * save keeps the pair with the save counted (decision 015, 2026-11-29).
 */
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ largeSearchRows: 0 });
});
afterAll(() => t?.close());

it('counts as before while a save holds the search copy, and keeps the pair once the save is in', async () => {
  const owner = await createUser(t.app);
  await createBattlestation(t.app, { owner, name: 'Lynx Marmot desk' });
  const other = await createBattlestation(t.app, { owner, name: 'Lynx alone' });
  const total = async () => (await t.app.inject({ method: 'GET', url: '/api/battlestations?searchTerm=lynx+marmot' })).json<{ total: number }>().total;
  const kept = () => rows<{ public_stations: number }>(t.app.db, sql`SELECT public_stations FROM search_word_pairs WHERE word_a = 'lynx' AND word_b = 'marmot'`);

  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let saved!: () => void;
  const isSaved = new Promise<void>((resolve) => (saved = resolve));
  // A save in progress: its station's words changed (the search copy written), not yet committed.
  const save = t.app.db.transaction(async (tx) => {
    await tx.execute(sql`UPDATE battlestations SET search_text = search_text || ' marmot' WHERE battlestation_id = ${other.battlestation_id}`);
    saved();
    await released;
  });
  try {
    await isSaved;
    const started = Date.now();
    expect(await total()).toBe(1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(200);
    expect(await kept()).toEqual([]);
  } finally {
    release();
    await save;
  }
  expect(await total()).toBe(2);
  expect(await kept()).toEqual([{ public_stations: 2 }]);
  expect(await counterMismatches(t.app)).toEqual([]);
});
