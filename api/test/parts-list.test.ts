import type { PartSummary, PartsListResponse } from '@battledeck/shared/contract';
import type { PartRow } from '../src/repositories/catalogue-repository';
import type { PartTypeRow } from '../src/repositories/part-types-repository';
import { inArray } from 'drizzle-orm';
import { parts } from '../src/db/schema';
import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { createBattlestation, createPart, createPartType } from './helpers/factories';

let t: TestApp;
let cpu: PartTypeRow;
let gpu: PartTypeRow;
let memory: PartTypeRow;
const p: Record<string, PartRow> = {};

beforeAll(async () => {
  t = await buildTestApp();
  cpu = await createPartType(t.app, { type_name: 'CPU', type_path: 'cpu' });
  gpu = await createPartType(t.app, { type_name: 'GPU', type_path: 'gpu' });
  memory = await createPartType(t.app, { type_name: 'Memory', type_path: 'memory' });
  const part = async (key: string, name: string, type: PartTypeRow, manufacturer: string) => {
    p[key] = await createPart(t.app, { name, type, manufacturer, image: `${key}.png` });
  };
  // Created in an order unlike every sort, so a passing test cannot be the insertion order.
  await part('rtx', 'NVIDIA GeForce RTX 4090', gpu, 'NVIDIA');
  await part('ryzen7', 'AMD Ryzen 7 7800X3D', cpu, 'AMD');
  await part('vengeance', 'Vengeance RGB DDR5-6000 32GB', memory, 'Corsair');
  await part('ryzen5', 'amd ryzen 5 7600', cpu, 'AMD');
  await part('intel', 'Intel Core i9-14900K', cpu, 'Intel');
  await part('dominator', 'Corsair Dominator Titanium 64GB', memory, 'Corsair');
  await part('radeon', 'Radeon RX 7900 XTX', gpu, 'AMD');
  await part('percent', '100% Cotton Desk Mat', memory, 'Cozy_Co');

  // Public counts: rtx 3, ryzen7 2, vengeance 2, radeon 1; the private stations add nothing.
  await createBattlestation(t.app, { parts: [p.rtx, p.ryzen7, p.vengeance] });
  await createBattlestation(t.app, { parts: [p.rtx, p.ryzen7] });
  await createBattlestation(t.app, { parts: [p.rtx, p.vengeance, p.radeon] });
  await createBattlestation(t.app, { parts: [p.intel, p.dominator, p.rtx], is_public: false });
  await createBattlestation(t.app, { parts: [p.intel], is_public: false });
});
afterAll(() => t?.close());

const list = async (query = '', headers: Record<string, string> = {}) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/parts${query}`, headers });
  return res;
};
const names = async (query: string) => {
  const res = await list(query);
  expect(res.statusCode).toBe(200);
  return res.json<PartsListResponse>().parts.map((part) => part.name);
};

describe('GET /api/parts', () => {
  it('answers the first 12 by name ignoring case, with type, image and public battlestation count', async () => {
    const res = await list();
    expect(res.statusCode).toBe(200);
    const body = res.json<PartsListResponse>();
    expect(body.total).toBe(8);
    expect(body.parts.map((part) => part.name)).toEqual([
      '100% Cotton Desk Mat',
      'amd ryzen 5 7600',
      'AMD Ryzen 7 7800X3D',
      'Corsair Dominator Titanium 64GB',
      'Intel Core i9-14900K',
      'NVIDIA GeForce RTX 4090',
      'Radeon RX 7900 XTX',
      'Vengeance RGB DDR5-6000 32GB',
    ]);
    expect(body.parts.find((part) => part.part_id === p.rtx.part_id)).toEqual<PartSummary>({
      part_id: p.rtx.part_id,
      name: 'NVIDIA GeForce RTX 4090',
      type_id: gpu.type_id,
      type_name: 'GPU',
      type_path: 'gpu',
      manufacturer: 'NVIDIA',
      image: 'rtx.png',
      image_size: null,
      battlestation_count: 3,
    });
  });

  it('sorts by name descending', async () => {
    expect((await names('?sortBy=name&direction=desc')).slice(0, 3)).toEqual([
      'Vengeance RGB DDR5-6000 32GB',
      'Radeon RX 7900 XTX',
      'NVIDIA GeForce RTX 4090',
    ]);
  });

  it('sorts by public battlestation count both ways, equal counts in a stable id order', async () => {
    const res = await list('?sortBy=battlestation_count&direction=desc');
    const parts = res.json<PartsListResponse>().parts;
    expect(parts.map((part) => [part.name, part.battlestation_count])).toEqual([
      ['NVIDIA GeForce RTX 4090', 3],
      // 2 each: the later id first when descending.
      ['Vengeance RGB DDR5-6000 32GB', 2],
      ['AMD Ryzen 7 7800X3D', 2],
      ['Radeon RX 7900 XTX', 1],
      ['100% Cotton Desk Mat', 0],
      ['Corsair Dominator Titanium 64GB', 0],
      ['Intel Core i9-14900K', 0],
      ['amd ryzen 5 7600', 0],
    ]);
    const ascending = (await list('?sortBy=battlestation_count&direction=asc')).json<PartsListResponse>().parts;
    expect(ascending.map((part) => part.part_id)).toEqual(parts.map((part) => part.part_id).reverse());
  });

  it('counts only public battlestations: a part used only in private ones has 0', async () => {
    const body = (await list('?searchTerm=Intel')).json<PartsListResponse>();
    expect(body.parts).toEqual([expect.objectContaining({ part_id: p.intel.part_id, battlestation_count: 0 })]);
  });

  it('filters by category path; an unknown category means all', async () => {
    expect(await names('?partType=cpu')).toEqual(['amd ryzen 5 7600', 'AMD Ryzen 7 7800X3D', 'Intel Core i9-14900K']);
    expect((await list('?partType=cpu')).json<PartsListResponse>().total).toBe(3);
    expect((await list('?partType=no-such-type')).json<PartsListResponse>().total).toBe(8);
    expect(await names('?partType=gpu&sortBy=battlestation_count&direction=desc')).toEqual(['NVIDIA GeForce RTX 4090', 'Radeon RX 7900 XTX']);
  });

  it('pages with a total for the whole list', async () => {
    const all = await names('?resultsPerPage=96');
    const first = (await list('?resultsPerPage=10&pageNumber=1')).json<PartsListResponse>();
    expect(first).toMatchObject({ total: 8 });
    expect(first.parts).toHaveLength(8);
    const extra = await Promise.all(Array.from({ length: 6 }, (_, i) => createPart(t.app, { name: `Zeta fan ${i}`, type: memory })));
    const page1 = (await list('?resultsPerPage=12&pageNumber=1')).json<PartsListResponse>();
    const page2 = (await list('?resultsPerPage=12&pageNumber=2')).json<PartsListResponse>();
    expect(page1.total).toBe(14);
    expect(page2.total).toBe(14);
    expect(page1.parts).toHaveLength(12);
    expect(page2.parts.map((part) => part.name)).toEqual(['Zeta fan 4', 'Zeta fan 5']);
    expect([...page1.parts, ...page2.parts].map((part) => part.name).slice(0, 8)).toEqual(all);
    const beyond = (await list('?resultsPerPage=12&pageNumber=3')).json<PartsListResponse>();
    expect(beyond).toEqual({ parts: [], total: 14 });
    // Keep the catalogue the other tests expect.
    await t.app.db.delete(parts).where(inArray(parts.part_id, extra.map((e) => e.part_id)));
  });

  it('finds by name or manufacturer ignoring case and tolerating typos', async () => {
    expect(await names('?searchTerm=RYZEN')).toEqual(['amd ryzen 5 7600', 'AMD Ryzen 7 7800X3D']);
    // 'corsiar' is a typo of the manufacturer of both memory kits, one of which has it in its name too.
    expect(await names('?searchTerm=corsiar')).toEqual(['Corsair Dominator Titanium 64GB', 'Vengeance RGB DDR5-6000 32GB']);
    expect(await names('?searchTerm=vengance')).toEqual(['Vengeance RGB DDR5-6000 32GB']);
    expect(await names('?searchTerm=nvidai%20geforce')).toEqual(['NVIDIA GeForce RTX 4090']);
    // Every word must match, in the name or the manufacturer.
    expect(await names('?searchTerm=corsair%2032gb')).toEqual(['Vengeance RGB DDR5-6000 32GB']);
    expect(await names('?searchTerm=amd%207900')).toEqual(['Radeon RX 7900 XTX']);
    expect(await names('?searchTerm=%20%20intel%20%20')).toEqual(['Intel Core i9-14900K']);
  });

  it('does not match unrelated words, and takes % and _ literally', async () => {
    expect((await list('?searchTerm=gpu')).json()).toEqual({ parts: [], total: 0 });
    expect((await list('?searchTerm=keyboard')).json()).toEqual({ parts: [], total: 0 });
    expect(await names('?searchTerm=%25')).toEqual(['100% Cotton Desk Mat']);
    expect(await names('?searchTerm=y_c')).toEqual(['100% Cotton Desk Mat']);
    expect(await names('?searchTerm=x%25x')).toEqual([]);
  });

  it('combines search, category, sort and paging', async () => {
    const res = await list('?searchTerm=amd&partType=cpu&sortBy=battlestation_count&direction=desc&resultsPerPage=10');
    expect(res.json<PartsListResponse>()).toMatchObject({
      total: 2,
      parts: [{ name: 'AMD Ryzen 7 7800X3D', battlestation_count: 2 }, { name: 'amd ryzen 5 7600', battlestation_count: 0 }],
    });
  });

  it.each([
    ['an unknown sort', '?sortBy=price', 'sortBy must be one of: name, battlestation_count.'],
    ['an unknown direction', '?direction=up', 'direction must be one of: asc, desc.'],
    ['an unlisted page size', '?resultsPerPage=13', 'resultsPerPage must be one of: 10, 12, 20, 24, 48, 50, 96.'],
    ['a page size that is not a number', '?resultsPerPage=many', 'resultsPerPage must be one of: 10, 12, 20, 24, 48, 50, 96.'],
    ['page 0', '?pageNumber=0', 'pageNumber must be a whole number of at least 1.'],
    ['a fractional page', '?pageNumber=1.5', 'pageNumber must be a whole number of at least 1.'],
    ['a search of 201 characters', `?searchTerm=${'x'.repeat(201)}`, 'searchTerm must be at most 200 characters.'],
  ])('refuses %s with 400 and a message naming what is allowed', async (_case, query, message) => {
    const res = await list(query);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
  });

  it('sends short public caching with an ETag and answers 304 to a client holding the same page', async () => {
    const res = await list('?partType=gpu');
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    const etag = String(res.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await list('?partType=gpu', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const other = await list('?partType=cpu', { 'if-none-match': etag });
    expect(other.statusCode).toBe(200);
  });
});
