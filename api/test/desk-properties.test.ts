import { colourFamily as family } from '@battledeck/shared/contract';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { part_types } from '../src/db/schema';
import type { PartTypeRow } from '../src/repositories/part-types-repository';
import { backfillPhotoPalettes, backfillPhotoPalettesOnce, PHOTO_PALETTES_TASK } from '../src/services/photo-palette-backfill';
import { stationImageKey } from '../src/storage/storage';
import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { counterMismatches } from './helpers/counters';
import { uniqueSuffix } from './helpers/emulator-accounts';
import { bearer, createBattlestation, createPart, createPartType, createUser, type TestUser } from './helpers/factories';
import { rows } from './helpers/sql-rows';
import { multipart, photo, type UploadFile } from './helpers/upload';

let t: TestApp;
let owner: TestUser;
let monitorType: PartTypeRow;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await createUser(t.app);
  const [seeded] = await t.app.db.select().from(part_types).where(eq(part_types.type_path, 'monitor'));
  monitorType = seeded ?? (await createPartType(t.app, { type_name: 'Monitor', type_path: 'monitor' }));
});
afterAll(() => t?.close());

/** A photo made of colour bands, the first (widest) band the most used colour. */
function bandedJpeg(colours: [number, number, number][]): Promise<Buffer> {
  const width = 240;
  const height = 160;
  const pixels = Buffer.alloc(width * height * 3);
  const shares = colours.map((_, i) => colours.length - i);
  const total = shares.reduce((a, b) => a + b, 0);
  for (let x = 0; x < width; x++) {
    let band = 0;
    for (let edge = shares[0]!; band < colours.length - 1 && x >= (edge / total) * width; edge += shares[++band]!);
    for (let y = 0; y < height; y++) pixels.set(colours[band]!, (y * width + x) * 3);
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality: 95 }).toBuffer();
}

const RED: [number, number, number] = [200, 30, 40];
const BLUE: [number, number, number] = [20, 60, 200];
const WHITE: [number, number, number] = [240, 240, 240];
const BLACK: [number, number, number] = [10, 10, 10];

function send(method: 'POST' | 'PUT', url: string, fields: Record<string, unknown>, files: UploadFile[] = []) {
  const body = multipart(fields, files);
  return t.app.inject({ method, url, headers: { ...body.headers, ...bearer(owner) }, payload: body.payload });
}

interface Detail {
  monitor_count: number;
  monitor_count_manual: number | null;
  main_uses: string[];
  palette: string[];
}
const detail = (id: number) => t.app.inject({ method: 'GET', url: `/api/battlestations/id/${id}` }).then((r) => r.json<Detail>());

describe('desk properties on a station', () => {
  let id: number;
  let images: string[];

  beforeAll(async () => {
    const monitors = [await createPart(t.app, { type: monitorType }), await createPart(t.app, { type: monitorType })];
    const other = await createPart(t.app);
    const files = [photo(await bandedJpeg([RED, WHITE, BLACK]), 'red.jpg'), photo(await bandedJpeg([BLUE, BLACK]), 'blue.jpg')];
    const res = await send('POST', '/api/battlestations/', { name: 'Colourful', added_parts: [...monitors, other].map((p) => p.part_id), main_uses: ['work', 'gaming', 'work'] }, files);
    expect(res.statusCode).toBe(201);
    id = res.json<{ newId: number }>().newId;
    images = (await t.app.inject({ method: 'GET', url: `/api/battlestations/id/${id}` })).json<{ images: string[] }>().images;
  });

  it('counts the Monitor parts, keeps the main uses in their order, and takes the palette from the first photo (decoded with sharp)', async () => {
    const station = await detail(id);
    expect(station).toMatchObject({ monitor_count: 2, monitor_count_manual: null, main_uses: ['gaming', 'work'] });
    expect(station.palette.length).toBeGreaterThanOrEqual(3);
    expect(station.palette.length).toBeLessThanOrEqual(5);
    for (const colour of station.palette) expect(colour).toMatch(/^#[0-9a-f]{6}$/);
    expect(family(station.palette[0]!)).toBe('red');
    expect(station.palette.map(family)).toEqual(expect.arrayContaining(['red', 'white', 'black']));
  });

  it('recomputes the palette when the photos are reordered, and when the first one is removed', async () => {
    const reordered = await send('PUT', `/api/battlestations/id/${id}`, { changed_images: [{ image: images[1], display_order: 0 }, { image: images[0], display_order: 1 }] });
    expect(reordered.statusCode).toBe(200);
    expect(family((await detail(id)).palette[0]!)).toBe('blue');
    const added = await send('PUT', `/api/battlestations/id/${id}`, { removed_images: [images[1]], added_images_order: [0] }, [photo(await bandedJpeg([WHITE, RED]), 'white.jpg', 'added_images')]);
    expect(added.statusCode).toBe(200);
    expect(family((await detail(id)).palette[0]!)).toBe('white');
  });

  it("takes the owner's monitor count until it is cleared, and new main uses", async () => {
    expect((await send('PUT', `/api/battlestations/id/${id}`, { monitor_count: '3', main_uses: ['study'] })).statusCode).toBe(200);
    expect(await detail(id)).toMatchObject({ monitor_count: 3, monitor_count_manual: 3, main_uses: ['study'] });
    expect((await send('PUT', `/api/battlestations/id/${id}`, { monitor_count: '' })).statusCode).toBe(200);
    expect(await detail(id)).toMatchObject({ monitor_count: 2, monitor_count_manual: null });
  });

  it('follows a part moved out of the Monitor category and back: the count, the filter and the kept counts', async () => {
    const admin = await createUser(t.app, { is_admin: true });
    const screen = await createPart(t.app, { type: monitorType });
    const keyboards = await createPartType(t.app, { type_path: `keyboards-${uniqueSuffix()}` });
    const created = await send('POST', '/api/battlestations/', { name: 'One screen', added_parts: [screen.part_id] }, [photo(await bandedJpeg([WHITE]), 'w.jpg')]);
    const station = created.json<{ newId: number }>().newId;
    const withOne = async () => (await t.app.inject({ method: 'GET', url: '/api/battlestations?monitorCount=1&resultsPerPage=48' })).json<{ total: number }>().total;
    const before = await withOne();
    const recategorise = async (typeId: number) => {
      const body = multipart({ name: screen.name, type_id: typeId, manufacturer: screen.manufacturer });
      expect((await t.app.inject({ method: 'PUT', url: `/api/parts/${screen.part_id}`, headers: { ...body.headers, ...bearer(admin) }, payload: body.payload })).statusCode).toBe(200);
    };
    await recategorise(keyboards.type_id);
    expect((await detail(station)).monitor_count).toBe(0);
    expect(await withOne()).toBe(before - 1);
    expect(await counterMismatches(t.app)).toEqual([]);
    await recategorise(monitorType.type_id);
    expect((await detail(station)).monitor_count).toBe(1);
    expect(await withOne()).toBe(before);
    expect(await counterMismatches(t.app)).toEqual([]);
  });

  it.each([
    [{ main_uses: ['cooking'] }, 'main_uses must be one of'],
    [{ main_uses: 'gaming' }, 'main_uses must be a list'],
    [{ monitor_count: '13' }, 'monitor_count must be a whole number from 0 to 12'],
    [{ monitor_count: '1.5' }, 'monitor_count must be a whole number'],
    [{ monitor_count: 'two' }, 'monitor_count must be a whole number'],
  ])('refuses %j with a 400', async (fields, message) => {
    const res = await send('PUT', `/api/battlestations/id/${id}`, fields);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toContain(message);
  });
});

interface ListBody {
  battlestations: { battlestation_id: number }[];
  total: number;
  facets: Record<'monitorCount' | 'mainUse' | 'colourFamily', { value: string; count: number }[]>;
}

describe('GET /api/battlestations: desk filters and their counts', () => {
  const marker = `flt${uniqueSuffix()}`;
  let s: Record<'gamingBlue' | 'workRed' | 'bothTriple' | 'quad' | 'hidden', number>;

  beforeAll(async () => {
    const make = async (name: string, extra: Parameters<typeof createBattlestation>[1]) =>
      (await createBattlestation(t.app, { owner, name: `${name} ${marker}`, ...extra })).battlestation_id;
    s = {
      gamingBlue: await make('a', { main_uses: ['gaming'], monitor_count_manual: 1, palette: ['#1e3cc8', '#0a0a0a'] }),
      workRed: await make('b', { main_uses: ['work'], monitor_count_manual: 2, palette: ['#c81e28', '#f0f0f0'] }),
      bothTriple: await make('c', { main_uses: ['gaming', 'work'], monitor_count_manual: 3, palette: ['#1e3cc8', '#f0f0f0'] }),
      quad: await make('d', { main_uses: ['streaming'], monitor_count_manual: 6, palette: ['#28a03c'] }),
      hidden: await make('e', { main_uses: ['gaming'], monitor_count_manual: 1, palette: ['#1e3cc8'], is_public: false }),
    };
  });

  const list = (query: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: `/api/battlestations?${new URLSearchParams({ searchTerm: marker, sortBy: 'name', ...query }).toString()}` });
  const listOk = async (query: Record<string, string>) => {
    const res = await list(query);
    expect(res.statusCode).toBe(200);
    return res.json<ListBody>();
  };
  const ids = (body: ListBody) => body.battlestations.map((c) => c.battlestation_id);
  const count = (body: ListBody, facet: keyof ListBody['facets'], value: string) => body.facets[facet].find((f) => f.value === value)?.count;

  it('filters by monitor count (4 and more as one choice), main use and colour family, combined with the search', async () => {
    expect(ids(await listOk({ mainUse: 'gaming' }))).toEqual([s.gamingBlue, s.bothTriple]);
    expect(ids(await listOk({ monitorCount: '4+' }))).toEqual([s.quad]);
    expect(ids(await listOk({ colourFamily: 'white' }))).toEqual([s.workRed, s.bothTriple]);
    const combined = await listOk({ mainUse: 'gaming', colourFamily: 'blue', monitorCount: '3' });
    expect(ids(combined)).toEqual([s.bothTriple]);
    expect(combined.total).toBe(1);
  });

  it('counts what each choice would give, with the search and the other filters applied, never private stations', async () => {
    const all = await listOk({});
    expect(all.total).toBe(4);
    expect(count(all, 'mainUse', 'gaming')).toBe(2);
    expect(count(all, 'mainUse', 'study')).toBe(0);
    expect(count(all, 'monitorCount', '1')).toBe(1);
    expect(count(all, 'monitorCount', '4+')).toBe(1);
    expect(count(all, 'colourFamily', 'blue')).toBe(2);
    expect(all.facets.colourFamily.map((f) => f.value)).toEqual(['black', 'white', 'grey', 'red', 'orange', 'yellow', 'green', 'blue', 'purple', 'pink']);

    const gaming = await listOk({ mainUse: 'gaming' });
    // The chosen filter's own counts ignore it (choosing 'work' instead would give 2)…
    expect(count(gaming, 'mainUse', 'work')).toBe(2);
    // …while the other filters' counts are within it.
    expect(count(gaming, 'colourFamily', 'white')).toBe(1);
    expect(count(gaming, 'monitorCount', '2')).toBe(0);

    // Two filters: each facet is counted within the other filters, all from one pass over the search's matches.
    const gamingWhite = await listOk({ mainUse: 'gaming', colourFamily: 'white' });
    expect(gamingWhite.total).toBe(1);
    expect([count(gamingWhite, 'mainUse', 'work'), count(gamingWhite, 'mainUse', 'gaming'), count(gamingWhite, 'mainUse', 'streaming')]).toEqual([2, 1, 0]);
    expect([count(gamingWhite, 'colourFamily', 'blue'), count(gamingWhite, 'colourFamily', 'white'), count(gamingWhite, 'colourFamily', 'black')]).toEqual([2, 1, 1]);
    expect([count(gamingWhite, 'monitorCount', '3'), count(gamingWhite, 'monitorCount', '1')]).toEqual([1, 0]);
  });

  it('takes an empty filter as none (a GET form sends its "Any" that way)', async () => {
    expect((await listOk({ monitorCount: '', mainUse: '', colourFamily: '' })).total).toBe(4);
  });

  it('answers the counts without a search or a filter from the kept rows, right after each kind of write', async () => {
    const gaming = async () => count(await listOk({ searchTerm: '' }), 'mainUse', 'gaming');
    const before = await gaming();
    expect((await send('PUT', `/api/battlestations/id/${s.hidden}`, { is_public: 'true' })).statusCode).toBe(200);
    expect(await gaming()).toBe(before! + 1);
    expect((await send('PUT', `/api/battlestations/id/${s.hidden}`, { main_uses: ['study'] })).statusCode).toBe(200);
    expect(await gaming()).toBe(before);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/battlestations/id/${s.gamingBlue}`, headers: bearer(owner) })).statusCode).toBe(204);
    expect(await gaming()).toBe(before! - 1);
    expect(await counterMismatches(t.app)).toEqual([]);
  });

  it('answers the counts within one filter and the totals of one or two from the kept rows, equal to counting the stations', async () => {
    const body = await listOk({ searchTerm: '', mainUse: 'gaming' });
    const counted = await rows<{ token: string; n: number }>(
      t.app.db,
      sql`SELECT token, count(*)::int AS n FROM battlestations, unnest(facets) AS token WHERE is_public AND facets @> ARRAY['use:gaming'] GROUP BY token`,
    );
    const expected = (prefix: string, value: string) => counted.find((row) => row.token === `${prefix}:${value}`)?.n ?? 0;
    expect(body.facets.colourFamily.map((f) => f.count)).toEqual(body.facets.colourFamily.map((f) => expected('colour', f.value)));
    expect(body.facets.monitorCount.map((f) => f.count)).toEqual(body.facets.monitorCount.map((f) => expected('monitors', f.value)));
    expect(count(body, 'colourFamily', 'blue')).toBeGreaterThan(0);
    // The totals of one or two filters are kept rows too.
    const counts = async (tokens: string) =>
      (await rows<{ n: number }>(t.app.db, sql`SELECT count(*)::int AS n FROM battlestations WHERE is_public AND facets @> ${tokens}::text[]`))[0]!.n;
    expect(body.total).toBe(await counts('{use:gaming}'));
    expect((await listOk({ searchTerm: '', mainUse: 'gaming', colourFamily: 'white' })).total).toBe(await counts('{use:gaming,colour:white}'));
    expect((await listOk({ searchTerm: '', mainUse: 'gaming', colourFamily: 'white', monitorCount: '3' })).total).toBe(await counts('{use:gaming,colour:white,monitors:3}'));
  });

  it('answers each filter\'s counts within the other two from the kept triples (migration 0020), equal to counting the stations', async () => {
    const three = await listOk({ searchTerm: '', mainUse: 'gaming', colourFamily: 'blue', monitorCount: '3' });
    const within = async (tokens: string, prefix: string) =>
      rows<{ token: string; n: number }>(
        t.app.db,
        sql`SELECT token, count(*)::int AS n FROM battlestations, unnest(facets) AS token
          WHERE is_public AND facets @> ${tokens}::text[] AND token LIKE ${`${prefix}:%`} GROUP BY token`,
      );
    const expectCounts = async (facet: keyof ListBody['facets'], prefix: string, others: string) => {
      const counted = await within(others, prefix);
      expect(three.facets[facet].map((f) => f.count)).toEqual(three.facets[facet].map((f) => counted.find((row) => row.token === `${prefix}:${f.value}`)?.n ?? 0));
    };
    await expectCounts('mainUse', 'use', '{colour:blue,monitors:3}');
    await expectCounts('colourFamily', 'colour', '{use:gaming,monitors:3}');
    await expectCounts('monitorCount', 'monitors', '{use:gaming,colour:blue}');
    expect(count(three, 'mainUse', 'work')).toBeGreaterThan(0);
    expect(await counterMismatches(t.app)).toEqual([]);
  });

  it('answers a search of two words without filters with its total and every count, equal to counting the stations', async () => {
    // Two words: the vocabulary cannot tell the total, so it and the counts come from one pass (decision 017).
    // A private station with the same words is neither listed nor counted.
    await createBattlestation(t.app, { owner, name: `c ${marker}`, main_uses: ['work'], monitor_count_manual: 3, palette: ['#f0f0f0'], is_public: false });
    const body = await listOk({ searchTerm: `c ${marker}` });
    expect(ids(body)).toEqual([s.bothTriple]);
    expect(body.total).toBe(1);
    const counted = await rows<{ token: string; n: number }>(
      t.app.db,
      sql`SELECT token, count(*)::int AS n FROM battlestations, unnest(facets) AS token
        WHERE is_public AND battlestation_id = ${s.bothTriple} GROUP BY token`,
    );
    const expected = (prefix: string, value: string) => counted.find((row) => row.token === `${prefix}:${value}`)?.n ?? 0;
    for (const [facet, prefix] of [['mainUse', 'use'], ['colourFamily', 'colour'], ['monitorCount', 'monitors']] as const) {
      expect(body.facets[facet].map((f) => f.count)).toEqual(body.facets[facet].map((f) => expected(prefix, f.value)));
    }
    expect(count(body, 'mainUse', 'work')).toBe(1);
    expect(count(body, 'monitorCount', '3')).toBe(1);
  });

  it('answers a search that matches nothing with zero counts', async () => {
    const body = await listOk({ searchTerm: `zzqx${uniqueSuffix()}`, mainUse: 'gaming' });
    expect(body.total).toBe(0);
    expect(body.facets.mainUse.every((f) => f.count === 0)).toBe(true);
  });

  it.each([
    ['monitorCount', '5', 'monitorCount must be one of: 1, 2, 3, 4+.'],
    ['mainUse', 'cooking', 'mainUse must be one of: gaming, work, creative, streaming, study.'],
    ['colourFamily', 'beige', 'colourFamily must be one of: black, white, grey'],
  ])('refuses %s=%j with a 400 naming the allowed values', async (name, value, message) => {
    const res = await list({ [name]: value });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toContain(message);
  });
});

describe('start-up palette backfill of photos stored before palettes (decision 017)', () => {
  it('fills each photo from its stored file and its station from the cover photo, marks a lost file, and does nothing twice', async () => {
    const files = [photo(await bandedJpeg([BLUE, WHITE]), 'blue.jpg'), photo(await bandedJpeg([RED, BLACK]), 'red.jpg')];
    const created = await send('POST', '/api/battlestations/', { name: `Old photos ${uniqueSuffix()}`, added_parts: [(await createPart(t.app)).part_id], is_public: 'false' }, files);
    expect(created.statusCode).toBe(201);
    const id = created.json<{ newId: number }>().newId;
    const lost = await send('POST', '/api/battlestations/', { name: `Lost photo ${uniqueSuffix()}`, added_parts: [(await createPart(t.app)).part_id] }, [photo(await bandedJpeg([RED]), 'red.jpg')]);
    const lostId = lost.json<{ newId: number }>().newId;
    // The station is private, so its files are on the private side: the owner reads it.
    const ownDetail = (stationId: number) =>
      t.app.inject({ method: 'GET', url: `/api/battlestations/id/${stationId}`, headers: bearer(owner) }).then((r) => r.json<Detail>());
    const extracted = await ownDetail(id);
    // As a station saved before the palettes: no palette on its photos or on it, so no colour filter finds it.
    await t.app.db.execute(sql`UPDATE battlestation_images SET palette = NULL, colour_families = NULL WHERE battlestation_id IN (${id}, ${lostId})`);
    await t.app.db.execute(sql`UPDATE battlestations SET palette = '{}', colour_families = '{}' WHERE battlestation_id IN (${id}, ${lostId})`);
    const [lostImage] = await rows<{ image: string }>(t.app.db, sql`SELECT image FROM battlestation_images WHERE battlestation_id = ${lostId}`);
    await t.app.storage.delete(stationImageKey(lostImage!.image, false));
    expect((await ownDetail(id)).palette).toEqual([]);

    expect(await backfillPhotoPalettes(t.app)).toBeGreaterThanOrEqual(3);
    const filled = await ownDetail(id);
    expect(filled.palette.map(family)).toEqual(extracted.palette.map(family));
    expect(family(filled.palette[0]!)).toBe('blue');
    const photoFamilies = await rows<{ colour_families: string[] }>(
      t.app.db,
      sql`SELECT colour_families FROM battlestation_images WHERE battlestation_id = ${id} ORDER BY display_order`,
    );
    expect(photoFamilies[0]!.colour_families).toContain('blue');
    expect(photoFamilies[1]!.colour_families).toContain('red');
    expect((await detail(lostId)).palette).toEqual([]);
    expect(await counterMismatches(t.app)).toEqual([]);

    expect(await backfillPhotoPalettes(t.app)).toBe(0);
  });

  it('runs once per database at start-up: recorded only when every photo was filled, then no photo is looked for again', async () => {
    await t.app.db.execute(sql`DELETE FROM completed_tasks WHERE name = ${PHOTO_PALETTES_TASK}`);
    const recorded = async () => (await rows(t.app.db, sql`SELECT name FROM completed_tasks WHERE name = ${PHOTO_PALETTES_TASK}`)).length > 0;
    const created = await send('POST', '/api/battlestations/', { name: `Once ${uniqueSuffix()}`, added_parts: [(await createPart(t.app)).part_id] }, [
      photo(await bandedJpeg([BLUE]), 'blue.jpg'),
    ]);
    const id = created.json<{ newId: number }>().newId;
    const forget = () => t.app.db.execute(sql`UPDATE battlestation_images SET palette = NULL, colour_families = NULL WHERE battlestation_id = ${id}`);
    const palette = async () => (await rows<{ palette: string[] | null }>(t.app.db, sql`SELECT palette FROM battlestation_images WHERE battlestation_id = ${id}`))[0]!.palette;
    const deps = { db: t.app.db, log: t.app.log, storage: t.app.storage };
    await forget();

    // The storage failing for this start: nothing filled, nothing recorded.
    const storageDown = new Proxy(t.app.storage, {
      get: (target, key, receiver) => (key === 'get' ? () => Promise.reject(new Error('storage down')) : Reflect.get(target, key, receiver)),
    });
    expect(await backfillPhotoPalettesOnce({ ...deps, storage: storageDown })).toBe(0);
    expect(await recorded()).toBe(false);

    expect(await backfillPhotoPalettesOnce(deps)).toBeGreaterThanOrEqual(1);
    expect(await palette()).not.toBeNull();
    expect(await recorded()).toBe(true);

    await forget();
    expect(await backfillPhotoPalettesOnce(deps)).toBe(0);
    expect(await palette()).toBeNull();
    await backfillPhotoPalettes(deps);
  });
});
