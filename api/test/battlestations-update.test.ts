import { eq } from 'drizzle-orm';
import { parts as partsTable } from '../src/db/schema';
import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { counterMismatches } from './helpers/counters';
import { uniqueSuffix } from './helpers/emulator-accounts';
import { bearer, createBattlestation, createPart, createUser, type TestUser } from './helpers/factories';
import { multipart, photo, storedStationFiles, testJpeg, type UploadFile } from './helpers/upload';

let t: TestApp;
let owner: TestUser;
let stranger: TestUser;
let admin: TestUser;
let moderator: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  [owner, stranger, admin, moderator] = await Promise.all([
    createUser(t.app),
    createUser(t.app),
    createUser(t.app, { is_admin: true }),
    createUser(t.app, { is_moderator: true }),
  ]);
});
afterAll(() => t?.close());
afterEach(async () => {
  expect(await counterMismatches(t.app)).toEqual([]);
});

interface Detail {
  name: string;
  description: string;
  instagram_url: string | null;
  reddit_url: string | null;
  is_public: number;
  images: string[];
  parts: { part_id: number }[];
  image_count: number;
  part_count: number;
}

function put(id: number, fields: Record<string, unknown>, files: UploadFile[] = [], user: TestUser | null = owner) {
  const body = multipart(fields, files);
  return t.app.inject({
    method: 'PUT',
    url: `/api/battlestations/id/${id}`,
    headers: { ...body.headers, ...(user ? bearer(user) : {}) },
    payload: body.payload,
  });
}

const detail = (id: number) =>
  t.app.inject({ method: 'GET', url: `/api/battlestations/id/${id}`, headers: bearer(owner) }).then((r) => r.json<Detail>());

const partCount = async (partId: number) =>
  (await t.app.db.select({ c: partsTable.battlestation_count }).from(partsTable).where(eq(partsTable.part_id, partId)))[0].c;

/** A station whose photos really exist on disk (created through the API). */
async function uploadStation(photos = 3, partIds?: number[]): Promise<{ id: number; detail: Detail }> {
  const ids = partIds ?? [(await createPart(t.app)).part_id];
  const files = await Promise.all(Array.from({ length: photos }, (_, i) => testJpeg(i + 1).then((b) => photo(b, `p${i}.jpg`))));
  const body = multipart({ name: `Uploaded ${uniqueSuffix()}`, added_parts: ids }, files);
  const res = await t.app.inject({ method: 'POST', url: '/api/battlestations/', headers: { ...body.headers, ...bearer(owner) }, payload: body.payload });
  expect(res.statusCode).toBe(201);
  const id = res.json<{ newId: number }>().newId;
  return { id, detail: await detail(id) };
}

describe('PUT /api/battlestations/id/{id}: fields', () => {
  it('changes only what is sent and answers the station as it now is', async () => {
    const station = await createBattlestation(t.app, { owner, name: 'Before', description: 'Kept', instagram_url: 'instagram.com/a' });
    const res = await put(station.battlestation_id, { name: 'After' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'After', description: 'Kept', instagram_url: 'instagram.com/a' });
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('updates what search sees', async () => {
    const marker = `ren${uniqueSuffix()}`;
    const station = await createBattlestation(t.app, { owner, name: `Oldname ${marker}` });
    await put(station.battlestation_id, { name: `Brandnew ${marker}` });
    const search = (term: string) =>
      t.app.inject({ method: 'GET', url: `/api/battlestations?searchTerm=${term}` }).then((r) => r.json<{ total: number }>().total);
    expect(await search(`brandnew%20${marker}`)).toBe(1);
    expect(await search(`oldname%20${marker}`)).toBe(0);
  });

  it('clears a link sent empty and validates links and names like the create form', async () => {
    const station = await createBattlestation(t.app, { owner, reddit_url: 'reddit.com/r/x' });
    expect((await put(station.battlestation_id, { reddit_url: '' })).json()).toMatchObject({ reddit_url: null });
    const bad = await put(station.battlestation_id, { reddit_url: 'https://example.com' });
    expect([bad.statusCode, bad.json()]).toEqual([400, { message: 'Enter a valid Reddit link.' }]);
    const blank = await put(station.battlestation_id, { name: ' ' });
    expect([blank.statusCode, blank.json()]).toEqual([400, { message: 'Field is required.' }]);
  });

  it('refuses an update with nothing in it', async () => {
    const station = await createBattlestation(t.app, { owner });
    const res = await put(station.battlestation_id, {});
    expect([res.statusCode, res.json()]).toEqual([400, { message: 'Nothing to change.' }]);
  });
});

describe('PUT /api/battlestations/id/{id}: permissions (decision 6)', () => {
  it('401 without a token, 403 for someone else, 404 for someone else’s private station', async () => {
    const open = await createBattlestation(t.app, { owner });
    const hidden = await createBattlestation(t.app, { owner, is_public: false });
    expect((await put(open.battlestation_id, { name: 'x' }, [], null)).statusCode).toBe(401);
    const refused = await put(open.battlestation_id, { name: 'x' }, [], stranger);
    expect([refused.statusCode, refused.json()]).toEqual([403, { message: 'Only the owner of this battlestation can change it.' }]);
    expect((await put(hidden.battlestation_id, { name: 'x' }, [], stranger)).statusCode).toBe(404);
    expect((await put(2_000_000_000, { name: 'x' })).statusCode).toBe(404);
    expect((await detail(open.battlestation_id)).name).not.toBe('x');
  });

  it('refuses a stranger before reading any photo', async () => {
    const open = await createBattlestation(t.app, { owner });
    const before = await storedStationFiles(t.config.imagesDir);
    const res = await put(open.battlestation_id, {}, [photo(await testJpeg(), 'x.jpg', 'added_images')], stranger);
    expect(res.statusCode).toBe(403);
    expect(await storedStationFiles(t.config.imagesDir)).toEqual(before);
  });

  it('lets admins and moderators edit any station, private ones included', async () => {
    const hidden = await createBattlestation(t.app, { owner, is_public: false });
    expect((await put(hidden.battlestation_id, { name: 'By admin' }, [], admin)).json()).toMatchObject({ name: 'By admin' });
    expect((await put(hidden.battlestation_id, { name: 'By moderator' }, [], moderator)).json()).toMatchObject({ name: 'By moderator' });
  });
});

describe('PUT /api/battlestations/id/{id}: parts and visibility', () => {
  it('adds and removes parts, keeping every part count right', async () => {
    const [a, b, c] = await Promise.all([createPart(t.app), createPart(t.app), createPart(t.app)]);
    const station = await createBattlestation(t.app, { owner, parts: [a, b] });
    const res = await put(station.battlestation_id, { added_parts: [c.part_id], removed_parts: [a.part_id] });
    expect(res.statusCode).toBe(200);
    expect(res.json<Detail>().parts.map((p) => p.part_id).sort()).toEqual([b.part_id, c.part_id].sort());
    expect([await partCount(a.part_id), await partCount(b.part_id), await partCount(c.part_id)]).toEqual([0, 1, 1]);
  });

  it('keeps at least one part, and refuses parts that do not exist', async () => {
    const part = await createPart(t.app);
    const station = await createBattlestation(t.app, { owner, parts: [part] });
    const none = await put(station.battlestation_id, { removed_parts: [part.part_id] });
    expect([none.statusCode, none.json()]).toEqual([400, { message: 'Please select at least one part for your battlestation.' }]);
    const unknown = await put(station.battlestation_id, { added_parts: [2_000_000_000] });
    expect(unknown.statusCode).toBe(400);
    expect((await detail(station.battlestation_id)).parts.map((p) => p.part_id)).toEqual([part.part_id]);
  });

  it('moves the station in and out of the part counts and the public list when its visibility changes', async () => {
    const part = await createPart(t.app);
    const marker = `vis${uniqueSuffix()}`;
    const station = await createBattlestation(t.app, { owner, parts: [part], name: marker });
    const listed = () => t.app.inject({ method: 'GET', url: `/api/battlestations?searchTerm=${marker}` }).then((r) => r.json<{ total: number }>().total);
    expect([await partCount(part.part_id), await listed()]).toEqual([1, 1]);
    expect((await put(station.battlestation_id, { is_public: 'false' })).json()).toMatchObject({ is_public: 0 });
    expect([await partCount(part.part_id), await listed()]).toEqual([0, 0]);
    await put(station.battlestation_id, { is_public: 'true' });
    expect([await partCount(part.part_id), await listed()]).toEqual([1, 1]);
  });
});

describe('PUT /api/battlestations/id/{id}: photos', () => {
  it('removes, adds and reorders photos; removed files go, new files appear, the thumbnail follows', async () => {
    const { id, detail: before } = await uploadStation(3);
    const [a, b, c] = before.images;
    // Remove b; put c first; add two new photos: one between c and a, one at the end.
    const res = await put(
      id,
      {
        removed_images: [b],
        changed_images: [
          { image: c, display_order: 0 },
          { image: a, display_order: 2 },
        ],
        added_images_order: [1, 3],
      },
      [photo(await testJpeg(20), 'n1.jpg', 'added_images'), photo(await testJpeg(21), 'n2.jpg', 'added_images')],
    );
    expect(res.statusCode).toBe(200);
    const after = res.json<Detail>();
    expect(after.images).toHaveLength(4);
    const [first, newOne, third, newTwo] = after.images;
    expect([first, third]).toEqual([c, a]);
    expect([newOne, newTwo].every((name) => !before.images.includes(name))).toBe(true);
    const files = await storedStationFiles(t.config.imagesDir);
    expect(files).not.toContain(b);
    expect(files).not.toContain(b.replace('.jpg', '_thumb.jpg'));
    for (const name of after.images) expect(files).toContain(name);
    expect(after.image_count).toBe(4);
  });

  it('appends added photos when no positions are given', async () => {
    const { id, detail: before } = await uploadStation(1);
    const after = (await put(id, {}, [photo(await testJpeg(30), 'more.jpg', 'added_images')])).json<Detail>();
    expect(after.images[0]).toBe(before.images[0]);
    expect(after.images).toHaveLength(2);
  });

  it('keeps at least one photo, and leaves files alone when refusing', async () => {
    const { id, detail: before } = await uploadStation(1);
    const filesBefore = await storedStationFiles(t.config.imagesDir);
    const res = await put(id, { removed_images: before.images });
    expect([res.statusCode, res.json()]).toEqual([400, { message: 'Please add at least one photo.' }]);
    expect(await storedStationFiles(t.config.imagesDir)).toEqual(filesBefore);
    expect((await detail(id)).images).toEqual(before.images);
  });

  it('removes the new files when the update fails after storing them', async () => {
    const { id, detail: before } = await uploadStation(2);
    const filesBefore = await storedStationFiles(t.config.imagesDir);
    // The photo is fine, but the part list would end up empty: nothing may change, no file may stay.
    const res = await put(id, { removed_parts: before.parts.map((p) => p.part_id) }, [photo(await testJpeg(40), 'ok.jpg', 'added_images')]);
    expect(res.statusCode).toBe(400);
    expect(await storedStationFiles(t.config.imagesDir)).toEqual(filesBefore);
    expect((await detail(id)).images).toEqual(before.images);
  });

  it('refuses a bad added file and unknown photo names', async () => {
    const { id, detail: before } = await uploadStation(1);
    const filesBefore = await storedStationFiles(t.config.imagesDir);
    const bad = await put(id, {}, [photo(await testJpeg(41), 'ok.jpg', 'added_images'), photo(Buffer.from('nope'), 'x.png', 'added_images')]);
    expect([bad.statusCode, bad.json()]).toEqual([400, { message: '"x.png": Only PNG, JPG or GIF images are accepted.' }]);
    expect(await storedStationFiles(t.config.imagesDir)).toEqual(filesBefore);

    const unknown = await put(id, { removed_images: ['someone-else.jpg'] });
    expect([unknown.statusCode, unknown.json()]).toEqual([400, { message: 'Some of the photos to remove are not part of this battlestation.' }]);
    const wrongOrder = await put(id, { added_images_order: [0, 1] }, [photo(await testJpeg(42), 'one.jpg', 'added_images')]);
    expect([wrongOrder.statusCode, wrongOrder.json()]).toEqual([400, { message: 'added_images_order must give one position for each added photo.' }]);
    expect((await detail(id)).images).toEqual(before.images);
  });

  it('refuses more than 20 photos in all', async () => {
    const { id } = await uploadStation(19);
    const jpeg = await testJpeg(50, 32, 32);
    const res = await put(id, {}, [photo(jpeg, 'a.jpg', 'added_images'), photo(jpeg, 'b.jpg', 'added_images')]);
    expect([res.statusCode, res.json()]).toEqual([400, { message: 'A battlestation can have at most 20 photos.' }]);
    expect((await detail(id)).image_count).toBe(19);
  });
});
