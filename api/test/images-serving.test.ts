import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { storeImage, type StoredImage } from '../src/images/store-image';
import { WrittenFiles } from '../src/images/written-files';
import { buildTestApp, type TestApp } from './helpers/build-test-app';

let t: TestApp;
let photo: StoredImage;
let png: StoredImage;

beforeAll(async () => {
  t = await buildTestApp();
  const files = new WrittenFiles(t.app.storage);
  photo = await storeImage(files, 'battlestations', await sharp({ create: { width: 900, height: 600, channels: 3, background: '#a33' } }).jpeg().toBuffer());
  png = await storeImage(files, 'parts', await sharp({ create: { width: 300, height: 300, channels: 4, background: '#3a3a' } }).png().toBuffer());
  // Files the server must never hand out.
  await fs.writeFile(path.join(t.config.imagesDir, 'secret.txt'), 'top secret');
  await fs.writeFile(path.join(t.config.imagesDir, 'battlestations', '.hidden.jpg'), 'hidden');
});
afterAll(() => t?.close());

describe('GET /images/*', () => {
  it('serves a stored photo and its thumbnail with their type and a long, immutable cache', async () => {
    for (const name of [photo.name, photo.thumbName]) {
      const res = await t.app.inject({ method: 'GET', url: `/images/battlestations/${name}` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/jpeg');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect((await sharp(res.rawPayload).metadata()).format).toBe('jpeg');
    }
    const part = await t.app.inject({ method: 'GET', url: `/images/parts/${png.name}` });
    expect(part.statusCode).toBe(200);
    expect(part.headers['content-type']).toBe('image/png');
  });

  it('answers a missing image with 404 { message }', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/images/battlestations/0123456789abcdef0123456789abcdef.jpg' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found.' });
  });

  it.each([
    '/images/',
    '/images/battlestations/',
    '/images/secret.txt',
    '/images/battlestations/.hidden.jpg',
    '/images/../package.json',
    '/images/battlestations/../secret.txt',
    '/images/battlestations/..%2f..%2fsecret.txt',
    '/images/battlestations/%2e%2e/secret.txt',
    '/images/..%2f..%2f..%2fpackage.json',
  ])('refuses %s without revealing anything', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect([403, 404]).toContain(res.statusCode);
    expect(Object.keys(res.json())).toEqual(['message']);
    expect(res.body).not.toMatch(/secret|hidden|battledeck/i);
  });
});
