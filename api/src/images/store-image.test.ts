import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { LocalStorage } from '../storage/local-storage';
import { storeImage } from './store-image';
import { WrittenFiles, withWrittenFiles } from './written-files';

let root: string;
let storage: LocalStorage;
const quietLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

beforeEach(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'battledeck-storage-'));
  storage = new LocalStorage(root, '/images');
  await storage.init();
});
afterEach(() => fs.rm(root, { recursive: true, force: true }));

const jpeg = () => sharp({ create: { width: 1200, height: 800, channels: 3, background: '#345' } }).jpeg().toBuffer();

describe('storeImage', () => {
  it('writes the web copy, its _thumb and the width copies narrower than it under a random name in the folder', async () => {
    const stored = await storeImage(new WrittenFiles(storage), 'battlestations', await jpeg());
    expect(stored.name).toMatch(/^[0-9a-f]{32}\.jpg$/);
    expect(stored.thumbName).toBe(stored.name.replace('.jpg', '_thumb.jpg'));
    expect(stored).toMatchObject({ width: 1200, height: 800, thumbWidth: 640, thumbHeight: 427 });
    const files = await fs.readdir(path.join(root, 'battlestations'));
    // A 1200 px web copy: 320, 480, 640 and 960 px copies, none at 1280 (never upscaled).
    expect(stored.widths).toEqual([320, 480, 640, 960]);
    const widthCopies = stored.widths.map((width) => stored.name.replace('.jpg', `_w${width}.webp`));
    expect(files.sort()).toEqual([stored.name, stored.thumbName, ...widthCopies].sort());
    expect(storage.url(`battlestations/${stored.name}`)).toBe(`/images/battlestations/${stored.name}`);
  });

  it('never reuses a name', async () => {
    const files = new WrittenFiles(storage);
    const [a, b] = await Promise.all([storeImage(files, 'parts', await jpeg()), storeImage(files, 'parts', await jpeg())]);
    expect(a.name).not.toBe(b.name);
  });
});

describe('withWrittenFiles', () => {
  it('deletes every file written when the work fails, and rethrows its error', async () => {
    const failure = new Error('the insert failed');
    let written: string[] = [];
    await expect(
      withWrittenFiles(storage, quietLog, async (files) => {
        await storeImage(files, 'battlestations', await jpeg());
        await storeImage(files, 'battlestations', await jpeg());
        written = [...files.written];
        throw failure;
      }),
    ).rejects.toBe(failure);
    // Two photos of six files each: web copy, _thumb and four width copies.
    expect(written).toHaveLength(12);
    expect(await fs.readdir(path.join(root, 'battlestations'))).toEqual([]);
  });

  it('keeps the files when the work succeeds', async () => {
    const stored = await withWrittenFiles(storage, quietLog, (files) => jpeg().then((b) => storeImage(files, 'parts', b)));
    expect(await storage.exists(`parts/${stored.name}`)).toBe(true);
    expect(await storage.exists(`parts/${stored.thumbName}`)).toBe(true);
  });
});

describe('LocalStorage keys', () => {
  it.each(['../secret.jpg', 'battlestations/../../x.jpg', 'other/a.jpg', 'battlestations/.hidden.jpg', 'parts/a/b.jpg', '/etc/passwd'])(
    'refuses %s',
    async (key) => {
      await expect(storage.put(key, Buffer.from('x'), 'image/jpeg')).rejects.toThrow(/Invalid storage key/);
    },
  );

  it('deletes a missing key without complaint', async () => {
    await expect(storage.delete('parts/missing.jpg')).resolves.toBeUndefined();
  });
});
