import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { LocalStorage } from '../src/storage/local-storage';
import { S3Storage } from '../src/storage/s3-storage';
import type { Storage } from '../src/storage/storage';
import { startS3Server, type TestS3Server } from './helpers/s3-server';

/** One driver under test: the storage and a way to read an object back as the public would. */
interface Driver {
  storage: Storage;
  read(key: string): Promise<{ bytes: Buffer; contentType: string | null } | null>;
  close(): Promise<void>;
}

async function localDriver(): Promise<Driver> {
  const root = mkdtempSync(path.join(os.tmpdir(), 'bd-local-'));
  const storage = new LocalStorage(root, '/images');
  await storage.init();
  return {
    storage,
    read: async (key) => {
      try {
        return { bytes: readFileSync(path.join(root, key)), contentType: null };
      } catch {
        return null;
      }
    },
    close: async () => rmSync(root, { recursive: true, force: true }),
  };
}

async function s3Driver(): Promise<Driver> {
  const server: TestS3Server = await startS3Server();
  const storage = new S3Storage(server.settings, server.publicBaseUrl);
  return {
    storage,
    read: async (key) => {
      const response = await fetch(storage.url(key));
      if (response.status === 404) return null;
      return { bytes: Buffer.from(await response.arrayBuffer()), contentType: response.headers.get('content-type') };
    },
    close: async () => {
      storage.close();
      await server.close();
    },
  };
}

// Random bytes: any framing or re-encoding on the way would change them.
const payload = Buffer.from(Array.from({ length: 70_000 }, (_, i) => (i * 7919 + 13) % 256));

describe.each([
  ['local disk', localDriver],
  ['S3-compatible (s3rver)', s3Driver],
])('storage contract: %s', (_name, makeDriver) => {
  let driver: Driver;
  beforeAll(async () => {
    driver = await makeDriver();
  });
  afterAll(() => driver.close());

  it('stores a buffer byte for byte and reports it exists', async () => {
    await driver.storage.put('battlestations/abc123.jpg', payload, 'image/jpeg');
    expect(await driver.storage.exists('battlestations/abc123.jpg')).toBe(true);
    const stored = await driver.read('battlestations/abc123.jpg');
    expect(stored?.bytes.equals(payload)).toBe(true);
  });

  it('stores a stream byte for byte (no chunk framing)', async () => {
    await driver.storage.put('parts/stream1.png', Readable.from([payload.subarray(0, 30_000), payload.subarray(30_000)]), 'image/png');
    const stored = await driver.read('parts/stream1.png');
    expect(stored?.bytes.equals(payload)).toBe(true);
    if (stored?.contentType !== null) expect(stored?.contentType).toBe('image/png');
  });

  it('deletes, and deleting a missing key is not an error', async () => {
    await driver.storage.put('parts/gone_thumb.gif', payload, 'image/gif');
    await driver.storage.delete('parts/gone_thumb.gif');
    expect(await driver.storage.exists('parts/gone_thumb.gif')).toBe(false);
    expect(await driver.read('parts/gone_thumb.gif')).toBeNull();
    await expect(driver.storage.delete('parts/never-there.jpg')).resolves.toBeUndefined();
  });

  it('answers public URLs under the configured base', () => {
    expect(driver.storage.url('battlestations/abc123.jpg')).toMatch(/\/battlestations\/abc123\.jpg$/);
  });

  it.each(['../etc/passwd', 'battlestations/../x.jpg', 'battlestations/a b.jpg', 'other/x.jpg', 'parts/x.jpg\u0000.png'])(
    'refuses the key %j',
    async (key) => {
      await expect(driver.storage.put(key, payload, 'image/jpeg')).rejects.toThrow(/Invalid storage key/);
    },
  );
});
