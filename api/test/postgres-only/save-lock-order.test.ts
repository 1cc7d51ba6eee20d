import { sql } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../helpers/build-test-app';
import { counterMismatches } from '../helpers/counters';
import { holdTransaction } from '../helpers/held-transaction';
import { bearer, createBattlestation, createPart, createUser, type TestUser } from '../helpers/factories';
import { rows } from '../helpers/sql-rows';
import { partForm } from '../helpers/admin-helpers';
import { multipart, photo, testJpeg } from '../helpers/upload';

/**
 * Saves sharing a part queue for its counter only at their end (lockPartsForCounts): a save writes its
 * station, photos and links first, and waits for the part's counter lock (held here by a transaction standing
 * in for another save) only before its writes to the rows every save shares. It used to take that lock first
 * and hold it through every statement, so saves of popular parts ran one at a time from start to finish.
 */
let t: TestApp;
let owner: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await createUser(t.app);
});
afterAll(() => t?.close());

/** What the one backend waiting for a lock is running, and which tables it has written to so far. */
async function waitingSave(): Promise<{ query: string; written: string[] } | undefined> {
  const [waiting] = await rows<{ pid: number; query: string }>(
    t.app.db,
    sql`SELECT pid, query FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
  );
  if (!waiting) return undefined;
  const written = await rows<{ relname: string }>(
    t.app.db,
    sql`SELECT c.relname FROM pg_locks l JOIN pg_class c ON c.oid = l.relation
      WHERE l.pid = ${waiting.pid} AND l.mode = 'RowExclusiveLock' AND c.relkind = 'r' ORDER BY c.relname`,
  );
  return { query: waiting.query, written: written.map((row) => row.relname) };
}

async function untilWaiting(): Promise<{ query: string; written: string[] }> {
  for (let tries = 0; tries < 200; tries++) {
    const save = await waitingSave();
    if (save) return save;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('No save waited for the part');
}

/** Runs `save` while another transaction holds the part's counter lock; answers where the save waited. */
async function whileCounterLocked(partId: number, save: () => Promise<{ statusCode: number }>) {
  const release = await holdTransaction(t.app.db, async (tx) => {
    await tx.execute(sql`SELECT part_id FROM parts WHERE part_id = ${partId} FOR NO KEY UPDATE`);
  });
  const answer = save();
  try {
    const waited = await untilWaiting();
    await release();
    return { waited, answer: await answer };
  } finally {
    await release();
    await answer.catch(() => undefined);
  }
}

describe('where a save waits for a part another save is counting', () => {
  it('a new public station: its rows are written before it waits', async () => {
    const part = await createPart(t.app);
    const body = multipart({ name: 'Queued desk', added_parts: [part.part_id] }, [photo(await testJpeg(2), 'q.jpg')]);
    const { waited, answer } = await whileCounterLocked(part.part_id, () =>
      t.app.inject({ method: 'POST', url: '/api/battlestations/', headers: { ...body.headers, ...bearer(owner) }, payload: body.payload }),
    );
    expect(waited.query).toMatch(/from "parts".*for no key update/i);
    expect(waited.written).toEqual(expect.arrayContaining(['battlestation_images', 'battlestation_parts', 'battlestations', 'station_changes']));
    // Not yet public: the kept totals are written after the wait.
    expect(waited.written).not.toContain('station_counts');
    expect(answer.statusCode).toBe(201);
    expect(await counterMismatches(t.app)).toEqual([]);
  });

  it('an edit adding the part: its photos and links are written before it waits', async () => {
    const [part, other] = await Promise.all([createPart(t.app), createPart(t.app)]);
    const station = await createBattlestation(t.app, { owner, parts: [other] });
    const body = multipart({ added_parts: [part.part_id], name: 'Edited while queued' }, [photo(await testJpeg(3), 'e.jpg', 'added_images')]);
    const { waited, answer } = await whileCounterLocked(part.part_id, () =>
      t.app.inject({ method: 'PUT', url: `/api/battlestations/id/${station.battlestation_id}`, headers: { ...body.headers, ...bearer(owner) }, payload: body.payload }),
    );
    expect(waited.query).toMatch(/from "parts".*for no key update/i);
    expect(waited.written).toEqual(expect.arrayContaining(['battlestation_images', 'battlestation_parts']));
    expect(answer.statusCode).toBe(200);
    expect(await counterMismatches(t.app)).toEqual([]);
  });
});

it('publishes an edited station with its new words only: the vocabulary rows of its old words are never written', async () => {
  await createBattlestation(t.app, { owner, name: 'Wapiti lounge' });
  const hidden = await createBattlestation(t.app, { owner, name: 'Wapiti den', is_public: false });
  // Another save holds the vocabulary row of the word the edit drops.
  const release = await holdTransaction(t.app.db, async (tx) => {
    await tx.execute(sql`SELECT word FROM search_words WHERE word = 'wapiti' FOR UPDATE`);
  });
  try {
    const form = multipart({ name: 'Okapi den', is_public: 'true' }, []);
    const edit = t.app.inject({ method: 'PUT', url: `/api/battlestations/id/${hidden.battlestation_id}`, headers: { ...form.headers, ...bearer(owner) }, payload: form.payload });
    // Published with its old words first, the save would wait here for 'wapiti' (and time out the test).
    const answer = await Promise.race([edit, new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 5000))]);
    expect(answer?.statusCode).toBe(200);
  } finally {
    await release();
  }
  const words = await rows<{ word: string; public_stations: number }>(t.app.db, sql`SELECT word, public_stations FROM search_words WHERE word IN ('wapiti', 'okapi') ORDER BY word`);
  expect(words).toEqual([{ word: 'okapi', public_stations: 1 }, { word: 'wapiti', public_stations: 1 }]);
  expect(await counterMismatches(t.app)).toEqual([]);
});

it("renames a part after locking the stations listing it: a station save holding its station is not left waiting for the part", async () => {
  const admin = await createUser(t.app, { is_admin: true });
  const part = await createPart(t.app);
  const station = await createBattlestation(t.app, { owner, parts: [part] });
  // A station save under way: its station written, its parts not locked yet.
  const release = await holdTransaction(t.app.db, async (tx) => {
    await tx.execute(sql`SELECT battlestation_id FROM battlestations WHERE battlestation_id = ${station.battlestation_id} FOR NO KEY UPDATE`);
  });
  const rename = t.app.inject({
    method: 'PUT',
    url: `/api/parts/${part.part_id}`,
    headers: bearer(admin),
    payload: partForm({ name: `${part.name} Mk II`, type_id: part.type_id, manufacturer: part.manufacturer }),
  });
  try {
    await untilWaiting();
    // The save's next lock (KEY SHARE on its parts) is free: the rename waits without holding the part.
    const free = await rows(t.app.db, sql`SELECT part_id FROM parts WHERE part_id = ${part.part_id} FOR KEY SHARE SKIP LOCKED`);
    expect(free).toHaveLength(1);
  } finally {
    await release();
  }
  expect((await rename).statusCode).toBe(200);
  const [renamed] = await rows<{ search_text: string }>(t.app.db, sql`SELECT search_text FROM battlestations WHERE battlestation_id = ${station.battlestation_id}`);
  expect(renamed.search_text).toContain('mk ii');
  expect(await counterMismatches(t.app)).toEqual([]);
});
