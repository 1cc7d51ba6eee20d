import { sql } from 'drizzle-orm';
import { listBattlestations, planStationSearch } from '../src/services/battlestations-service';
import { partForm } from './helpers/admin-helpers';
import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { counterMismatches } from './helpers/counters';
import { bearer, createBattlestation, createPart, createUser, editStation, type TestUser } from './helpers/factories';
import { rows } from './helpers/sql-rows';

/**
 * Kept word set counts (decision 015, 2026-11-29; migrations 0027, 0028, 0030): the total of a large search of
 * two words, or of words standing for two, is read from `search_word_pairs` and `search_word_quadruples`, each
 * set counted the first time a search asks for it and kept by the triggers from then on. Every word counts as
 * large here (largeSearchRows 0).
 */
let t: TestApp;
let owner: TestUser;

beforeAll(async () => {
  t = await buildTestApp({ largeSearchRows: 0 });
  owner = await createUser(t.app);
});
afterAll(() => t?.close());

interface ListBody {
  total: number;
  battlestations: { battlestation_id: number }[];
  facets?: { mainUse: { value: string; count: number }[] };
}

const search = async (words: string, more = '') =>
  (await t.app.inject({ method: 'GET', url: `/api/battlestations?searchTerm=${encodeURIComponent(words)}${more}` })).json<ListBody>();
/** The same search through the service without large passes: it counts the matches (the path before). */
const counted = async (words: string) => (await listBattlestations(t.app.db, { searchTerm: words, sortBy: 'created_date', direction: 'desc', pageNumber: 1, resultsPerPage: 12 })).total;
const keptPairs = () => rows<{ word_a: string; word_b: string; public_stations: number }>(t.app.db, sql`SELECT word_a, word_b, public_stations FROM search_word_pairs ORDER BY word_a, word_b`);
const edit = async (id: number, fields: Record<string, string | string[]>) => expect((await editStation(t.app, owner, id, fields)).statusCode).toBe(200);

it("keeps a two-word search's total from its first search on, through creates, edits of the words, visibility changes and deletes", async () => {
  const [first, second] = await Promise.all([
    createBattlestation(t.app, { owner, name: 'Quokka Zephyr desk' }),
    createBattlestation(t.app, { owner, name: 'Zephyr corner with a quokka' }),
    createBattlestation(t.app, { owner, name: 'Quokka alone' }),
  ]);
  expect(await keptPairs()).toEqual([]);
  expect((await search('quokka zephyr')).total).toBe(2);
  expect(await keptPairs()).toEqual([{ word_a: 'quokka', word_b: 'zephyr', public_stations: 2 }]);

  const third = await createBattlestation(t.app, { owner, name: 'Zephyr and quokka' });
  await createBattlestation(t.app, { owner, name: 'Private quokka zephyr', is_public: false });
  expect((await search('zephyr quokka')).total).toBe(3);
  await edit(first!.battlestation_id, { name: 'Quokka desk' });
  expect((await search('quokka zephyr')).total).toBe(2);
  await edit(second!.battlestation_id, { is_public: 'false' });
  expect((await search('quokka zephyr')).total).toBe(1);
  await edit(second!.battlestation_id, { is_public: 'true' });
  await edit(first!.battlestation_id, { name: 'Quokka Zephyr desk again' });
  expect((await search('quokka zephyr')).total).toBe(3);
  const removed = await t.app.inject({ method: 'DELETE', url: `/api/battlestations/id/${third.battlestation_id}`, headers: bearer(owner) });
  expect(removed.statusCode).toBeLessThan(300);
  const answer = await search('quokka zephyr', '&sortBy=name&direction=asc');
  expect(answer.total).toBe(2);
  expect(answer.battlestations.map((card) => card.battlestation_id).sort()).toEqual([first!.battlestation_id, second!.battlestation_id].sort());
  expect(await counted('quokka zephyr')).toBe(2);
  expect(await counterMismatches(t.app)).toEqual([]);

  // The answer is the kept row's (what counterMismatches catches when a trigger misses a change).
  await t.app.db.execute(sql`UPDATE search_word_pairs SET public_stations = 7 WHERE word_a = 'quokka'`);
  expect((await search('quokka zephyr')).total).toBe(7);
  expect(await counterMismatches(t.app)).toEqual([{ words: ['quokka', 'zephyr'], kept: 7, counted: 2 }]);
  await t.app.db.execute(sql`UPDATE search_word_pairs SET public_stations = 2 WHERE word_a = 'quokka'`);
});

it('stays exact through saves at once that add and drop the words (key-ordered row locks, no deadlock)', async () => {
  const stations = await Promise.all(Array.from({ length: 8 }, (_, i) => createBattlestation(t.app, { owner, name: `Kestrel ${i % 2 ? 'heron' : 'plover'} desk` })));
  expect((await search('kestrel heron')).total).toBe(4);
  expect((await search('kestrel plover')).total).toBe(4);
  // Each save takes one pair's word and gives the other's: every kept row is written by several saves at once.
  await Promise.all(stations.map((station, i) => edit(station.battlestation_id, { name: `Kestrel ${i % 2 ? 'plover' : 'heron'} ${i < 4 ? 'heron' : 'desk'}` })));
  await Promise.all(Array.from({ length: 4 }, () => createBattlestation(t.app, { owner, name: 'Kestrel heron plover' })));
  expect([(await search('kestrel heron')).total, (await search('kestrel plover')).total]).toEqual([await counted('kestrel heron'), await counted('kestrel plover')]);
  expect(await counterMismatches(t.app)).toEqual([]);
});

it('answers a word standing for two from both words\' counts less the pair\'s', async () => {
  const [both] = await Promise.all([
    createBattlestation(t.app, { owner, name: 'Wombat wombats den' }),
    createBattlestation(t.app, { owner, name: 'Wombat nook' }),
    createBattlestation(t.app, { owner, name: 'Two wombats' }),
  ]);
  // 'womba' is inside 'wombat' and 'wombats': three stations hold one or both.
  expect((await search('womba')).total).toBe(3);
  expect((await keptPairs()).find((pair) => pair.word_a === 'wombat')).toEqual({ word_a: 'wombat', word_b: 'wombats', public_stations: 1 });
  await edit(both!.battlestation_id, { name: 'Wombat den' });
  await createBattlestation(t.app, { owner, name: 'Wombats everywhere, one wombat' });
  expect((await search('womba')).total).toBe(4);
  expect(await counted('womba')).toBe(4);
  expect(await counterMismatches(t.app)).toEqual([]);
});

it('answers a word standing for two beside another word from two kept pairs less their triple', async () => {
  const [both, , , alone] = await Promise.all([
    createBattlestation(t.app, { owner, name: 'Lemur lemurs loft' }),
    createBattlestation(t.app, { owner, name: 'Lemur loft' }),
    createBattlestation(t.app, { owner, name: 'Lemurs in a loft' }),
    createBattlestation(t.app, { owner, name: 'Lemur alone' }),
  ]);
  // 'lemu' is inside 'lemur' and 'lemurs': three stations hold one or both, and 'loft'.
  expect((await search('lemu loft')).total).toBe(3);
  const lemurs = async () => (await rows<{ word_a: string; word_b: string; word_c: string; public_stations: number }>(t.app.db, sql`SELECT word_a, word_b, word_c, public_stations FROM search_word_pairs WHERE word_a = 'lemur' OR word_a = 'lemurs' ORDER BY 1, 2, 3`));
  expect(await lemurs()).toEqual([
    { word_a: 'lemur', word_b: 'lemurs', word_c: 'loft', public_stations: 1 },
    { word_a: 'lemur', word_b: 'loft', word_c: '', public_stations: 2 },
    { word_a: 'lemurs', word_b: 'loft', word_c: '', public_stations: 2 },
  ]);
  await edit(both!.battlestation_id, { name: 'Lemur den' });
  expect((await search('loft lemu')).total).toBe(2);
  await createBattlestation(t.app, { owner, name: 'Lemurs and a lemur, loft' });
  await createBattlestation(t.app, { owner, name: 'Private lemur loft', is_public: false });
  await edit(alone!.battlestation_id, { name: 'Lemur alone in a loft' });
  // Both words of the pair but not the third: the triple's row is not this station's.
  await createBattlestation(t.app, { owner, name: 'Lemurs beside a lemur' });
  expect((await search('lemu loft', '&sortBy=name&direction=asc')).total).toBe(4);
  expect(await counted('lemu loft')).toBe(4);
  expect((await lemurs()).map((row) => row.public_stations)).toEqual([1, 3, 2]);
  expect(await counterMismatches(t.app)).toEqual([]);
});

it('answers two words each standing for two from four kept pairs, less four triples, plus the quadruple', async () => {
  const [, , , all, alone] = await Promise.all([
    createBattlestation(t.app, { owner, name: 'Otter otters kayak' }),
    createBattlestation(t.app, { owner, name: 'Otter kayaks' }),
    createBattlestation(t.app, { owner, name: 'Otters kayak kayaks' }),
    createBattlestation(t.app, { owner, name: 'Otter otters kayak kayaks' }),
    createBattlestation(t.app, { owner, name: 'Otter alone' }),
    createBattlestation(t.app, { owner, name: 'Kayak alone' }),
  ]);
  // 'otte' is inside 'otter' and 'otters', 'kaya' inside 'kayak' and 'kayaks': four stations hold one of each.
  expect((await search('otte kaya')).total).toBe(4);
  const kept = async () =>
    rows<{ words: string; public_stations: number }>(
      t.app.db,
      sql`SELECT concat_ws(' ', word_a, word_b, nullif(word_c, '')) AS words, public_stations FROM search_word_pairs WHERE word_a IN ('kayak', 'kayaks', 'otter')
        UNION ALL SELECT concat_ws(' ', word_a, word_b, word_c, word_d), public_stations FROM search_word_quadruples
        ORDER BY words`,
    );
  expect(await kept()).toEqual([
    { words: 'kayak kayaks otter', public_stations: 1 },
    { words: 'kayak kayaks otter otters', public_stations: 1 },
    { words: 'kayak kayaks otters', public_stations: 2 },
    { words: 'kayak otter', public_stations: 2 },
    { words: 'kayak otter otters', public_stations: 2 },
    { words: 'kayak otters', public_stations: 3 },
    { words: 'kayaks otter', public_stations: 2 },
    { words: 'kayaks otter otters', public_stations: 1 },
    { words: 'kayaks otters', public_stations: 2 },
  ]);
  await edit(all!.battlestation_id, { name: 'Otter den' });
  await createBattlestation(t.app, { owner, name: 'Kayaks and otters' });
  await createBattlestation(t.app, { owner, name: 'Private otter kayak', is_public: false });
  await edit(alone!.battlestation_id, { name: 'Otter alone in a kayak' });
  expect((await search('kaya otte', '&sortBy=name&direction=asc')).total).toBe(5);
  // Three of the quadruple's four words: its row must not count the station.
  await createBattlestation(t.app, { owner, name: 'A kayak, kayaks and an otter' });
  await createBattlestation(t.app, { owner, name: 'Otters, an otter, kayaks and a kayak' });
  expect((await search('otte kaya')).total).toBe(7);
  expect(await counted('otte kaya')).toBe(7);
  expect((await kept()).find((row) => row.words === 'kayak kayaks otter otters')?.public_stations).toBe(1);
  expect(await counterMismatches(t.app)).toEqual([]);
});

it('keeps a search with one filter: the filter token counts as a word, through edits of the words and of the filters', async () => {
  const [first, second] = await Promise.all([
    createBattlestation(t.app, { owner, name: 'Marmot Puffin desk', main_uses: ['gaming'] }),
    createBattlestation(t.app, { owner, name: 'Marmot and puffin', main_uses: ['work'] }),
    createBattlestation(t.app, { owner, name: 'Marmot alone', main_uses: ['gaming'] }),
  ]);
  const gaming = '&mainUse=gaming';
  expect([(await search('marmot puffin', gaming)).total, (await search('marmot', gaming)).total]).toEqual([1, 2]);
  const marmots = async () =>
    (await rows<{ word_a: string; word_b: string; word_c: string; public_stations: number }>(t.app.db, sql`SELECT word_a, word_b, word_c, public_stations FROM search_word_pairs WHERE 'marmot' IN (word_a, word_b, word_c) AND '|use:gaming' IN (word_a, word_b, word_c)`)).map(
      (row) => [[row.word_a, row.word_b, row.word_c].filter(Boolean).sort().join(' '), row.public_stations],
    );
  expect(Object.fromEntries(await marmots())).toEqual({ 'marmot |use:gaming': 2, 'marmot puffin |use:gaming': 1 });
  // A change of filters alone moves the counts.
  await edit(second!.battlestation_id, { main_uses: ['gaming', 'work'] });
  expect([(await search('marmot puffin', gaming)).total, (await search('marmot', gaming)).total]).toEqual([2, 3]);
  await edit(first!.battlestation_id, { name: 'Marmot desk' });
  await createBattlestation(t.app, { owner, name: 'Private marmot puffin', main_uses: ['gaming'], is_public: false });
  await createBattlestation(t.app, { owner, name: 'Puffin marmot nook', main_uses: ['gaming'] });
  const answer = await search('marmot puffin', `${gaming}&sortBy=name&direction=asc`);
  expect(answer.total).toBe(2);
  expect(answer.battlestations).toHaveLength(2);
  const withFilter = async (words: string) => (await listBattlestations(t.app.db, { searchTerm: words, mainUse: 'gaming', sortBy: 'created_date', direction: 'desc', pageNumber: 1, resultsPerPage: 12 })).total;
  expect([await withFilter('marmot puffin'), await withFilter('marmot')]).toEqual([2, 4]);
  expect((await search('marmot', gaming)).total).toBe(4);
  // The kept totals with the filter and without it are read together: no match is for study, yet each choice
  // still shows what it would give.
  const study = await search('marmot puffin', '&mainUse=study');
  expect(study.total).toBe(0);
  expect(study.facets?.mainUse.find((choice) => choice.value === 'gaming')?.count).toBe(2);
  expect(await counterMismatches(t.app)).toEqual([]);
});

it('keeps a word standing for two beside another word with a filter: a quadruple whose fourth word is the filter', async () => {
  const [, , work] = await Promise.all([
    createBattlestation(t.app, { owner, name: 'Ibis ibises pond', main_uses: ['gaming'] }),
    createBattlestation(t.app, { owner, name: 'Ibis pond', main_uses: ['gaming'] }),
    createBattlestation(t.app, { owner, name: 'Ibises pond', main_uses: ['work'] }),
    createBattlestation(t.app, { owner, name: 'Ibis alone', main_uses: ['gaming'] }),
  ]);
  const gaming = '&mainUse=gaming';
  expect((await search('ibi pond', gaming)).total).toBe(2);
  const quadruples = await rows<{ words: string }>(t.app.db, sql`SELECT concat_ws(' ', word_a, word_b, word_c, word_d) AS words FROM search_word_quadruples WHERE 'ibis' IN (word_a, word_b, word_c)`);
  expect(quadruples.map((row) => row.words.split(' ').sort().join(' '))).toEqual(['ibis ibises pond |use:gaming']);
  // A change of filters alone, and a create: the quadruple follows.
  await edit(work!.battlestation_id, { main_uses: ['gaming'] });
  await createBattlestation(t.app, { owner, name: 'Ibises and an ibis by the pond', main_uses: ['gaming', 'study'] });
  expect((await search('ibi pond', gaming)).total).toBe(4);
  const withFilter = await listBattlestations(t.app.db, { searchTerm: 'ibi pond', mainUse: 'gaming', sortBy: 'created_date', direction: 'desc', pageNumber: 1, resultsPerPage: 12 });
  expect(withFilter.total).toBe(4);
  expect(await counterMismatches(t.app)).toEqual([]);
});

it('follows a renamed part into its stations, a private station made public with new words, and an account deletion', async () => {
  const admin = await createUser(t.app, { is_admin: true });
  const member = await createUser(t.app);
  const part = await createPart(t.app, { name: 'Falcon arm' });
  await Promise.all([
    createBattlestation(t.app, { owner, name: 'Gecko desk', parts: [part] }),
    createBattlestation(t.app, { owner, name: 'Gecko nook', parts: [part] }),
    createBattlestation(t.app, { owner: member, name: 'Gecko Osprey by a member' }),
  ]);
  const hidden = await createBattlestation(t.app, { owner, name: 'Hidden corner', is_public: false });
  expect((await search('gecko osprey')).total).toBe(1);

  // The part's new name is in both stations' words now: one statement changes many stations.
  const renamed = await t.app.inject({ method: 'PUT', url: `/api/parts/${part.part_id}`, headers: bearer(admin), payload: partForm({ name: 'Osprey arm', type_id: part.type_id, manufacturer: 'Falcon' }) });
  expect(renamed.statusCode).toBe(200);
  expect((await search('gecko osprey')).total).toBe(3);
  await edit(hidden.battlestation_id, { name: 'Gecko Osprey corner', is_public: 'true' });
  expect((await search('gecko osprey')).total).toBe(4);
  const gone = await t.app.inject({ method: 'DELETE', url: `/api/users/${member.uid}`, headers: bearer(member) });
  expect(gone.statusCode).toBeLessThan(300);
  expect((await search('gecko osprey')).total).toBe(3);
  expect(await counted('gecko osprey')).toBe(3);
  expect(await counterMismatches(t.app)).toEqual([]);
});

it('takes a typo and the word it stands for as one term, whose total the vocabulary knows', async () => {
  await createBattlestation(t.app, { owner, name: 'Ocelot studio' });
  const plan = await planStationSearch(t.app.db, ['ocelot', 'ocelott']);
  expect(plan).toEqual({ terms: [{ anyOf: ['ocelot'], uses: 1 }], total: 1 });
  expect((await search('ocelot ocelott')).total).toBe(1);
});

it('is emptied with the stations, and a later search counts the pair again', async () => {
  expect((await keptPairs()).length).toBeGreaterThan(0);
  await t.app.db.execute(sql`TRUNCATE battlestations CASCADE`);
  expect(await keptPairs()).toEqual([]);
  await createBattlestation(t.app, { owner, name: 'Quokka Zephyr again' });
  expect((await search('quokka zephyr')).total).toBe(1);
  expect(await keptPairs()).toEqual([{ word_a: 'quokka', word_b: 'zephyr', public_stations: 1 }]);
});
