import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { battlestations, parts as partsTable } from '../src/db/schema';
import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { counterMismatches } from './helpers/counters';
import { uniqueSuffix } from './helpers/emulator-accounts';
import { bearer, createPart, createUser, type TestUser } from './helpers/factories';
import { rows } from './helpers/sql-rows';
import { multipart, photo, storedStationFiles, testJpeg, testPng, type UploadFile } from './helpers/upload';

let t: TestApp;
let owner: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await createUser(t.app);
});
afterAll(() => t?.close());
afterEach(async () => {
  expect(await counterMismatches(t.app)).toEqual([]);
});

function post(fields: Record<string, unknown>, files: UploadFile[], user: TestUser | null = owner) {
  const body = multipart(fields, files);
  return t.app.inject({
    method: 'POST',
    url: '/api/battlestations/',
    headers: { ...body.headers, ...(user ? bearer(user) : {}) },
    payload: body.payload,
  });
}

const stationCount = async () => Number((await rows<{ n: number }>(t.app.db, sql`SELECT count(*)::int AS n FROM battlestations`))[0].n);
const detail = (id: number, user: TestUser = owner) =>
  t.app.inject({ method: 'GET', url: `/api/battlestations/id/${id}`, headers: bearer(user) }).then((r) => r.json<Record<string, unknown>>());

describe('POST /api/battlestations/', () => {
  it('creates a station with its photos, parts and counters in one go', async () => {
    const parts = [await createPart(t.app, { name: `Zephyr Arm ${uniqueSuffix()}` }), await createPart(t.app)];
    const files = [photo(await testJpeg(1), 'front.jpg'), photo(await testPng(), 'side.png')];
    const res = await post(
      {
        name: '  My desk  ',
        description: 'First line\r\nSecond line',
        instagram_url: 'https://www.instagram.com/someone/',
        reddit_url: 'reddit.com/r/battlestations/comments/abc',
        is_public: 'true',
        added_parts: parts.map((p) => p.part_id),
      },
      files,
    );
    expect(res.statusCode).toBe(201);
    const { newId } = res.json<{ newId: number }>();
    expect(newId).toEqual(expect.any(Number));

    const station = await detail(newId);
    expect(station).toMatchObject({
      name: 'My desk',
      description: 'First line\nSecond line',
      instagram_url: 'www.instagram.com/someone/',
      reddit_url: 'reddit.com/r/battlestations/comments/abc',
      is_public: 1,
      user_id: owner.uid,
      username: owner.username,
      image_count: 2,
      part_count: 2,
      favorites: 0,
    });
    const images = station.images as string[];
    expect(images).toHaveLength(2);
    expect(images[0]).toMatch(/^[0-9a-f]{32}\.jpg$/);
    expect(images[1]).toMatch(/^[0-9a-f]{32}\.png$/);
    // Each photo has its web copy and its _thumb on disk.
    const onDisk = await storedStationFiles(t.config.imagesDir);
    for (const name of images) {
      expect(onDisk).toContain(name);
      expect(onDisk).toContain(name.replace(/\.(jpg|png)$/, '_thumb.$1'));
    }
    const [row] = await t.app.db.select().from(battlestations).where(eq(battlestations.battlestation_id, newId));
    expect(row.thumbnail).toBe(images[0]);
    // The part counts include the new public station, and search finds it by a part's name.
    const counts = await t.app.db.select({ c: partsTable.battlestation_count }).from(partsTable).where(eq(partsTable.part_id, parts[0].part_id));
    expect(counts[0].c).toBe(1);
    const found = await t.app.inject({ method: 'GET', url: `/api/battlestations?searchTerm=${encodeURIComponent(parts[0].name)}` });
    expect(found.json<{ battlestations: { battlestation_id: number }[] }>().battlestations.map((c) => c.battlestation_id)).toEqual([newId]);
  });

  it('keeps a private station out of the part counts and the public list', async () => {
    const part = await createPart(t.app);
    const res = await post({ name: `Secret ${uniqueSuffix()}`, is_public: 'false', added_parts: [part.part_id] }, [photo(await testJpeg(2))]);
    expect(res.statusCode).toBe(201);
    const [count] = await t.app.db.select({ c: partsTable.battlestation_count }).from(partsTable).where(eq(partsTable.part_id, part.part_id));
    expect(count.c).toBe(0);
    expect(await detail(res.json<{ newId: number }>().newId)).toMatchObject({ is_public: 0 });
  });

  it('stores the photos without metadata', async () => {
    const withGps = await sharp({ create: { width: 200, height: 100, channels: 3, background: '#888' } })
      .withExif({ IFD0: { Make: 'Leaky Cam' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 2400/100' } })
      .jpeg()
      .toBuffer();
    const part = await createPart(t.app);
    const res = await post({ name: 'No GPS', added_parts: [part.part_id] }, [photo(withGps)]);
    const [name] = (await detail(res.json<{ newId: number }>().newId)).images as string[];
    const stored = await sharp(`${t.config.imagesDir}/battlestations/${name}`).metadata();
    expect(stored.exif).toBeUndefined();
  });

  it('needs a signed-in user', async () => {
    const res = await post({ name: 'Anon', added_parts: [1] }, [photo(await testJpeg())], null);
    expect(res.statusCode).toBe(401);
  });

  describe('refuses a bad form with the spec message, leaving no row and no file', () => {
    let part: { part_id: number };
    beforeAll(async () => {
      part = await createPart(t.app);
    });

    async function expectRefused(fields: Record<string, unknown>, files: UploadFile[], status: number, message: string) {
      const before = { stations: await stationCount(), files: await storedStationFiles(t.config.imagesDir) };
      const res = await post(fields, files);
      expect({ status: res.statusCode, body: res.json() }).toEqual({ status, body: { message } });
      expect(await stationCount()).toBe(before.stations);
      expect(await storedStationFiles(t.config.imagesDir)).toEqual(before.files);
    }

    it('a missing name', async () => {
      await expectRefused({ name: '   ', added_parts: [part.part_id] }, [photo(await testJpeg())], 400, 'Field is required.');
    });

    it('no parts', async () => {
      await expectRefused({ name: 'Desk', added_parts: [] }, [photo(await testJpeg())], 400, 'Please select at least one part for your battlestation.');
    });

    it('a part that does not exist', async () => {
      await expectRefused(
        { name: 'Desk', added_parts: [part.part_id, 2_000_000_000] },
        [photo(await testJpeg(3)), photo(await testJpeg(4))],
        400,
        'Some of the selected parts are no longer in the catalogue. Please remove them and try again.',
      );
    });

    it('no photos', async () => {
      await expectRefused({ name: 'Desk', added_parts: [part.part_id] }, [], 400, 'Please add at least one photo.');
    });

    it('links to the wrong site', async () => {
      await expectRefused({ name: 'Desk', instagram_url: 'https://example.com/me', added_parts: [part.part_id] }, [photo(await testJpeg())], 400, 'Enter a valid Instagram link.');
      await expectRefused({ name: 'Desk', reddit_url: 'javascript:alert(1)', added_parts: [part.part_id] }, [photo(await testJpeg())], 400, 'Enter a valid Reddit link.');
    });

    it('a name or description over the limits', async () => {
      await expectRefused({ name: 'x'.repeat(101), added_parts: [part.part_id] }, [photo(await testJpeg())], 400, 'Name must be at most 100 characters.');
      await expectRefused(
        { name: 'Desk', description: 'x'.repeat(5001), added_parts: [part.part_id] },
        [photo(await testJpeg())],
        400,
        'Description must be at most 5000 characters.',
      );
    });

    // Issue 16 item 4: the refusal names the file, so the person knows which one to replace.
    it('a third file that is not an image, whatever its name says, named in the answer', async () => {
      const files = [photo(await testJpeg(5), 'a.jpg'), photo(await testJpeg(6), 'b.jpg'), photo(Buffer.from('definitely not a jpeg'), 'c.jpg')];
      await expectRefused({ name: 'Desk', added_parts: [part.part_id] }, files, 400, '"c.jpg": Only PNG, JPG or GIF images are accepted.');
    });

    it('a file over 4 MB (4194304 bytes)', async () => {
      const jpeg = await testJpeg(7);
      const tooBig = Buffer.concat([jpeg, Buffer.alloc(4194305 - jpeg.length)]);
      await expectRefused({ name: 'Desk', added_parts: [part.part_id] }, [photo(await testJpeg(8)), photo(tooBig)], 413, 'Maximum file size is 4MB.');
    });

    it('more than 20 photos', async () => {
      const jpeg = await testJpeg(9, 32, 32);
      const files = Array.from({ length: 21 }, (_, i) => photo(jpeg, `p${i}.jpg`));
      await expectRefused({ name: 'Desk', added_parts: [part.part_id] }, files, 400, 'A battlestation can have at most 20 photos.');
    });

    it('text fields after the photos, or files under another name', async () => {
      const body = multipart({ name: 'Late', added_parts: [part.part_id] }, [photo(await testJpeg())], { description: 'too late' });
      const res = await t.app.inject({ method: 'POST', url: '/api/battlestations/', headers: { ...body.headers, ...bearer(owner) }, payload: body.payload });
      expect(res.json()).toEqual({ message: 'Send the text fields before the photos.' });
      expect(res.statusCode).toBe(400);

      await expectRefused({ name: 'Desk', added_parts: [part.part_id] }, [photo(await testJpeg(), 'x.jpg', 'photo')], 400, 'Unexpected file field photo.');
    });

    it('a body that is not multipart', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/battlestations/', headers: bearer(owner), payload: { name: 'Desk' } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'Send the battlestation as multipart/form-data.' });
    });
  });
});

describe('POST /api/battlestations/ rate limit (decision 20)', () => {
  it('answers 429 past the configured number of uploads', async () => {
    const limited = await buildTestApp({
      rateLimits: { ...t.config.rateLimits, upload: { max: 1, timeWindowMs: 60_000 } },
    });
    try {
      const user = await createUser(limited.app);
      const send = () => {
        const body = multipart({ name: 'Desk', added_parts: [] }, []);
        return limited.app.inject({ method: 'POST', url: '/api/battlestations/', headers: { ...body.headers, ...bearer(user) }, payload: body.payload });
      };
      expect((await send()).statusCode).toBe(400);
      const refused = await send();
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ message: 'Too many requests. Please try again later.' });
    } finally {
      await limited.close();
    }
  });
});
