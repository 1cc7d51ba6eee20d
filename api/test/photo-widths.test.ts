import { legacyWidthVariantName, photoFileNames, thumbnailName, widthVariantName, type BattlestationCard, type BattlestationDetail, type PartDetail } from '@battledeck/shared/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { Config } from '../src/config';
import { battlestation_images, parts } from '../src/db/schema';
import { backfillPhotoWidths } from '../src/services/photo-widths-backfill';
import { buildApp } from '../src/app';
import { imageKey, stationImageKey, type Storage } from '../src/storage/storage';
import { partForm } from './helpers/admin-helpers';
import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { uniqueSuffix } from './helpers/emulator-accounts';
import { bearer, createPart, createPartType, createUser, type TestUser } from './helpers/factories';
import { expectedPhotoFiles, presentPhotoFiles } from './helpers/photo-files';
import { startS3Server, type TestS3Server } from './helpers/s3-server';
import { multipart, photo, testJpeg } from './helpers/upload';
import type { PartRow } from '../src/repositories/catalogue-repository';
import type { PartTypeRow } from '../src/repositories/part-types-repository';

/**
 * Issue 17: every station photo and part image gets width copies (320…1280 px, none wider than its web copy)
 * beside its web copy and `_thumb`; the answers say which exist. The copies follow the photo everywhere:
 * a failed upload leaves none, a delete removes them, a change of side moves them, the private route serves
 * them to owner and staff, and a start-up backfill writes them for older photos (and replaces copies written
 * before they were WebP), once. On both drivers.
 */

async function s3Overrides(): Promise<{ overrides: Partial<Config>; close: () => Promise<void> }> {
  const server: TestS3Server = await startS3Server();
  return { overrides: { storage: 's3', s3: server.settings, imageBaseUrl: server.publicBaseUrl }, close: () => server.close() };
}

describe.each([
  ['local disk', async () => ({ overrides: {} as Partial<Config>, close: async () => undefined })],
  ['S3-compatible (s3rver)', s3Overrides],
])('photo width copies: %s', (_driver, makeStorage) => {
  let t: TestApp;
  let closeStorage: () => Promise<void>;
  /** Where the S3 driver's objects are read over HTTP, as a CDN would (undefined for local disk). */
  let objectBaseUrl: string | undefined;
  let owner: TestUser;
  let other: TestUser;
  let moderator: TestUser;
  let admin: TestUser;
  let part: PartRow;
  let type: PartTypeRow;
  /** 1000 × 750: copies at 320, 480, 640 and 960 px, none at 1280 (wider than the photo). */
  let wide: Buffer;

  beforeAll(async () => {
    const storage = await makeStorage();
    closeStorage = storage.close;
    objectBaseUrl = storage.overrides.imageBaseUrl;
    t = await buildTestApp(storage.overrides);
    [owner, other, moderator, admin] = await Promise.all([
      createUser(t.app),
      createUser(t.app),
      createUser(t.app, { is_moderator: true }),
      createUser(t.app, { is_admin: true }),
    ]);
    type = await createPartType(t.app);
    part = await createPart(t.app, { type });
    wide = await testJpeg(7, 1000, 750);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await closeStorage?.();
  });

  const send = (user: TestUser, method: 'POST' | 'PUT' | 'DELETE', url: string, body?: { payload: Buffer; headers: Record<string, string> }) =>
    t.app.inject({ method, url, payload: body?.payload, headers: { ...body?.headers, ...bearer(user) } });

  async function createStation(isPublic: boolean, photos: Buffer[] = [wide]): Promise<number> {
    const body = multipart(
      { name: `Widths ${uniqueSuffix()}`, added_parts: [part.part_id], is_public: String(isPublic) },
      photos.map((bytes, i) => photo(bytes, `p${i}.jpg`)),
    );
    const res = await send(owner, 'POST', '/api/battlestations', body);
    expect(res.statusCode).toBe(201);
    return res.json<{ newId: number }>().newId;
  }

  const detail = async (id: number) => (await t.app.inject({ method: 'GET', url: `/api/battlestations/id/${id}`, headers: bearer(owner) })).json<BattlestationDetail>();
  const exists = (key: string) => t.app.storage.exists(key);
  /** Which of a station photo's possible files exist, on the given side. */
  const presentFiles = (name: string, isPrivate: boolean) => presentPhotoFiles(t.app.storage, name, (file) => stationImageKey(file, isPrivate));

  it('an upload writes the widths narrower than the photo, no wider ones, and the answers list them', async () => {
    const id = await createStation(true, [wide, await testJpeg(2, 400, 300)]);
    const station = await detail(id);
    expect(station.image_sizes).toEqual([
      { width: 1000, height: 750, widths: [320, 480, 640, 960] },
      { width: 400, height: 300, widths: [320] },
    ]);
    const [big, small] = station.images;
    expect(await presentFiles(big, false)).toEqual(expectedPhotoFiles(big, [320, 480, 640, 960]));
    expect(await presentFiles(small, false)).toEqual(expectedPhotoFiles(small, [320]));
    const copy = await t.app.storage.get(stationImageKey(widthVariantName(big, 480), false));
    const meta = await sharp(copy!).metadata();
    expect([meta.width, meta.height, meta.format, meta.exif]).toEqual([480, 360, 'webp', undefined]);
    if (t.app.storage.driver === 'local') {
      const served = await t.app.inject({ method: 'GET', url: `/images/battlestations/${widthVariantName(big, 480)}` });
      expect([served.statusCode, served.headers['cache-control']]).toEqual([200, 'public, max-age=31536000, immutable']);
    } else {
      // Object storage serves each file with the type it was written with: the name's.
      const typeOf = async (file: string) => (await fetch(`${objectBaseUrl}/${stationImageKey(file, false)}`)).headers.get('content-type');
      expect(await Promise.all([big, thumbnailName(big), widthVariantName(big, 480)].map(typeOf))).toEqual(['image/jpeg', 'image/jpeg', 'image/webp']);
    }

    const list = await t.app.inject({ method: 'GET', url: '/api/battlestations?resultsPerPage=96&sortBy=created_date&direction=desc' });
    const card = list.json<{ battlestations: BattlestationCard[] }>().battlestations.find((c) => c.battlestation_id === id);
    expect(card).toMatchObject({ thumbnail: big, thumbnail_size: { width: 1000, height: 750, widths: [320, 480, 640, 960] } });
  });

  it('a failed upload leaves no copy behind', async () => {
    const spy = jest.spyOn(t.app.storage, 'put');
    // An unknown part is refused inside the transaction, after every photo was stored.
    const body = multipart({ name: `Refused ${uniqueSuffix()}`, added_parts: [987654], is_public: 'true' }, [photo(wide), photo(await testJpeg(4, 700, 500))]);
    const res = await send(owner, 'POST', '/api/battlestations', body);
    const keys = spy.mock.calls.map(([key]) => key);
    spy.mockRestore();
    expect(res.statusCode).toBe(400);
    expect(keys.filter((key) => /_w\d+\./.test(key)).length).toBeGreaterThanOrEqual(4 + 3);
    for (const key of keys) expect(await exists(key)).toBe(false);
  });

  it('deleting a station removes every copy', async () => {
    const id = await createStation(true);
    const [name] = (await detail(id)).images;
    expect(await presentFiles(name, false)).toHaveLength(6);
    expect((await send(owner, 'DELETE', `/api/battlestations/id/${id}`)).statusCode).toBe(204);
    expect(await presentFiles(name, false)).toEqual([]);
  });

  it('a change of side moves every copy, and the private route serves them to owner and staff only', async () => {
    const id = await createStation(true);
    const [publicName] = (await detail(id)).images;
    expect((await send(owner, 'PUT', `/api/battlestations/id/${id}`, multipart({ is_public: 'false' }))).statusCode).toBe(200);
    const station = await detail(id);
    const [privateName] = station.images;
    expect(privateName).not.toBe(publicName);
    expect(station.image_sizes).toEqual([{ width: 1000, height: 750, widths: [320, 480, 640, 960] }]);
    expect(await presentFiles(publicName, false)).toEqual([]);
    expect(await presentFiles(privateName, false)).toEqual([]);
    expect(await presentFiles(privateName, true)).toEqual(expectedPhotoFiles(privateName, [320, 480, 640, 960]));

    const file = widthVariantName(privateName, 480);
    const privateGet = (user?: TestUser) => t.app.inject({ method: 'GET', url: `/api/battlestations/images/${file}`, headers: user ? bearer(user) : {} });
    for (const user of [owner, moderator]) {
      const res = await privateGet(user);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect((await sharp(res.rawPayload).metadata()).width).toBe(480);
    }
    expect((await privateGet(other)).statusCode).toBe(404);
    expect((await privateGet()).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/battlestations/images/${widthVariantName(privateName, 1280)}`, headers: bearer(owner) })).statusCode).toBe(404);

    expect((await send(owner, 'PUT', `/api/battlestations/id/${id}`, multipart({ is_public: 'true' }))).statusCode).toBe(200);
    const [publicAgain] = (await detail(id)).images;
    expect(await presentFiles(privateName, true)).toEqual([]);
    expect(await presentFiles(publicAgain, false)).toEqual(expectedPhotoFiles(publicAgain, [320, 480, 640, 960]));
  });

  it('a part image gets its copies and size; a replaced or deleted image loses all of them', async () => {
    const form = (image: Buffer) => partForm({ name: `Widths part ${uniqueSuffix()}`, type_id: type.type_id, manufacturer: 'Acme', added_stores: [], deleted_stores: [] }, { bytes: image });
    const created = await t.app.inject({ method: 'POST', url: '/api/parts/', headers: bearer(admin), payload: form(await testJpeg(1, 800, 800)) });
    expect(created.statusCode).toBe(201);
    const id = created.json<{ part_id: number }>().part_id;
    const first = (await t.app.inject({ method: 'GET', url: `/api/parts/id/${id}` })).json<PartDetail>();
    expect(first.image_size).toEqual({ width: 800, height: 800, widths: [320, 480, 640] });
    const partFiles = (name: string) => presentPhotoFiles(t.app.storage, name, (file) => imageKey('parts', file));
    expect(await partFiles(first.image)).toEqual(expectedPhotoFiles(first.image, [320, 480, 640]));

    const replaced = await t.app.inject({ method: 'PUT', url: `/api/parts/${id}`, headers: bearer(admin), payload: form(await testJpeg(2, 500, 400)) });
    expect(replaced.statusCode).toBe(200);
    const second = (await t.app.inject({ method: 'GET', url: `/api/parts/id/${id}` })).json<PartDetail>();
    expect(second.image_size).toEqual({ width: 500, height: 400, widths: [320, 480] });
    expect(await partFiles(first.image)).toEqual([]);

    expect((await t.app.inject({ method: 'DELETE', url: `/api/parts/${id}`, headers: bearer(admin) })).statusCode).toBe(204);
    expect(await partFiles(second.image)).toEqual([]);
  });

  it('a change of side reads only the copies a photo has: a bucket without s3:ListBucket refuses a missing key (403)', async () => {
    const id = await createStation(true);
    const [publicName] = (await detail(id)).images;
    // The bucket policy of docs/deploy.md without ListBucket: reading a key that is not there is AccessDenied.
    const storageType = Object.getPrototypeOf(t.app.storage) as Storage;
    const realGet = storageType.get;
    const get = jest.spyOn(storageType, 'get').mockImplementation(async function (this: Storage, key: string) {
      if (!(await this.exists(key))) throw Object.assign(new Error('Access Denied'), { name: 'AccessDenied', $metadata: { httpStatusCode: 403 } });
      return realGet.call(this, key);
    });
    try {
      expect((await send(owner, 'PUT', `/api/battlestations/id/${id}`, multipart({ is_public: 'false' }))).statusCode).toBe(200);
    } finally {
      get.mockRestore();
    }
    const [privateName] = (await detail(id)).images;
    expect(privateName).not.toBe(publicName);
    expect(await presentFiles(publicName, false)).toEqual([]);
    expect(await presentFiles(privateName, true)).toEqual(expectedPhotoFiles(privateName, [320, 480, 640, 960]));
  });

  /** As stored before issue 17: no width copies, widths unknown. */
  const strip = async (name: string, isPrivate: boolean) => {
    for (const file of photoFileNames(name).slice(2)) await t.app.storage.delete(stationImageKey(file, isPrivate));
    await t.app.db.update(battlestation_images).set({ widths: null }).where(eq(battlestation_images.image, name));
  };
  const widthsOf = async (names: string[]) =>
    (await t.app.db.select({ image: battlestation_images.image, widths: battlestation_images.widths }).from(battlestation_images).where(inArray(battlestation_images.image, names)))
      .sort((a, b) => names.indexOf(a.image) - names.indexOf(b.image))
      .map((row) => row.widths);

  it('the start-up backfill runs once the API is ready, not before, and stops between two photos when the API closes', async () => {
    const id = await createStation(true, [wide, wide]);
    const names = (await detail(id)).images;
    for (const name of names) await strip(name, false);
    // Each read of these photos waits until released: the backfill holds on the first.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const storageType = Object.getPrototypeOf(t.app.storage) as Storage;
    const realGet = storageType.get;
    const get = jest.spyOn(storageType, 'get').mockImplementation(async function (this: Storage, key: string) {
      if (names.some((name) => key.includes(name))) await held;
      return realGet.call(this, key);
    });
    try {
      // A second instance on the same database and storage, as a restart after an upgrade.
      const notReady = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('the API waited for the backfill to be ready')), 10_000));
      const second = await Promise.race([buildApp({ config: t.config, database: { ...t.app.database, close: async () => undefined } }), notReady]);
      const backfillOnHold = () => get.mock.calls.some(([key]) => names.some((name) => key.includes(name)));
      for (const start = Date.now(); !backfillOnHold() && Date.now() - start < 10_000; ) await new Promise((resolve) => setTimeout(resolve, 10));
      expect(backfillOnHold()).toBe(true);
      const page = await second.inject({ method: 'GET', url: `/api/battlestations/id/${id}` });
      expect(page.statusCode).toBe(200);
      expect(page.json<BattlestationDetail>().image_sizes?.map((size) => size.widths)).toEqual([[], []]);

      const closed = second.close();
      release();
      await closed;
      // The photo it was on is finished; the other is left.
      expect((await widthsOf(names)).sort()).toEqual([[320, 480, 640, 960], null]);
    } finally {
      release();
      get.mockRestore();
    }
    // The next start fills the rest.
    await backfillPhotoWidths(t.app);
    expect(await widthsOf(names)).toEqual([[320, 480, 640, 960], [320, 480, 640, 960]]);
  });

  it('the start-up backfill writes the copies of older photos and part images, once', async () => {
    const publicId = await createStation(true);
    const privateId = await createStation(false);
    const [publicName] = (await detail(publicId)).images;
    const [privateName] = (await detail(privateId)).images;
    await strip(publicName, false);
    await strip(privateName, true);
    // As stored before the copies were WebP (migration 0025 sets such rows back to null): copies in the
    // photo's own format, which the backfill replaces and deletes.
    const legacyCopy = stationImageKey(legacyWidthVariantName(publicName, 480), false);
    await t.app.storage.put(legacyCopy, await testJpeg(3, 480, 360), 'image/jpeg');
    const partImage = await sharp({ create: { width: 700, height: 500, channels: 3, background: '#446' } }).jpeg().toBuffer();
    const oldPart = await createPart(t.app, { type });
    await t.app.storage.put(imageKey('parts', oldPart.image), partImage, 'image/jpeg');
    // A photo whose file is lost: recorded with no copies, so nothing missing is ever offered.
    const lost = await createPart(t.app, { type });
    await t.app.db.execute(sql`UPDATE parts SET image_widths = NULL WHERE part_id IN (${oldPart.part_id}, ${lost.part_id})`);

    const first = await backfillPhotoWidths(t.app);
    expect(first.photos).toBeGreaterThanOrEqual(2);
    expect(first.parts).toBeGreaterThanOrEqual(2);
    expect(await presentFiles(publicName, false)).toEqual(expectedPhotoFiles(publicName, [320, 480, 640, 960]));
    expect(await exists(legacyCopy)).toBe(false);
    expect((await sharp((await t.app.storage.get(stationImageKey(widthVariantName(publicName, 480), false)))!).metadata()).format).toBe('webp');
    expect(await presentFiles(privateName, true)).toEqual(expectedPhotoFiles(privateName, [320, 480, 640, 960]));
    expect(await presentFiles(privateName, false)).toEqual([]);
    expect((await detail(publicId)).image_sizes).toEqual([{ width: 1000, height: 750, widths: [320, 480, 640, 960] }]);
    const partRows = await t.app.db
      .select({ id: parts.part_id, width: parts.image_width, height: parts.image_height, widths: parts.image_widths })
      .from(parts)
      .where(sql`${parts.part_id} IN (${oldPart.part_id}, ${lost.part_id})`)
      .orderBy(parts.part_id);
    expect(partRows).toEqual([
      { id: oldPart.part_id, width: 700, height: 500, widths: [320, 480, 640] },
      { id: lost.part_id, width: null, height: null, widths: [] },
    ]);
    expect(await exists(imageKey('parts', widthVariantName(oldPart.image, 640)))).toBe(true);

    const put = jest.spyOn(t.app.storage, 'put');
    expect(await backfillPhotoWidths(t.app)).toEqual({ photos: 0, parts: 0 });
    expect(put).not.toHaveBeenCalled();
    put.mockRestore();
  });
});
