import { thumbnailName } from '@battledeck/shared/contract';
import { sql } from 'drizzle-orm';
import { movePrivateStationPhotos, movePrivateStationPhotosOnce, PRIVATE_PHOTOS_TASK } from '../src/services/private-photos-move';
import { allFiles } from './helpers/aborted-upload';
import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { uniqueSuffix } from './helpers/emulator-accounts';
import { bearer, createPart, createPartType, createUser, type TestUser } from './helpers/factories';
import { rows } from './helpers/sql-rows';
import { multipart, photo, testJpeg } from './helpers/upload';
import type { PartRow } from '../src/repositories/catalogue-repository';

/**
 * Issue 15, existing data: a private station saved before its photos went private still has them in the
 * public folder. The start-up move puts them under the private prefix with new names, once.
 */

let t: TestApp;
let owner: TestUser;
let part: PartRow;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await createUser(t.app);
  part = await createPart(t.app, { type: await createPartType(t.app) });
}, 60_000);
afterAll(() => t?.close());

async function createStation(isPublic: boolean): Promise<number> {
  const body = multipart({ name: `Desk ${uniqueSuffix()}`, added_parts: [part.part_id], is_public: String(isPublic) }, [photo(await testJpeg(3)), photo(await testJpeg(5))]);
  const res = await t.app.inject({ method: 'POST', url: '/api/battlestations', payload: body.payload, headers: { ...body.headers, ...bearer(owner) } });
  expect(res.statusCode).toBe(201);
  return res.json<{ newId: number }>().newId;
}

/** A station made private the way it was before bb7cb7f: the flag changed, the files stayed public. */
async function legacyPrivateStation(): Promise<number> {
  const id = await createStation(true);
  await t.app.db.execute(sql`UPDATE battlestations SET is_public = false WHERE battlestation_id = ${id}`);
  return id;
}

async function photosOf(id: number): Promise<string[]> {
  const res = await t.app.inject({ method: 'GET', url: `/api/battlestations/id/${id}`, headers: bearer(owner) });
  return res.json<{ images: string[] }>().images;
}

const thumbnailColumn = async (id: number) =>
  (await rows<{ thumbnail: string }>(t.app.db, sql`SELECT thumbnail FROM battlestations WHERE battlestation_id = ${id}`))[0].thumbnail;
const stationFiles = async () => (await allFiles(t.config.imagesDir)).filter((f) => f.includes('battlestations')).sort();
const withThumbs = (names: string[], prefix: string) => names.flatMap((n) => [n, thumbnailName(n)]).map((f) => `${prefix}${f}`);

it('moves a private station\'s public photos under the private prefix with new names, once', async () => {
  const legacy = await legacyPrivateStation();
  const alreadyPrivate = await createStation(false);
  const publicStation = await createStation(true);
  const [legacyBefore, privateBefore, publicBefore] = [await photosOf(legacy), await photosOf(alreadyPrivate), await photosOf(publicStation)];
  for (const name of legacyBefore) expect((await t.app.inject({ method: 'GET', url: `/images/battlestations/${name}` })).statusCode).toBe(200);

  expect(await movePrivateStationPhotos(t.app)).toBe(2);

  const legacyAfter = await photosOf(legacy);
  expect(legacyAfter).toHaveLength(2);
  expect(legacyAfter.some((name) => legacyBefore.includes(name))).toBe(false);
  expect(await thumbnailColumn(legacy)).toBe(legacyAfter[0]);
  for (const name of [...legacyBefore, ...legacyBefore.map(thumbnailName), ...legacyAfter]) {
    expect((await t.app.inject({ method: 'GET', url: `/images/battlestations/${name}` })).statusCode).toBe(404);
  }
  for (const name of [...legacyAfter, ...legacyAfter.map(thumbnailName)]) {
    const res = await t.app.inject({ method: 'GET', url: `/api/battlestations/images/${name}`, headers: bearer(owner) });
    expect(res.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/battlestations/images/${name}` })).statusCode).toBe(404);
  }
  // The other stations keep their names and places.
  expect(await photosOf(alreadyPrivate)).toEqual(privateBefore);
  expect(await photosOf(publicStation)).toEqual(publicBefore);
  const files = await stationFiles();
  expect(files).toEqual(
    [
      ...withThumbs(legacyAfter, 'private/battlestations/'),
      ...withThumbs(privateBefore, 'private/battlestations/'),
      ...withThumbs(publicBefore, 'battlestations/'),
    ].sort(),
  );

  // Idempotent: a second start moves nothing and renames nothing.
  expect(await movePrivateStationPhotos(t.app)).toBe(0);
  expect(await photosOf(legacy)).toEqual(legacyAfter);
  expect(await stationFiles()).toEqual(files);
});

it('moves a photo whose _thumb alone is still public, and leaves a photo with no public file as it is', async () => {
  const id = await legacyPrivateStation();
  const [first, second] = await photosOf(id);
  // The web copy of the first photo is gone; its _thumb is still public. The second photo has lost both files.
  await t.app.storage.delete(`battlestations/${first}`);
  await t.app.storage.delete(`battlestations/${second}`);
  await t.app.storage.delete(`battlestations/${thumbnailName(second)}`);

  expect(await movePrivateStationPhotos(t.app)).toBe(1);
  const [movedFirst, keptSecond] = await photosOf(id);
  expect(movedFirst).not.toBe(first);
  expect(keptSecond).toBe(second);
  expect(await t.app.storage.exists(`private/battlestations/${thumbnailName(movedFirst)}`)).toBe(true);
  expect(await t.app.storage.exists(`battlestations/${thumbnailName(first)}`)).toBe(false);
});

it('runs once per database at start-up: a later start checks no file at all', async () => {
  await t.app.db.execute(sql`DELETE FROM completed_tasks WHERE name = ${PRIVATE_PHOTOS_TASK}`);
  const legacy = await legacyPrivateStation();
  let checks = 0;
  const storage = new Proxy(t.app.storage, {
    get: (target, key, receiver) =>
      key === 'exists'
        ? (name: string) => {
            checks += 1;
            return target.exists(name);
          }
        : Reflect.get(target, key, receiver),
  });
  const deps = { db: t.app.db, log: t.app.log, storage };

  expect(await movePrivateStationPhotosOnce(deps)).toBe(2);
  expect(checks).toBeGreaterThan(0);
  const recorded = await rows<{ name: string }>(t.app.db, sql`SELECT name FROM completed_tasks`);
  expect(recorded.map((row) => row.name)).toContain(PRIVATE_PHOTOS_TASK);

  checks = 0;
  const moved = await photosOf(legacy);
  expect(await movePrivateStationPhotosOnce(deps)).toBe(0);
  expect(checks).toBe(0);
  expect(await photosOf(legacy)).toEqual(moved);
});
