import { count } from 'drizzle-orm';
import sharp from 'sharp';
import { battlestation_images, battlestations } from '../src/db/schema';
import { IMAGE_MESSAGES } from '../src/images/image-pipeline';
import { allFiles } from './helpers/aborted-upload';
import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { uniqueSuffix } from './helpers/emulator-accounts';
import { bearer, createPart, createPartType, createUser, type TestUser } from './helpers/factories';
import { multipart, photo, testJpeg } from './helpers/upload';
import type { PartRow } from '../src/repositories/catalogue-repository';

/**
 * Issue 15: a few hundred KB of PNG can declare 7000×7000 pixels at 16 bits, seconds of CPU to decode.
 * Such a file is refused from its header, before any decoding, with a 400 naming it (decision 004).
 */

let t: TestApp;
let owner: TestUser;
let part: PartRow;
let bomb: Buffer;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await createUser(t.app);
  part = await createPart(t.app, { type: await createPartType(t.app) });
  bomb = await sharp({ create: { width: 7000, height: 7000, channels: 3, background: { r: 30, g: 90, b: 200 } } })
    .toColourspace('rgb16')
    .png({ compressionLevel: 9 })
    .toBuffer();
}, 60_000);
afterAll(() => t?.close());

async function footprint() {
  const rows = async (table: typeof battlestations | typeof battlestation_images) => (await t.app.db.select({ n: count() }).from(table))[0].n;
  return { files: await allFiles(t.config.imagesDir), stations: await rows(battlestations), images: await rows(battlestation_images) };
}

it('refuses a 16-bit 7000×7000 PNG of a few hundred KB with a 400 naming the file, leaving no file and no row', async () => {
  expect(bomb.length).toBeLessThan(1024 * 1024);
  const before = await footprint();
  const body = multipart({ name: `Desk ${uniqueSuffix()}`, added_parts: [part.part_id] }, [photo(await testJpeg(1)), photo(bomb, 'huge-16bit.png')]);
  const res = await t.app.inject({ method: 'POST', url: '/api/battlestations', payload: body.payload, headers: { ...body.headers, ...bearer(owner) } });
  expect(res.statusCode).toBe(400);
  expect(res.json()).toEqual({ message: IMAGE_MESSAGES.overBudget('huge-16bit.png', 7000, 7000, 16) });
  expect(res.json<{ message: string }>().message).toContain('huge-16bit.png');
  expect(await footprint()).toEqual(before);
});
