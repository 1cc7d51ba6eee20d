import { thumbnailName } from '@battledeck/shared/contract';
import { allFiles } from './helpers/aborted-upload';
import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { uniqueSuffix } from './helpers/emulator-accounts';
import { bearer, createPart, createPartType, createUser, type TestUser } from './helpers/factories';
import { multipart, photo, testJpeg } from './helpers/upload';
import type { PartRow } from '../src/repositories/catalogue-repository';

/**
 * Issue 15: a private station's photos are not public files. They live under the private prefix under
 * names never used publicly, are served by GET /api/battlestations/images/{file} to the owner and staff
 * only (Cache-Control private), and move (renamed) when the station changes sides, leaving no file behind.
 */

let t: TestApp;
let owner: TestUser;
let other: TestUser;
let moderator: TestUser;
let part: PartRow;

beforeAll(async () => {
  t = await buildTestApp();
  [owner, other, moderator] = await Promise.all([createUser(t.app), createUser(t.app), createUser(t.app, { is_moderator: true })]);
  part = await createPart(t.app, { type: await createPartType(t.app) });
}, 60_000);
afterAll(() => t?.close());

const send = (user: TestUser, method: 'POST' | 'PUT', url: string, body: { payload: Buffer; headers: Record<string, string> }) =>
  t.app.inject({ method, url, payload: body.payload, headers: { ...body.headers, ...bearer(user) } });

async function createStation(isPublic: boolean): Promise<number> {
  const body = multipart({ name: `Desk ${uniqueSuffix()}`, added_parts: [part.part_id], is_public: String(isPublic) }, [photo(await testJpeg(3)), photo(await testJpeg(4))]);
  const res = await send(owner, 'POST', '/api/battlestations', body);
  expect(res.statusCode).toBe(201);
  return res.json<{ newId: number }>().newId;
}

const setPublic = (id: number, isPublic: boolean) => send(owner, 'PUT', `/api/battlestations/id/${id}`, multipart({ is_public: String(isPublic) }));

async function photosOf(id: number): Promise<string[]> {
  const res = await t.app.inject({ method: 'GET', url: `/api/battlestations/id/${id}`, headers: bearer(owner) });
  return res.json<{ images: string[] }>().images;
}

const publicGet = (file: string) => t.app.inject({ method: 'GET', url: `/images/battlestations/${file}` });
const privateGet = (file: string, user?: TestUser) =>
  t.app.inject({ method: 'GET', url: `/api/battlestations/images/${file}`, headers: user ? bearer(user) : {} });

/** Every photo file on disk, public and private, relative to IMAGES_DIR. */
const stationFiles = async () => (await allFiles(t.config.imagesDir)).filter((f) => f.includes('battlestations')).sort();

const expectedFiles = (names: string[], isPrivate: boolean) =>
  names.flatMap((n) => [n, thumbnailName(n)]).map((f) => (isPrivate ? `private/battlestations/${f}` : `battlestations/${f}`));

it('going private: the old public URLs answer 404, the photos get new names, and only owner and staff can fetch them', async () => {
  const before = await stationFiles();
  const id = await createStation(true);
  const publicNames = await photosOf(id);
  for (const name of publicNames) expect((await publicGet(name)).statusCode).toBe(200);

  expect((await setPublic(id, false)).statusCode).toBe(200);
  const privateNames = await photosOf(id);
  expect(privateNames).toHaveLength(2);
  expect(privateNames.some((name) => publicNames.includes(name))).toBe(false);

  for (const name of [...publicNames, ...publicNames.map(thumbnailName)]) expect((await publicGet(name)).statusCode).toBe(404);
  for (const name of [...privateNames, ...privateNames.map(thumbnailName)]) {
    expect((await publicGet(name)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/images/private/battlestations/${name}` })).statusCode).toBe(404);
    for (const user of [owner, moderator]) {
      const res = await privateGet(name, user);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/jpeg');
      expect(res.headers['cache-control']).toMatch(/^private\b/);
      expect(res.rawPayload.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    }
    expect((await privateGet(name)).statusCode).toBe(404);
    expect((await privateGet(name, other)).statusCode).toBe(404);
  }
  // The old files are gone, the new ones are only under the private prefix.
  expect(await stationFiles()).toEqual([...before, ...expectedFiles(privateNames, true)].sort());

  // Public again: new public names, immutable caching, nothing left under the private prefix.
  expect((await setPublic(id, true)).statusCode).toBe(200);
  const publicAgain = await photosOf(id);
  expect(publicAgain.some((name) => privateNames.includes(name) || publicNames.includes(name))).toBe(false);
  for (const name of publicAgain) {
    const res = await publicGet(name);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await privateGet(name, owner)).statusCode).toBe(404);
  }
  for (const name of privateNames) expect((await privateGet(name, owner)).statusCode).toBe(404);
  expect(await stationFiles()).toEqual([...before, ...expectedFiles(publicAgain, false)].sort());
});

it('a station created private never has a public file, and a photo added to it goes private too', async () => {
  const before = await stationFiles();
  const id = await createStation(false);
  const names = await photosOf(id);
  for (const name of names) expect((await publicGet(name)).statusCode).toBe(404);
  expect(await stationFiles()).toEqual([...before, ...expectedFiles(names, true)].sort());

  const added = await send(owner, 'PUT', `/api/battlestations/id/${id}`, multipart({ description: 'one more' }, [photo(await testJpeg(9), 'more.jpg', 'added_images')]));
  expect(added.statusCode).toBe(200);
  const after = await photosOf(id);
  expect(after).toHaveLength(3);
  expect(await stationFiles()).toEqual([...before, ...expectedFiles(after, true)].sort());
  expect((await privateGet(after[2], owner)).statusCode).toBe(200);
});

it('a photo sent with the switch to private lands private; a failed switch changes nothing', async () => {
  const id = await createStation(true);
  const before = await stationFiles();
  const names = await photosOf(id);
  // A switch refused inside the transaction (no photo would remain) changes no row and leaves no file.
  const refused = await send(owner, 'PUT', `/api/battlestations/id/${id}`, multipart({ is_public: 'false', removed_images: names }));
  expect(refused.statusCode).toBe(400);
  expect(await photosOf(id)).toEqual(names);
  expect(await stationFiles()).toEqual(before);

  const res = await send(owner, 'PUT', `/api/battlestations/id/${id}`, multipart({ is_public: 'false' }, [photo(await testJpeg(7), 'new.jpg', 'added_images')]));
  expect(res.statusCode).toBe(200);
  const after = await photosOf(id);
  expect(after).toHaveLength(3);
  const others = before.filter((f) => !expectedFiles(names, false).includes(f));
  expect(await stationFiles()).toEqual([...others, ...expectedFiles(after, true)].sort());
});

it('deleting a private station removes its private files', async () => {
  const before = await stationFiles();
  const id = await createStation(false);
  const res = await t.app.inject({ method: 'DELETE', url: `/api/battlestations/id/${id}`, headers: bearer(owner) });
  expect(res.statusCode).toBeLessThan(300);
  expect(await stationFiles()).toEqual(before);
});
