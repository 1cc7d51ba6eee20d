import type { BattlestationsListResponse, PartDetail } from '@battledeck/shared/contract';
import { insertPartStores, insertStores, type PartRow } from '../src/repositories/catalogue-repository';
import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { createBattlestation, createPart, createPartType, createUser } from './helpers/factories';

let t: TestApp;
const DAY = 24 * 3600 * 1000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY);

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('GET /api/parts/id/{id}', () => {
  it('returns the part with its category, manufacturer link and store links by store name', async () => {
    const type = await createPartType(t.app, { type_name: 'Monitor', type_path: 'monitor' });
    const part = await createPart(t.app, {
      name: 'LG UltraGear 27GR95QE',
      type,
      manufacturer: 'LG',
      manufacturer_url: 'https://www.lg.com',
      image: 'lg.jpg',
    });
    const [zeta, amazon, unused] = await insertStores(t.app.db, [
      { name: 'zeta Store', url: 'https://zeta.example' },
      { name: 'Amazon', url: 'https://www.amazon.com' },
      { name: 'Unused', url: 'https://unused.example' },
    ]);
    await insertPartStores(t.app.db, [
      { part_id: part.part_id, store_id: zeta.store_id, url: 'https://zeta.example/lg-27' },
      { part_id: part.part_id, store_id: amazon.store_id, url: 'https://www.amazon.com/dp/lg27' },
    ]);
    const other = await createPart(t.app, { type });
    await insertPartStores(t.app.db, [{ part_id: other.part_id, store_id: unused.store_id, url: 'https://unused.example/x' }]);
    await createBattlestation(t.app, { parts: [part] });
    await createBattlestation(t.app, { parts: [part], is_public: false });

    const res = await get(`/api/parts/id/${part.part_id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json<PartDetail>()).toEqual<PartDetail>({
      part_id: part.part_id,
      name: 'LG UltraGear 27GR95QE',
      type_id: type.type_id,
      type_name: 'Monitor',
      type_path: 'monitor',
      manufacturer: 'LG',
      manufacturer_url: 'https://www.lg.com',
      image: 'lg.jpg',
      // A factory row, written without the pipeline: its size is not known (issue 17).
      image_size: null,
      battlestation_count: 1,
      stores: [
        { store_id: amazon.store_id, store_name: 'Amazon', url: 'https://www.amazon.com/dp/lg27' },
        { store_id: zeta.store_id, store_name: 'zeta Store', url: 'https://zeta.example/lg-27' },
      ],
    });
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    const cached = await get(`/api/parts/id/${part.part_id}`, { 'if-none-match': String(res.headers.etag) });
    expect(cached.statusCode).toBe(304);
  });

  it('gives a part without manufacturer link or stores null and an empty list', async () => {
    const part = await createPart(t.app, { manufacturer_url: null });
    expect((await get(`/api/parts/id/${part.part_id}`)).json()).toMatchObject({ manufacturer_url: null, stores: [], battlestation_count: 0 });
  });

  it('answers 404 for a part that does not exist and 400 for an id that is not one', async () => {
    const missing = await get('/api/parts/id/987654');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Part not found.' });
    for (const id of ['abc', '0', '-3', '1.5', '99999999999']) {
      const bad = await get(`/api/parts/id/${id}`);
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ message: 'The id must be a positive whole number.' });
    }
  });
});

describe('GET /api/parts/id/{id}/battlestations', () => {
  let part: PartRow;
  let publicIds: number[];
  let privateId: number;
  let ownerName: string;

  beforeAll(async () => {
    part = await createPart(t.app);
    const owner = await createUser(t.app);
    ownerName = owner.username;
    const fan = await createUser(t.app);
    const other = await createPart(t.app);
    // Twelve public stations created 1..12 days ago (so the newest is the first made), one private
    // newer than all, and one public station with another part only.
    publicIds = [];
    for (let age = 1; age <= 12; age++) {
      const station = await createBattlestation(t.app, {
        owner,
        parts: [part, other],
        created_date: daysAgo(age),
        images: [`first-${age}.jpg`, `second-${age}.jpg`],
        favoritedBy: age === 1 ? [fan] : [],
      });
      publicIds.push(station.battlestation_id);
    }
    privateId = (await createBattlestation(t.app, { owner, parts: [part], is_public: false, created_date: new Date() })).battlestation_id;
    await createBattlestation(t.app, { parts: [other], created_date: new Date() });
  });

  const page = async (query = '') => {
    const res = await get(`/api/parts/id/${part.part_id}/battlestations${query}`);
    expect(res.statusCode).toBe(200);
    return res.json<BattlestationsListResponse>();
  };

  it('lists public battlestations using the part, 10 a page, newest first, as cards', async () => {
    const first = await page();
    expect(first.total).toBe(12);
    expect(first.battlestations.map((s) => s.battlestation_id)).toEqual(publicIds.slice(0, 10));
    expect(first.battlestations[0]).toEqual({
      battlestation_id: publicIds[0],
      name: expect.any(String),
      username: ownerName,
      created_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T.*Z$/),
      image_count: 2,
      part_count: 2,
      thumbnail: 'first-1.jpg',
      // The factory's photo rows: 1600×1000, no width copies recorded.
      thumbnail_size: { width: 1600, height: 1000, widths: [] },
      favorites: 1,
      is_public: 1,
    });
    const second = await page('?page_number=2');
    expect(second).toEqual({ total: 12, battlestations: expect.any(Array) });
    expect(second.battlestations.map((s) => s.battlestation_id)).toEqual(publicIds.slice(10));
    expect(await page('?page_number=3')).toEqual({ total: 12, battlestations: [] });
  });

  it('never lists or counts a private battlestation, and its total matches the part count', async () => {
    const all = [...(await page()).battlestations, ...(await page('?page_number=2')).battlestations];
    expect(all.map((s) => s.battlestation_id)).not.toContain(privateId);
    const detail = (await get(`/api/parts/id/${part.part_id}`)).json<PartDetail>();
    expect(detail.battlestation_count).toBe(12);
  });

  it('answers an empty page for a part nobody uses', async () => {
    const unused = await createPart(t.app);
    expect((await get(`/api/parts/id/${unused.part_id}/battlestations`)).json()).toEqual({ battlestations: [], total: 0 });
  });

  it('answers 404 for a missing part and 400 for a bad page number', async () => {
    const missing = await get('/api/parts/id/987654/battlestations');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Part not found.' });
    const bad = await get(`/api/parts/id/${part.part_id}/battlestations?page_number=0`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'page_number must be a whole number of at least 1.' });
  });
});
