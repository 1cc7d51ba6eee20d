import { count } from 'drizzle-orm';
import type { AddressInfo } from 'node:net';
import type { Response as InjectResponse } from 'light-my-request';
import sharp, { type Metadata } from 'sharp';
import { BATTLESTATION_MESSAGES } from '@battledeck/shared/contract';
import { battlestation_images, battlestations, parts } from '../src/db/schema';
import { MESSAGES } from '../src/errors';
import { abortedUpload, allFiles, settled } from './helpers/aborted-upload';
import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { uniqueSuffix } from './helpers/emulator-accounts';
import { bearer, createBattlestation, createPart, createPartType, createUser, type TestUser } from './helpers/factories';
import { hostileFiles, jpegWithGps, pngWithGps, type HostileFile } from './helpers/hostile-files';
import { multipart, noisyJpeg, testJpeg, testPng, type UploadFile } from './helpers/upload';
import type { PartRow } from '../src/repositories/catalogue-repository';
import type { PartTypeRow } from '../src/repositories/part-types-repository';

/**
 * Issue 7 part 4: hostile uploads on every call that takes a photo. Each is refused with a clear message
 * and leaves no file and no row; stored photos carry no metadata; uploads cut off mid-stream leave nothing.
 */

let t: TestApp;
let owner: TestUser;
let admin: TestUser;
let type: PartTypeRow;
let part: PartRow;
let stationId: number;
let hostile: HostileFile[];

beforeAll(async () => {
  t = await buildTestApp();
  [owner, admin, type] = await Promise.all([createUser(t.app), createUser(t.app, { is_admin: true }), createPartType(t.app)]);
  part = await createPart(t.app, { type });
  stationId = (await createBattlestation(t.app, { owner, parts: [part] })).battlestation_id;
  hostile = await hostileFiles({
    tooLarge: BATTLESTATION_MESSAGES.fileTooLarge,
    unsupported: MESSAGES.unsupportedImage,
    unreadable: MESSAGES.unreadableImage,
    tooManyPixels: MESSAGES.imageTooManyPixels,
    mismatch: MESSAGES.imageTypeMismatch,
    markup: MESSAGES.imageHiddenMarkup,
    badName: MESSAGES.fileNameNotAllowed,
  });
}, 60_000);
afterAll(() => t?.close());

/** Every call that takes a photo, sending `file` in its file field with otherwise valid fields. */
const TARGETS: Record<string, (file: UploadFile) => Promise<InjectResponse>> = {
  'POST /api/battlestations': (file) =>
    t.app.inject({ method: 'POST', url: '/api/battlestations', ...withAuth(owner, multipart({ name: `Desk ${uniqueSuffix()}`, added_parts: [part.part_id] }, [{ ...file, field: 'images' }])) }),
  'PUT /api/battlestations/id/:id': (file) =>
    t.app.inject({ method: 'PUT', url: `/api/battlestations/id/${stationId}`, ...withAuth(owner, multipart({ description: 'New photo' }, [{ ...file, field: 'added_images' }])) }),
  'POST /api/parts': (file) =>
    t.app.inject({ method: 'POST', url: '/api/parts', ...withAuth(admin, multipart({ name: `Part ${uniqueSuffix()}`, type_id: type.type_id, manufacturer: 'Acme' }, [{ ...file, field: 'image' }])) }),
};

function withAuth(user: TestUser, body: { payload: Buffer; headers: Record<string, string> }) {
  return { payload: body.payload, headers: { ...body.headers, ...bearer(user) } };
}

/** Files on disk and rows of every table an upload writes. */
async function footprint() {
  const rows = async (table: typeof battlestations | typeof battlestation_images | typeof parts) => (await t.app.db.select({ n: count() }).from(table))[0].n;
  return {
    files: await allFiles(t.config.imagesDir),
    battlestations: await rows(battlestations),
    images: await rows(battlestation_images),
    parts: await rows(parts),
  };
}

describe.each(Object.keys(TARGETS))('%s', (target) => {
  it('refuses every hostile file with its message, leaving no file and no row', async () => {
    for (const { label, file, status, message } of hostile) {
      const before = await footprint();
      const res = await TARGETS[target](file);
      expect({ label, status: res.statusCode, body: res.json() }).toEqual({ label, status, body: { message } });
      expect({ label, after: await footprint() }).toEqual({ label, after: before });
    }
  }, 60_000);

  it('still takes real photos, whatever harmless names, types and metadata they come with', async () => {
    const gif = await sharp({ create: { width: 60, height: 40, channels: 3, background: '#357' } }).gif().toBuffer();
    const withXmp = await sharp({ create: { width: 200, height: 120, channels: 3, background: '#753' } })
      .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></x:xmpmeta>')
      .withExif({ IFD0: { Software: 'A <b>bold</b> editor' } })
      .jpeg()
      .toBuffer();
    const jpeg = await testJpeg(9);
    const accepted: UploadFile[] = [
      { field: '', filename: 'PHOTO.JPEG', content: jpeg, contentType: 'image/jpeg' },
      { field: '', filename: 'scan.png', content: await testPng(), contentType: 'image/png' },
      { field: '', filename: 'anim.gif', content: gif, contentType: 'image/gif' },
      { field: '', filename: 'no-extension', content: jpeg, contentType: 'application/octet-stream' },
      { field: '', filename: 'edited.jpg', content: withXmp, contentType: 'image/jpeg' },
      // Phones append data after the end marker (motion photos, maker trailers): not markup, so kept.
      { field: '', filename: 'motion.jpg', content: Buffer.concat([jpeg, Buffer.from('ftypmp42\0\0\0\0isommp42 binary trailer')]), contentType: 'image/jpeg' },
    ];
    for (const file of accepted) {
      const res = await TARGETS[target](file);
      expect({ name: file.filename, status: res.statusCode }).toEqual({ name: file.filename, status: target.startsWith('PUT') ? 200 : 201 });
    }
  });
});

describe('stored photos carry no metadata', () => {
  async function storedMetadata(folder: 'battlestations' | 'parts', name: string) {
    const dot = name.lastIndexOf('.');
    const thumb = `${name.slice(0, dot)}_thumb${name.slice(dot)}`;
    return Promise.all([name, thumb].map((file) => sharp(`${t.config.imagesDir}/${folder}/${file}`).metadata()));
  }
  const noMetadata = (m: Metadata) => ({ exif: m.exif, xmp: m.xmp, iptc: m.iptc });

  it.each([
    ['JPEG', jpegWithGps, 'gps.jpg', 'image/jpeg'],
    ['PNG', pngWithGps, 'gps.png', 'image/png'],
  ] as const)('a %s with GPS EXIF is stored (web and thumbnail) without EXIF, XMP or IPTC', async (_kind, make, filename, contentType) => {
    const content = await make();
    expect((await sharp(content).metadata()).exif).toBeDefined();

    const created = await TARGETS['POST /api/battlestations']({ field: 'images', filename, content, contentType });
    expect(created.statusCode).toBe(201);
    const [image] = (await t.app.inject({ method: 'GET', url: `/api/battlestations/id/${created.json<{ newId: number }>().newId}` })).json<{ images: string[] }>().images;
    for (const stored of await storedMetadata('battlestations', image)) expect(noMetadata(stored)).toEqual({ exif: undefined, xmp: undefined, iptc: undefined });

    const partRes = await TARGETS['POST /api/parts']({ field: 'image', filename, content, contentType });
    expect(partRes.statusCode).toBe(201);
    const { image: partImage } = (await t.app.inject({ method: 'GET', url: `/api/parts/id/${partRes.json<{ part_id: number }>().part_id}` })).json<{ image: string }>();
    for (const stored of await storedMetadata('parts', partImage)) expect(noMetadata(stored)).toEqual({ exif: undefined, xmp: undefined, iptc: undefined });
  });
});

describe('uploads aborted mid-stream over a real socket', () => {
  it('50 aborted uploads leave no new file and no new row once the server settles', async () => {
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as AddressInfo;
    expect(address).toContain('127.0.0.1');
    const photos = await Promise.all([noisyJpeg(150_000), noisyJpeg(150_000)]);
    const { payload, headers } = multipart({ name: 'Never saved', added_parts: [part.part_id] }, photos.map((content, i) => ({ field: 'images', filename: `p${i}.jpg`, content, contentType: 'image/jpeg' })));
    const secondPhotoStarts = payload.indexOf(Buffer.from('filename="p1.jpg"'));
    // Cut inside the text fields, inside the first photo, and inside the second (after the first was stored).
    const cuts = [200, Math.floor(secondPhotoStarts / 2), secondPhotoStarts + 40_000];

    const before = await footprint();
    const writes = jest.spyOn(t.app.storage, 'put');
    for (let batch = 0; batch < 5; batch += 1) {
      await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          abortedUpload({ port, path: '/api/battlestations', headers: { ...headers, ...bearer(owner) }, body: payload, sendBytes: cuts[(batch * 10 + i) % cuts.length], lingerMs: 150 }),
        ),
      );
    }
    expect(await settled(footprint, before)).toEqual(before);
    // The cut-off uploads did get far enough to store photos: the cleanup, not luck, left nothing behind.
    expect(writes.mock.calls.length).toBeGreaterThan(0);
    writes.mockRestore();

    const ok = await TARGETS['POST /api/battlestations']({ field: 'images', filename: 'after.jpg', content: await testJpeg(11), contentType: 'image/jpeg' });
    expect(ok.statusCode).toBe(201);
  }, 90_000);
});
