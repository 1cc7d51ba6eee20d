import { eq, sql } from 'drizzle-orm';
import { part_stores, parts, stores } from '../src/db/schema';
import { insertStores } from '../src/repositories/catalogue-repository';
import type { PartTypeRow } from '../src/repositories/part-types-repository';
import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { bearer, createBattlestation, createPart, createPartType, createUser, type TestUser } from './helpers/factories';
import { imageFiles, jpegBytes, partForm, pngBytes } from './helpers/admin-helpers';
import { rows } from './helpers/sql-rows';

let t: TestApp;
let admin: TestUser;
let moderator: TestUser;
let cpu: PartTypeRow;
let gpu: PartTypeRow;
let amazon: number;
let newegg: number;
let jpeg: Buffer;

beforeAll(async () => {
  t = await buildTestApp();
  [admin, moderator, cpu, gpu] = await Promise.all([
    createUser(t.app, { is_admin: true }),
    createUser(t.app, { is_moderator: true }),
    createPartType(t.app, { type_name: 'CPU' }),
    createPartType(t.app, { type_name: 'GPU' }),
  ]);
  const created = await insertStores(t.app.db, [
    { name: 'Amazon', url: 'https://www.amazon.com' },
    { name: 'Newegg', url: 'https://www.newegg.com' },
  ]);
  [amazon, newegg] = created.map((s) => s.store_id);
  jpeg = await jpegBytes(800, 600);
});
afterAll(() => t?.close());

const save = (method: 'POST' | 'PUT', url: string, form: FormData, user: TestUser = admin) =>
  t.app.inject({ method, url, headers: bearer(user), payload: form });

const partRow = async (id: number) => (await t.app.db.select().from(parts).where(eq(parts.part_id, id)))[0];
const linksOf = async (id: number) =>
  (await t.app.db.select({ store_id: part_stores.store_id, url: part_stores.url }).from(part_stores).where(eq(part_stores.part_id, id))).sort(
    (a, b) => a.store_id - b.store_id,
  );
const partCount = async (storeId: number) => (await t.app.db.select({ n: stores.part_count }).from(stores).where(eq(stores.store_id, storeId)))[0].n;
const linkCount = async (storeId: number) =>
  Number((await rows<{ n: number }>(t.app.db, sql`SELECT count(*)::int AS n FROM part_stores WHERE store_id = ${storeId}`))[0].n);

describe('POST /api/parts/', () => {
  it('creates a part with an uploaded image and store links, keeping stores.part_count right', async () => {
    const before = { amazon: await partCount(amazon), newegg: await partCount(newegg) };
    const res = await save(
      'POST',
      '/api/parts/',
      partForm(
        {
          name: '  Ryzen 7 7800X3D ',
          type_id: cpu.type_id,
          manufacturer: 'AMD',
          manufacturer_url: 'https://www.amd.com/',
          added_stores: [
            { store_id: amazon, url: 'https://www.amazon.com/dp/B0BTZB7F88', store_name: 'Amazon' },
            { store_id: newegg, url: 'https://www.newegg.com/p/N82E16819113793' },
          ],
        },
        { bytes: jpeg },
      ),
      moderator,
    );
    expect(res.statusCode).toBe(201);
    const id = res.json<{ part_id: number }>().part_id;
    const row = await partRow(id);
    expect(row).toMatchObject({ name: 'Ryzen 7 7800X3D', type_id: cpu.type_id, manufacturer: 'AMD', manufacturer_url: 'https://www.amd.com/', battlestation_count: 0 });
    expect(row.image).toMatch(/^[0-9a-f]{32}\.jpg$/);
    expect(await t.app.storage.exists(`parts/${row.image}`)).toBe(true);
    expect(await t.app.storage.exists(`parts/${row.image.replace('.jpg', '_thumb.jpg')}`)).toBe(true);
    expect(await linksOf(id)).toEqual([
      { store_id: amazon, url: 'https://www.amazon.com/dp/B0BTZB7F88' },
      { store_id: newegg, url: 'https://www.newegg.com/p/N82E16819113793' },
    ]);
    expect(await partCount(amazon)).toBe(before.amazon + 1);
    expect(await partCount(newegg)).toBe(before.newegg + 1);
    expect(await partCount(amazon)).toBe(await linkCount(amazon));
  });

  it('needs an image when creating', async () => {
    const res = await save('POST', '/api/parts/', partForm({ name: 'No picture', type_id: cpu.type_id, manufacturer: 'AMD' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'An image is required: upload a file or give an image URL.' });
  });

  it.each([
    ['an empty name', { name: '', type_id: 1, manufacturer: 'AMD' }, 'Field is required.'],
    ['no name', { type_id: 1, manufacturer: 'AMD' }, 'Field is required.'],
    ['a name of 201 characters', { name: 'x'.repeat(201), type_id: 1, manufacturer: 'AMD' }, 'Name must be at most 200 characters.'],
    ['no type', { name: 'No type', manufacturer: 'AMD' }, 'Field is required.'],
    ['a blank manufacturer', { name: 'No maker', type_id: 1, manufacturer: '   ' }, 'Field is required.'],
    ['a javascript: link', { name: 'Bad link', type_id: 1, manufacturer: 'AMD', manufacturer_url: 'javascript:alert(1)' }, 'Enter a valid manufacturer URL starting with http:// or https://.'],
    ['store links that are not JSON', { name: 'Bad stores', type_id: 1, manufacturer: 'AMD', added_stores: 'not json' }, 'added_stores must be a list of store links.'],
  ])('validates the fields on the server: %s', async (_label, fields, message) => {
    const res = await save('POST', '/api/parts/', partForm(fields, { bytes: jpeg }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
  });

  it('refuses an unknown type, an unknown store and a store linked twice, writing nothing', async () => {
    const filesBefore = await imageFiles(t.config.imagesDir);
    const cases: [Record<string, unknown>, string][] = [
      [{ type_id: 999999 }, 'Choose a part type.'],
      [{ added_stores: [{ store_id: 999999, url: 'https://example.com/x' }] }, 'One of the chosen stores does not exist.'],
      [{ added_stores: [{ store_id: amazon, url: 'https://a.example/1' }, { store_id: amazon, url: 'https://a.example/2' }] }, 'A store can be linked only once.'],
    ];
    for (const [fields, message] of cases) {
      const res = await save('POST', '/api/parts/', partForm({ name: 'Refused part', type_id: cpu.type_id, manufacturer: 'AMD', ...fields }, { bytes: jpeg }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message });
    }
    expect(await t.app.db.select().from(parts).where(eq(parts.name, 'Refused part'))).toEqual([]);
    expect(await imageFiles(t.config.imagesDir)).toEqual(filesBefore);
  });

  it('answers 409 and writes nothing when a linked store is deleted while the part is being saved', async () => {
    const [doomed] = await insertStores(t.app.db, [{ name: `Closing ${Date.now()}`, url: `https://closing-${Date.now()}.example` }]);
    // An admin deleting the store between the save's check and its link: done here by a trigger, at that moment.
    await t.app.db.execute(sql.raw(`CREATE FUNCTION test_store_goes() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN DELETE FROM stores WHERE store_id = ${doomed.store_id}; RETURN NEW; END $$`));
    await t.app.db.execute(sql`CREATE TRIGGER test_store_goes BEFORE INSERT ON part_stores FOR EACH ROW EXECUTE FUNCTION test_store_goes()`);
    const filesBefore = await imageFiles(t.config.imagesDir);
    try {
      const res = await save(
        'POST',
        '/api/parts/',
        partForm({ name: 'Raced part', type_id: cpu.type_id, manufacturer: 'AMD', added_stores: [{ store_id: doomed.store_id, url: 'https://closing.example/p' }] }, { bytes: jpeg }),
      );
      expect([res.statusCode, res.json()]).toEqual([409, { message: 'Something this change refers to was removed in the meantime. Please reload the page and try again.' }]);
    } finally {
      await t.app.db.execute(sql`DROP TRIGGER test_store_goes ON part_stores`);
      await t.app.db.execute(sql`DROP FUNCTION test_store_goes()`);
    }
    expect(await t.app.db.select().from(parts).where(eq(parts.name, 'Raced part'))).toEqual([]);
    expect(await imageFiles(t.config.imagesDir)).toEqual(filesBefore);
  });

  it('answers 503 (try again), with nothing saved and no file left, when the database ends a deadlock by rolling the save back', async () => {
    // The server's deadlock_detected, raised here by a trigger at the moment the part's store link is written.
    await t.app.db.execute(sql.raw(`CREATE FUNCTION test_deadlock() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'deadlock detected' USING ERRCODE = '40P01'; END $$`));
    await t.app.db.execute(sql`CREATE TRIGGER test_deadlock BEFORE INSERT ON part_stores FOR EACH ROW EXECUTE FUNCTION test_deadlock()`);
    const filesBefore = await imageFiles(t.config.imagesDir);
    const [store] = await insertStores(t.app.db, [{ name: `Busy ${Date.now()}`, url: `https://busy-${Date.now()}.example` }]);
    try {
      const res = await save(
        'POST',
        '/api/parts/',
        partForm({ name: 'Deadlocked part', type_id: cpu.type_id, manufacturer: 'AMD', added_stores: [{ store_id: store.store_id, url: 'https://busy.example/p' }] }, { bytes: jpeg }),
      );
      expect([res.statusCode, res.json(), res.headers['retry-after']]).toEqual([503, { message: 'Another change to the same data got in the way, and nothing was saved. Please try again.' }, '1']);
    } finally {
      await t.app.db.execute(sql`DROP TRIGGER test_deadlock ON part_stores`);
      await t.app.db.execute(sql`DROP FUNCTION test_deadlock()`);
    }
    expect(await t.app.db.select().from(parts).where(eq(parts.name, 'Deadlocked part'))).toEqual([]);
    expect(await imageFiles(t.config.imagesDir)).toEqual(filesBefore);
  });

  it('refuses a file that is not an image, and a second file', async () => {
    const text = await save('POST', '/api/parts/', partForm({ name: 'Text', type_id: cpu.type_id, manufacturer: 'AMD' }, { bytes: Buffer.from('hello'), name: 'x.jpg' }));
    expect(text.statusCode).toBe(400);
    expect(text.json()).toEqual({ message: '"x.jpg": Only PNG, JPG or GIF images are accepted.' });
    const form = partForm({ name: 'Two', type_id: cpu.type_id, manufacturer: 'AMD' }, { bytes: jpeg });
    form.append('image', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'second.jpg');
    const two = await save('POST', '/api/parts/', form);
    expect(two.statusCode).toBe(400);
    expect(two.json()).toEqual({ message: 'Send at most one file, as image.' });
  });

  it('refuses an image over 4 MB with 413', async () => {
    const res = await save('POST', '/api/parts/', partForm({ name: 'Huge', type_id: cpu.type_id, manufacturer: 'AMD' }, { bytes: Buffer.alloc(4194305, 1) }));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'Maximum file size is 4MB.' });
  });
});

describe('PUT /api/parts/:id', () => {
  it('changes the fields and store links, replaces the image and deletes the old files', async () => {
    const created = await save(
      'POST',
      '/api/parts/',
      partForm({ name: 'GeForce RTX 4070', type_id: gpu.type_id, manufacturer: 'NVIDIA', manufacturer_url: 'https://nvidia.com', added_stores: [{ store_id: amazon, url: 'https://www.amazon.com/old' }] }, { bytes: jpeg }),
    );
    const id = created.json<{ part_id: number }>().part_id;
    const oldImage = (await partRow(id)).image;
    const amazonBefore = await partCount(amazon);
    const neweggBefore = await partCount(newegg);

    const res = await save(
      'PUT',
      `/api/parts/${id}`,
      partForm(
        {
          name: 'GeForce RTX 4070 Super',
          type_id: gpu.type_id,
          manufacturer: 'NVIDIA',
          manufacturer_url: '',
          deleted_stores: [amazon],
          added_stores: [{ store_id: newegg, url: 'https://www.newegg.com/rtx' }],
        },
        { bytes: await pngBytes(), name: 'new.png', type: 'image/png' },
      ),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ part_id: id });
    const row = await partRow(id);
    expect(row).toMatchObject({ name: 'GeForce RTX 4070 Super', manufacturer_url: null });
    expect(row.image).toMatch(/\.png$/);
    expect(await t.app.storage.exists(`parts/${row.image}`)).toBe(true);
    expect(await t.app.storage.exists(`parts/${oldImage}`)).toBe(false);
    expect(await t.app.storage.exists(`parts/${oldImage.replace('.jpg', '_thumb.jpg')}`)).toBe(false);
    expect(await linksOf(id)).toEqual([{ store_id: newegg, url: 'https://www.newegg.com/rtx' }]);
    expect(await partCount(amazon)).toBe(amazonBefore - 1);
    expect(await partCount(newegg)).toBe(neweggBefore + 1);
  });

  it('keeps the image when none is sent, and updates a link URL in place', async () => {
    const part = await createPart(t.app, { type: cpu });
    await save('PUT', `/api/parts/${part.part_id}`, partForm({ name: part.name, type_id: cpu.type_id, manufacturer: 'Acme', added_stores: [{ store_id: amazon, url: 'https://a.example/1' }] }));
    const before = await partCount(amazon);
    const res = await save('PUT', `/api/parts/${part.part_id}`, partForm({ name: part.name, type_id: cpu.type_id, manufacturer: 'Acme', added_stores: [{ store_id: amazon, url: 'https://a.example/2' }] }));
    expect(res.statusCode).toBe(200);
    expect((await partRow(part.part_id)).image).toBe(part.image);
    expect(await linksOf(part.part_id)).toEqual([{ store_id: amazon, url: 'https://a.example/2' }]);
    expect(await partCount(amazon)).toBe(before);
  });

  it('refreshes the search text of the battlestations listing a renamed part', async () => {
    const part = await createPart(t.app, { type: cpu, name: 'Old Cooler Name' });
    const station = await createBattlestation(t.app, { parts: [part] });
    const res = await save('PUT', `/api/parts/${part.part_id}`, partForm({ name: 'Noctua NH-D15 chromax', type_id: cpu.type_id, manufacturer: 'Noctua' }));
    expect(res.statusCode).toBe(200);
    const [{ search_text }] = await rows<{ search_text: string }>(t.app.db, sql`SELECT search_text FROM battlestations WHERE battlestation_id = ${station.battlestation_id}`);
    expect(search_text).toContain('noctua nh-d15 chromax');
    expect(search_text).not.toContain('old cooler name');
  });

  it('answers 404 for a part that does not exist', async () => {
    const res = await save('PUT', '/api/parts/999999', partForm({ name: 'Ghost', type_id: cpu.type_id, manufacturer: 'Acme' }));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Part not found.' });
  });
});

describe('DELETE /api/parts/:id', () => {
  it('refuses a part battlestations use, naming how many (private ones count)', async () => {
    const part = await createPart(t.app, { type: cpu });
    await createBattlestation(t.app, { parts: [part] });
    await createBattlestation(t.app, { parts: [part] });
    await createBattlestation(t.app, { parts: [part], is_public: false });
    const res = await t.app.inject({ method: 'DELETE', url: `/api/parts/${part.part_id}`, headers: bearer(admin) });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'This part is used by 3 battlestations and cannot be deleted.' });
    expect(await partRow(part.part_id)).toBeDefined();

    const single = await createPart(t.app, { type: cpu });
    await createBattlestation(t.app, { parts: [single] });
    const one = await t.app.inject({ method: 'DELETE', url: `/api/parts/${single.part_id}`, headers: bearer(admin) });
    expect(one.json()).toEqual({ message: 'This part is used by 1 battlestation and cannot be deleted.' });
  });

  it('deletes an unused part with its store links and image files', async () => {
    const created = await save(
      'POST',
      '/api/parts/',
      partForm({ name: 'Doomed part', type_id: cpu.type_id, manufacturer: 'Acme', added_stores: [{ store_id: newegg, url: 'https://www.newegg.com/doomed' }] }, { bytes: jpeg }),
    );
    const id = created.json<{ part_id: number }>().part_id;
    const { image } = await partRow(id);
    const before = await partCount(newegg);

    const res = await t.app.inject({ method: 'DELETE', url: `/api/parts/${id}`, headers: bearer(moderator) });
    expect(res.statusCode).toBe(204);
    expect(await partRow(id)).toBeUndefined();
    expect(await linksOf(id)).toEqual([]);
    expect(await partCount(newegg)).toBe(before - 1);
    expect(await partCount(newegg)).toBe(await linkCount(newegg));
    expect(await t.app.storage.exists(`parts/${image}`)).toBe(false);
    expect(await t.app.storage.exists(`parts/${image.replace('.jpg', '_thumb.jpg')}`)).toBe(false);

    const again = await t.app.inject({ method: 'DELETE', url: `/api/parts/${id}`, headers: bearer(admin) });
    expect(again.statusCode).toBe(404);
  });
});
