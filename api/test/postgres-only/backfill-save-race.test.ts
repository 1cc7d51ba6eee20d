import { photoFileNames, widthVariantName, type BattlestationDetail } from '@battledeck/shared/contract';
import { eq } from 'drizzle-orm';
import { battlestation_images } from '../../src/db/schema';
import { backfillPhotoWidths } from '../../src/services/photo-widths-backfill';
import { stationImageKey, type Storage } from '../../src/storage/storage';
import { buildTestApp, type TestApp } from '../helpers/build-test-app';
import { uniqueSuffix } from '../helpers/emulator-accounts';
import { bearer, createPart, createUser, type TestUser } from '../helpers/factories';
import { expectedPhotoFiles, presentPhotoFiles } from '../helpers/photo-files';
import { multipart, photo, testJpeg } from '../helpers/upload';

/**
 * The start-up backfill of width copies (issue 17) runs beside the API's saves. On a server their sessions
 * interleave (PGlite's one session runs the backfill's queries after a save's transaction): the backfill records
 * a photo's copies under its station's lock, as saves take it, so a save moving the photo to the other side never
 * leaves the copies behind on the public side or a row listing copies its files do not have.
 */
let t: TestApp;
let owner: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await createUser(t.app);
});
afterAll(() => t?.close());

const detail = async (id: number) => (await t.app.inject({ method: 'GET', url: `/api/battlestations/id/${id}`, headers: bearer(owner) })).json<BattlestationDetail>();
const presentFiles = (name: string, isPrivate: boolean) => presentPhotoFiles(t.app.storage, name, (file) => stationImageKey(file, isPrivate));

it('the backfill gives way to a save that moves the photo to the other side meanwhile: no copy left behind, no widths without files', async () => {
  const part = await createPart(t.app);
  const body = multipart({ name: `Race ${uniqueSuffix()}`, added_parts: [part.part_id], is_public: 'true' }, [photo(await testJpeg(7, 1000, 750), 'p.jpg')]);
  const created = await t.app.inject({ method: 'POST', url: '/api/battlestations', payload: body.payload, headers: { ...body.headers, ...bearer(owner) } });
  const id = created.json<{ newId: number }>().newId;
  const [publicName] = (await detail(id)).images;
  // As stored before issue 17: no width copies, widths unknown.
  for (const file of photoFileNames(publicName).slice(2)) await t.app.storage.delete(stationImageKey(file, false));
  await t.app.db.update(battlestation_images).set({ widths: null }).where(eq(battlestation_images.image, publicName));

  // The save is held after it has looked for the photo's files (none of its width copies there yet) and before
  // it renames the row; the backfill writes the copies meanwhile.
  const lastLook = stationImageKey(photoFileNames(publicName).at(-1)!, false);
  let saveHeld!: () => void;
  let release!: () => void;
  const reached = new Promise<void>((resolve) => (saveHeld = resolve));
  const held = new Promise<void>((resolve) => (release = resolve));
  const storageType = Object.getPrototypeOf(t.app.storage) as Storage;
  const realGet = storageType.get;
  const get = jest.spyOn(storageType, 'get').mockImplementation(async function (this: Storage, key: string) {
    if (key === lastLook) {
      saveHeld();
      await held;
    }
    return realGet.call(this, key);
  });
  try {
    const toPrivate = multipart({ is_public: 'false' });
    const save = t.app.inject({ method: 'PUT', url: `/api/battlestations/id/${id}`, payload: toPrivate.payload, headers: { ...toPrivate.headers, ...bearer(owner) } });
    await reached;
    const backfill = backfillPhotoWidths(t.app);
    // The backfill has written its copies (and, without the station's lock, its row) before the save goes on.
    const written = stationImageKey(widthVariantName(publicName, 320), false);
    for (const start = Date.now(); !(await t.app.storage.exists(written)) && Date.now() - start < 10_000; ) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(await t.app.storage.exists(written)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 200));
    release();
    expect((await save).statusCode).toBe(200);
    await backfill;
  } finally {
    release();
    get.mockRestore();
  }
  const station = await detail(id);
  const [privateName] = station.images;
  expect(await presentFiles(publicName, false)).toEqual([]);
  // What the row lists is there: the copies of a later run, or none yet.
  expect(await presentFiles(privateName, true)).toEqual(expectedPhotoFiles(privateName, station.image_sizes?.[0]?.widths ?? []));
  await backfillPhotoWidths(t.app);
  expect((await detail(id)).image_sizes?.[0]?.widths).toEqual([320, 480, 640, 960]);
  expect(await presentFiles(privateName, true)).toEqual(expectedPhotoFiles(privateName, [320, 480, 640, 960]));
});
