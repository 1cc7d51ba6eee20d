import { sql } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../helpers/build-test-app';
import { counterMismatches } from '../helpers/counters';
import { holdTransaction } from '../helpers/held-transaction';
import { createBattlestation, createUser, editStation, type TestUser } from '../helpers/factories';
import { rows } from '../helpers/sql-rows';

/**
 * A pair's first count (keepWordSetCount) and the saves that change a public station's words take turns on the
 * pairs' advisory lock (decision 015, 2026-11-29): the count waits at most 200 ms for a save that came first,
 * then the search counts its matches as before; a save that comes while the count holds the lock waits for the
 * counted row and adds its change to it; a save that changes no public words never waits.
 */
let t: TestApp;
let owner: TestUser;

beforeAll(async () => {
  t = await buildTestApp({ largeSearchRows: 0 });
  owner = await createUser(t.app);
});
afterAll(() => t?.close());

const PAIRS_LOCK = sql`hashtext('battledeck:search-word-pairs')`;
const total = async (words: string) => (await t.app.inject({ method: 'GET', url: `/api/battlestations?searchTerm=${encodeURIComponent(words)}` })).json<{ total: number }>().total;
const kept = (a: string, b: string) => rows<{ public_stations: number }>(t.app.db, sql`SELECT public_stations FROM search_word_pairs WHERE word_a = ${a} AND word_b = ${b}`);
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
  expect(await kept('lynx', 'marmot')).toEqual([{ public_stations: 2 }]);
  expect(await counterMismatches(t.app)).toEqual([]);
});

it('makes a save that comes during a first count wait for its row, and add to it; other saves go through', async () => {
  const station = await createBattlestation(t.app, { owner, name: 'Ibex corner' });
  const hidden = await createBattlestation(t.app, { owner, name: 'Ibex private', is_public: false });
  await createBattlestation(t.app, { owner, name: 'Ibex Tapir desk' });
  // A first count in progress: the lock held, the row counted (1 station), not yet committed.
  const release = await holdTransaction(t.app.db, async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${PAIRS_LOCK})`);
    await tx.execute(sql`INSERT INTO search_word_pairs (word_a, word_b, public_stations) VALUES ('ibex', 'tapir', 1)`);
  });
  let saved: Promise<{ statusCode: number }>;
  try {
    // A private station's save has no pair changes: it does not wait.
    expect((await edit(hidden.battlestation_id, { name: 'Ibex Tapir private' })).statusCode).toBe(200);
    saved = edit(station.battlestation_id, { name: 'Ibex Tapir corner' });
    let waiting = false;
    for (let tries = 0; tries < 200 && !waiting; tries++) {
      const [row] = await rows<{ n: number }>(t.app.db, sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event = 'advisory'`);
      waiting = (row?.n ?? 0) > 0;
      if (!waiting) await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(waiting).toBe(true);
  } finally {
    await release();
  }
  expect((await saved!).statusCode).toBe(200);
  expect(await kept('ibex', 'tapir')).toEqual([{ public_stations: 2 }]);
  expect(await total('ibex tapir')).toBe(2);
  expect(await counterMismatches(t.app)).toEqual([]);
});
