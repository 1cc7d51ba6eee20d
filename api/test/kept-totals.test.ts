import { sql } from 'drizzle-orm';
import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { counterMismatches } from './helpers/counters';
import { bearer, createBattlestation, createPart, createPartType, createUser, type TestUser } from './helpers/factories';
import { rows } from './helpers/sql-rows';
import { multipart } from './helpers/upload';

/**
 * Issue 18 (decision 013): the lists' unfiltered totals are the ones the database keeps (`station_counts`,
 * `part_type_counts`); every way a station or a part appears, changes or goes away keeps them equal to a count.
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

it('keeps parts per category through creates, a change of category and deletes, and is what the catalogue answers', async () => {
  const [cpu, gpu] = await Promise.all([createPartType(t.app), createPartType(t.app)]);
  const made = await Promise.all([cpu, cpu, cpu, gpu].map((type) => createPart(t.app, { type })));
  const catalogueTotal = async (typePath?: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/parts?resultsPerPage=12${typePath ? `&partType=${typePath}` : ''}` })).json<{ total: number }>().total;
  const all = await catalogueTotal();
  expect([await catalogueTotal(cpu.type_path), await catalogueTotal(gpu.type_path)]).toEqual([3, 1]);
  await t.app.db.execute(sql`UPDATE parts SET type_id = ${gpu.type_id} WHERE part_id = ${made[0].part_id}`);
  // An update that keeps the category (as every station save does to a part's count) changes nothing.
  await t.app.db.execute(sql`UPDATE parts SET battlestation_count = battlestation_count WHERE type_id = ${cpu.type_id}`);
  expect([await catalogueTotal(cpu.type_path), await catalogueTotal(gpu.type_path)]).toEqual([2, 2]);
  await t.app.db.execute(sql`DELETE FROM parts WHERE part_id IN (${made[1].part_id}, ${made[3].part_id})`);
  expect([await catalogueTotal(cpu.type_path), await catalogueTotal(gpu.type_path), await catalogueTotal()]).toEqual([1, 1, all - 2]);
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
  await t.app.db.execute(sql`TRUNCATE parts CASCADE`);
  expect(await counterMismatches(t.app)).toEqual([]);
});

it('keeps the search copy with the stations through edits of the words and the desk, visibility and deletes, and counts searches from it', async () => {
  const someone = await createUser(t.app);
  const station = await createBattlestation(t.app, { owner: someone, name: 'Glacier Walnut corner', main_uses: ['work'] });
  const search = async (words: string, filter = '') =>
    (await t.app.inject({ method: 'GET', url: `/api/battlestations?searchTerm=${encodeURIComponent(words)}${filter}` })).json<{ total: number }>().total;
  const edit = async (fields: Record<string, string | string[]>) => {
    const form = multipart(fields, []);
    const res = await t.app.inject({ method: 'PUT', url: `/api/battlestations/id/${station.battlestation_id}`, headers: { ...form.headers, ...bearer(someone) }, payload: form.payload });
    expect(res.statusCode).toBe(200);
  };
  // Two words: no kept count knows their total, so it is counted, over the copy.
  expect([await search('glacier walnut'), await search('glacier walnut', '&mainUse=work'), await search('glacier walnut', '&mainUse=study')]).toEqual([1, 1, 0]);
  await edit({ name: 'Glacier Oak corner', main_uses: ['study'] });
  expect([await search('glacier walnut'), await search('glacier oak'), await search('glacier oak', '&mainUse=study')]).toEqual([0, 1, 1]);
  await edit({ is_public: 'false' });
  expect(await search('glacier oak')).toBe(0);
  await edit({ is_public: 'true' });
  expect(await search('glacier oak')).toBe(1);
  expect(await counterMismatches(t.app)).toEqual([]);

  // The total is the copy's: a station missing from it is not counted (what counterMismatches would catch).
  await t.app.db.execute(sql`DELETE FROM station_search WHERE battlestation_id = ${station.battlestation_id}`);
  expect(await search('glacier oak')).toBe(0);
  expect(await counterMismatches(t.app)).toEqual([{ battlestation_id: station.battlestation_id, copy: 'station_search' }]);
  // The next change of its words copies it again.
  await edit({ name: 'Glacier Oak desk' });
  expect(await search('glacier oak')).toBe(1);

  const removed = await t.app.inject({ method: 'DELETE', url: `/api/battlestations/id/${station.battlestation_id}`, headers: bearer(someone) });
  expect(removed.statusCode).toBeLessThan(300);
  expect(await search('glacier oak')).toBe(0);
  expect(await counterMismatches(t.app)).toEqual([]);
});
