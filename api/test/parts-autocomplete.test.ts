import type { AutocompleteEntry } from '@battledeck/shared/contract';
import type { PartRow } from '../src/repositories/catalogue-repository';
import type { PartTypeRow } from '../src/repositories/part-types-repository';
import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { createBattlestation, createPart, createPartType } from './helpers/factories';

let t: TestApp;
let mouse: PartTypeRow;
let keyboard: PartTypeRow;
let widgets: PartTypeRow;
const p: Record<string, PartRow> = {};

beforeAll(async () => {
  t = await buildTestApp();
  mouse = await createPartType(t.app, { type_name: 'Mouse', type_path: 'mouse' });
  keyboard = await createPartType(t.app, { type_name: 'Keyboard', type_path: 'keyboard' });
  widgets = await createPartType(t.app, { type_name: 'Widget', type_path: 'widget' });
  // Each kind of match for 'logitech', created in an order unlike the expected one.
  p.fuzzy = await createPart(t.app, { name: 'Logitec Clone Mouse', type: mouse });
  p.substring = await createPart(t.app, { name: 'SuperLogitechX Pad', type: mouse });
  p.word = await createPart(t.app, { name: 'MX Master 3S by Logitech', type: mouse });
  p.prefix = await createPart(t.app, { name: 'Logitech G Pro X Superlight', type: mouse });
  p.prefixKeyboard = await createPart(t.app, { name: 'logitech G915 TKL', type: keyboard });
  p.unrelated = await createPart(t.app, { name: 'Razer DeathAdder V3', type: mouse });
  // A word starting with 'wi', sorting before every name that starts with it.
  p.wordWi = await createPart(t.app, { name: 'Aa Wireless Dongle', type: mouse });
  // 25 widgets, more than one answer holds; the popular ones are used by public battlestations.
  for (let i = 1; i <= 25; i++) p[`widget${String(i).padStart(2, '0')}`] = await createPart(t.app, { name: `Widget ${String(i).padStart(2, '0')}`, type: widgets });
  // A word starting with 'widget', sorting before every name that starts with it.
  p.wordWidget = await createPart(t.app, { name: 'Aa Widget Stand', type: mouse });
  await createBattlestation(t.app, { parts: [p.widget07, p.widget03] });
  await createBattlestation(t.app, { parts: [p.widget07] });
  await createBattlestation(t.app, { parts: [p.widget05, p.widget07, p.widget03], is_public: false });
  await createBattlestation(t.app, { parts: [p.widget05], is_public: false });
});
afterAll(() => t?.close());

const suggest = async (query: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/parts/autocomplete${query}` });
  expect(res.statusCode).toBe(200);
  return res.json<AutocompleteEntry[]>();
};
const names = async (query: string) => (await suggest(query)).map((entry) => entry.name);

describe('GET /api/parts/autocomplete', () => {
  it('puts names starting with the term first, then a word starting with it, then containing it, then close typos', async () => {
    expect(await names('?searchTerm=logitech')).toEqual([
      'Logitech G Pro X Superlight',
      'logitech G915 TKL',
      'MX Master 3S by Logitech',
      'SuperLogitechX Pad',
      'Logitec Clone Mouse',
    ]);
  });

  it('ignores case and answers part_id, name and type_name only', async () => {
    const entries = await suggest('?searchTerm=LOGITECH%20G%20PRO');
    expect(entries[0]).toEqual({ part_id: p.prefix.part_id, name: 'Logitech G Pro X Superlight', type_name: 'Mouse', type_path: 'mouse' });
    expect(await names('?searchTerm=rAzEr')).toEqual(['Razer DeathAdder V3']);
  });

  it('answers at most 20, by name within the same kind of match', async () => {
    const entries = await names('?searchTerm=widget');
    expect(entries).toHaveLength(20);
    expect(entries).toEqual(Array.from({ length: 20 }, (_, i) => `Widget ${String(i + 1).padStart(2, '0')}`));
  });

  it('filters by category given as a type_path or a type_id; 0 or an unknown category means any', async () => {
    expect(await names('?searchTerm=logitech&partType=keyboard')).toEqual(['logitech G915 TKL']);
    expect(await names(`?searchTerm=logitech&partType=${keyboard.type_id}`)).toEqual(['logitech G915 TKL']);
    expect(await names('?searchTerm=logitech&partType=mouse')).not.toContain('logitech G915 TKL');
    expect(await names('?searchTerm=logitech&partType=0')).toHaveLength(5);
    expect(await names('?searchTerm=logitech&partType=no-such-type')).toHaveLength(5);
  });

  it('searches from 2 characters, as written (no typo matching below 3 letters)', async () => {
    expect(await names('?searchTerm=mx')).toEqual(['MX Master 3S by Logitech']);
    expect(await names('?searchTerm=ad')).toEqual(['Razer DeathAdder V3', 'SuperLogitechX Pad']);
    expect(await names('?searchTerm=zz')).toEqual([]);
    expect(await names('?searchTerm=%25%25')).toEqual([]);
  });

  it('answers a two-letter term that 20 names start with by those names, before a name it only starts a word of, within a category too', async () => {
    const first20 = Array.from({ length: 20 }, (_, i) => `Widget ${String(i + 1).padStart(2, '0')}`);
    expect(await names('?searchTerm=wi')).toEqual(first20);
    expect(await names('?searchTerm=WI&partType=widget')).toEqual(first20);
    // Fewer than 20 start with it in this category: the full ranking answers.
    expect(await names('?searchTerm=wi&partType=mouse')).toEqual(['Aa Widget Stand', 'Aa Wireless Dongle']);
    expect(await names('?searchTerm=w_')).toEqual([]);
  });

  it('answers a longer term that 20 names start with by those names, before a name it only starts a word of', async () => {
    const first20 = Array.from({ length: 20 }, (_, i) => `Widget ${String(i + 1).padStart(2, '0')}`);
    expect(await names('?searchTerm=widget')).toEqual(first20);
    expect(await names('?searchTerm=WIDG&partType=widget')).toEqual(first20);
    // None start with it in this category: the full ranking answers.
    expect(await names('?searchTerm=widget&partType=mouse')).toEqual(['Aa Widget Stand']);
  });

  it('without a term (or with one character) answers the most used names of the category, at most 20', async () => {
    const popular = await names('?partType=widget');
    expect(popular).toHaveLength(20);
    // Only public battlestations count: widget 05 is used by private ones only.
    expect(popular.slice(0, 2)).toEqual(['Widget 07', 'Widget 03']);
    expect(popular).toEqual(await names('?partType=widget&searchTerm=W'));
    expect(await names(`?partType=${keyboard.type_id}`)).toEqual(['logitech G915 TKL']);
    expect(await names('')).toHaveLength(20);
  });

  it('refuses a search term over 200 characters', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/parts/autocomplete?searchTerm=${'a'.repeat(201)}` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'searchTerm must be at most 200 characters.' });
  });

  it('may be cached a short while', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/parts/autocomplete?searchTerm=razer' });
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    expect(res.headers.etag).toBeDefined();
  });
});
