import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { parts } from '../src/db/schema';
import { DEFAULT_IMAGE_IMPORT, IMPORT_MESSAGES } from '../src/images/import-image-url';
import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { bearer, createPartType, createUser, type TestUser } from './helpers/factories';
import { imageFiles, jpegBytes, partForm, pngBytes, startLocalServer, type LocalServer } from './helpers/admin-helpers';
import type { PartTypeRow } from '../src/repositories/part-types-repository';

/**
 * Image import by URL (decision 19). The production policy refuses every non-public address; the local
 * test server is on loopback, so the positive path and the redirect cases run on a second app that allows
 * exactly 127.0.0.1 (Config.imageImport.allowedAddresses, not settable from the environment).
 */

let strict: TestApp;
let lenient: TestApp;
let server: LocalServer;
let strictAdmin: TestUser;
let lenientAdmin: TestUser;
let strictType: PartTypeRow;
let lenientType: PartTypeRow;
let png: Buffer;
/** A port nothing listens on: taken from a server that is closed again at once. */
let closedPort: number;

beforeAll(async () => {
  png = await pngBytes(300, 200);
  const closed = await startLocalServer({});
  closedPort = closed.port;
  await closed.close();
  const big = Buffer.alloc(5 * 1024 * 1024, 7);
  server = await startLocalServer({
    '/ok.png': (_req, res) => res.writeHead(200, { 'content-type': 'image/png' }).end(png),
    '/page.html': (_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html>not an image</html>'),
    '/big-declared.png': (_req, res) => res.writeHead(200, { 'content-length': String(big.length) }).end(big),
    '/big-streamed.png': (_req, res) => {
      res.writeHead(200, { 'content-type': 'image/png' });
      res.end(big);
    },
    '/slow.png': () => undefined,
    '/reset.png': (req) => req.socket.destroy(),
    '/reset-midway.png': (req, res) => {
      res.writeHead(200, { 'content-type': 'image/png', 'content-length': String(png.length) });
      res.write(png.subarray(0, 100), () => req.socket.destroy());
    },
    '/to-ok': (_req, res) => res.writeHead(302, { location: '/ok.png' }).end(),
    '/to-ipv6-loopback': (_req, res) => res.writeHead(302, { location: `http://[::1]:${server.port}/ok.png` }).end(),
    '/to-other-loopback': (_req, res) => res.writeHead(301, { location: `http://127.0.0.2:${server.port}/ok.png` }).end(),
    '/to-metadata': (_req, res) => res.writeHead(307, { location: 'http://169.254.169.254/latest/meta-data/' }).end(),
    '/to-file': (_req, res) => res.writeHead(302, { location: 'file:///etc/passwd' }).end(),
    '/loop': (_req, res) => res.writeHead(302, { location: '/loop' }).end(),
  });
  [strict, lenient] = await Promise.all([
    buildTestApp(),
    buildTestApp({ imageImport: { ...DEFAULT_IMAGE_IMPORT, allowedAddresses: ['127.0.0.1'], timeoutMs: 1500 } }),
  ]);
  [strictAdmin, lenientAdmin, strictType, lenientType] = await Promise.all([
    createUser(strict.app, { is_admin: true }),
    createUser(lenient.app, { is_admin: true }),
    createPartType(strict.app),
    createPartType(lenient.app),
  ]);
});
afterAll(async () => {
  await Promise.all([strict?.close(), lenient?.close(), server?.close()]);
});

const createWithUrl = (t: TestApp, admin: TestUser, type: PartTypeRow, imageUrl: string, name = `Imported ${imageUrl.slice(-12)}`) =>
  t.app.inject({
    method: 'POST',
    url: '/api/parts/',
    headers: bearer(admin),
    payload: partForm({ name, type_id: type.type_id, manufacturer: 'Acme', image_url: imageUrl }),
  });

describe('the production policy refuses non-public addresses with a clear 400', () => {
  it.each([
    ['loopback', () => `${server.origin}/ok.png`],
    ['a private network', () => 'http://10.0.0.1/part.png'],
    ['the cloud metadata service', () => 'http://169.254.169.254/latest/meta-data/'],
    ['IPv6 loopback', () => `http://[::1]:${server.port}/ok.png`],
    ['IPv4-mapped IPv6 loopback', () => `http://[::ffff:127.0.0.1]:${server.port}/ok.png`],
    ['IPv4-mapped IPv6 loopback in hex', () => `http://[::ffff:7f00:1]:${server.port}/ok.png`],
    ['IPv4-translated IPv6 loopback', () => `http://[::ffff:0:7f00:1]:${server.port}/ok.png`],
    ['IPv4-compatible IPv6 loopback', () => `http://[::7f00:1]:${server.port}/ok.png`],
    ['NAT64 of the metadata service', () => 'http://[64:ff9b::a9fe:a9fe]/latest/meta-data/'],
    ['loopback written in hex', () => `http://0x7f.0.0.1:${server.port}/ok.png`],
    ['a private range in decimal', () => 'http://3232235777/part.png'],
    ['a name resolving to loopback', () => `http://localhost:${server.port}/ok.png`],
  ])('%s', async (_label, url) => {
    const before = server.hits.length;
    const res = await createWithUrl(strict, strictAdmin, strictType, url());
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: IMPORT_MESSAGES.notPublic });
    // Refused before any connection: the loopback server never saw a request.
    expect(server.hits.length).toBe(before);
  });

  it.each(['ftp://example.com/part.png', 'file:///etc/passwd', 'javascript:alert(1)'])('refuses the scheme of %s', async (url) => {
    const res = await createWithUrl(strict, strictAdmin, strictType, url);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Enter a valid image URL starting with http:// or https://.' });
  });

  it('leaves no part and no file behind', async () => {
    const [row] = await strict.app.db.select().from(parts).where(eq(parts.type_id, strictType.type_id));
    expect(row).toBeUndefined();
    expect(await imageFiles(strict.config.imagesDir)).toEqual([]);
  });
});

describe('with 127.0.0.1 allowed (the test server)', () => {
  it('fetches the image, re-encodes it like an upload and stores it with a thumbnail', async () => {
    const res = await createWithUrl(lenient, lenientAdmin, lenientType, `${server.origin}/to-ok`, 'Imported through a redirect');
    expect(res.statusCode).toBe(201);
    const [row] = await lenient.app.db.select().from(parts).where(eq(parts.part_id, res.json<{ part_id: number }>().part_id));
    expect(row.image).toMatch(/^[0-9a-f]{32}\.png$/);
    const files = await imageFiles(lenient.config.imagesDir);
    expect(files).toEqual([row.image, row.image.replace('.png', '_thumb.png')].sort());
    const stored = await lenient.app.storage.exists(`parts/${row.image}`);
    expect(stored).toBe(true);
    const meta = await sharp(`${lenient.config.imagesDir}/parts/${row.image}`).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 300, 200]);
  });

  it.each([
    ['IPv6 loopback', '/to-ipv6-loopback', IMPORT_MESSAGES.notPublic],
    ['another loopback address', '/to-other-loopback', IMPORT_MESSAGES.notPublic],
    ['the metadata service', '/to-metadata', IMPORT_MESSAGES.notPublic],
    ['a file URL', '/to-file', IMPORT_MESSAGES.scheme],
    ['itself, forever', '/loop', IMPORT_MESSAGES.tooManyRedirects],
  ])('refuses a redirect to %s', async (_label, path, message) => {
    const before = await imageFiles(lenient.config.imagesDir);
    const res = await createWithUrl(lenient, lenientAdmin, lenientType, `${server.origin}${path}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
    expect(await imageFiles(lenient.config.imagesDir)).toEqual(before);
  });

  it('follows at most 3 redirects', async () => {
    const before = server.hits.filter((p) => p === '/loop').length;
    await createWithUrl(lenient, lenientAdmin, lenientType, `${server.origin}/loop`);
    expect(server.hits.filter((p) => p === '/loop').length - before).toBe(4);
  });

  it('refuses more than 4 MB, declared or streamed', async () => {
    for (const path of ['/big-declared.png', '/big-streamed.png']) {
      const res = await createWithUrl(lenient, lenientAdmin, lenientType, `${server.origin}${path}`);
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({ message: 'Maximum file size is 4MB.' });
    }
  });

  it('gives up after the time limit', async () => {
    const started = Date.now();
    const res = await createWithUrl(lenient, lenientAdmin, lenientType, `${server.origin}/slow.png`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: IMPORT_MESSAGES.timeout });
    // The image never comes: any bound well under the test's own limit shows the 1.5 s limit at work.
    expect(Date.now() - started).toBeLessThan(15_000);
  });

  it.each<[string, () => string, string]>([
    ['a connection refused', () => `http://127.0.0.1:${closedPort}/ok.png`, IMPORT_MESSAGES.refused],
    ['a connection reset before the answer', () => `${server.origin}/reset.png`, IMPORT_MESSAGES.reset],
    ['a connection reset in the middle of the image', () => `${server.origin}/reset-midway.png`, IMPORT_MESSAGES.reset],
    ['a host name that does not exist', () => 'http://no-such-host.invalid/part.png', IMPORT_MESSAGES.unknownHost],
  ])('answers %s with a clear 400, not a 503, leaving no file', async (_label, url, message) => {
    const before = await imageFiles(lenient.config.imagesDir);
    const res = await createWithUrl(lenient, lenientAdmin, lenientType, url());
    expect(res.json()).toEqual({ message });
    expect(res.statusCode).toBe(400);
    expect(await imageFiles(lenient.config.imagesDir)).toEqual(before);
  });

  it('refuses what is not an image, and an error status', async () => {
    const html = await createWithUrl(lenient, lenientAdmin, lenientType, `${server.origin}/page.html`);
    expect(html.statusCode).toBe(400);
    expect(html.json()).toEqual({ message: 'Only PNG, JPG or GIF images are accepted.' });
    const missing = await createWithUrl(lenient, lenientAdmin, lenientType, `${server.origin}/nothing-here.png`);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ message: IMPORT_MESSAGES.status(404) });
  });

  it('refuses an image file and an image URL together', async () => {
    const res = await lenient.app.inject({
      method: 'POST',
      url: '/api/parts/',
      headers: bearer(lenientAdmin),
      payload: partForm({ name: 'Both', type_id: lenientType.type_id, manufacturer: 'Acme', image_url: `${server.origin}/ok.png` }, { bytes: await jpegBytes() }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Send either an image file or an image URL, not both.' });
  });
});

describe('POST /api/parts/image-preview', () => {
  const preview = (t: TestApp, admin: TestUser, imageUrl: string) =>
    t.app.inject({ method: 'POST', url: '/api/parts/image-preview', headers: bearer(admin), payload: { image_url: imageUrl } });

  it('answers the image as the server would import it, as a data: URL, storing nothing', async () => {
    const before = await imageFiles(lenient.config.imagesDir);
    const res = await preview(lenient, lenientAdmin, `${server.origin}/ok.png`);
    expect(res.statusCode).toBe(200);
    const body = res.json<{ src: string; width: number; height: number }>();
    expect(body).toMatchObject({ width: 300, height: 200 });
    expect(body.src).toMatch(/^data:image\/png;base64,/);
    const decoded = await sharp(Buffer.from(body.src.split(',')[1], 'base64')).metadata();
    expect([decoded.format, decoded.width]).toEqual(['png', 300]);
    expect(await imageFiles(lenient.config.imagesDir)).toEqual(before);
  });

  it('refuses with the messages a save would give', async () => {
    const loopback = await preview(strict, strictAdmin, `${server.origin}/ok.png`);
    expect(loopback.statusCode).toBe(400);
    expect(loopback.json()).toEqual({ message: IMPORT_MESSAGES.notPublic });
    const html = await preview(lenient, lenientAdmin, `${server.origin}/page.html`);
    expect(html.json()).toEqual({ message: 'Only PNG, JPG or GIF images are accepted.' });
    const scheme = await preview(lenient, lenientAdmin, 'file:///etc/passwd');
    expect(scheme.json()).toEqual({ message: 'Enter a valid image URL starting with http:// or https://.' });
  });
});
