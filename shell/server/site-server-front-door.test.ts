import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { precompressDir } from './precompress';
import { createSiteServer, siteFileFor, type SiteServer, type SiteServerOptions } from './site-server';

/**
 * Issue 17 item 6: the front door on Fastify. Files go out as the build compressed them (never compressed
 * per request), hashed files are immutable, and /api passes through a kept-alive connection with bodies and
 * answers streamed unchanged.
 */
const VERSION = '20260301T101502Z-1a2b3c4d';
const SCRIPT = 'export const parts = ["keyboard", "mouse", "monitor"];\n'.repeat(400);
const NOTES = 'A plain text file the build did not compress.\n'.repeat(60);

let root: string;
let options: SiteServerOptions;
let site: SiteServer;
let base: { port: number };
let upstream: http.Server;
let upstreamConnections: number;
/** Ends the upstream's slow answer: the streaming test calls it once the first part has come through. */
let finishSlowAnswer = () => {};
let upstreamSaw: { method: string; url: string; headers: http.IncomingHttpHeaders; sha256: string; bytes: number }[];

function write(file: string, content: string | Buffer) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A request on its own connection, the body as it came over the wire (no decompression). */
function request(port: number, target: string, init: { method?: string; headers?: http.OutgoingHttpHeaders; body?: Buffer; agent?: http.Agent } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: target, method: init.method ?? 'GET', headers: init.headers, agent: init.agent ?? false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(init.body);
  });
}

const get = (target: string, headers: http.OutgoingHttpHeaders = {}) => request(base.port, target, { headers });

async function startSite(overrides: Partial<SiteServerOptions> = {}): Promise<{ site: SiteServer; port: number }> {
  const server = await createSiteServer({ ...options, ...overrides });
  await server.listen({ port: 0, host: '127.0.0.1' });
  return { site: server, port: (server.server.address() as AddressInfo).port };
}

beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), 'bd-site-front-door-'));
  write(path.join(root, 'shell/dist/index.html'), '<!doctype html><title>Battledeck</title>');
  write(path.join(root, 'shell/dist/home.html'), '<!doctype html><title>Battledeck home</title>');
  write(path.join(root, 'shell/dist/main.0badc0de.js'), SCRIPT);
  write(path.join(root, 'mf-parts/dist/mf-manifest.json'), '{"build":"dist"}');
  write(path.join(root, 'mf-parts/releases', VERSION, 'remoteEntry.0badc0de.js'), SCRIPT);
  await precompressDir(path.join(root, 'shell/dist'));
  await precompressDir(path.join(root, 'mf-parts/releases'));
  // Written after the build's compression step: it has no .br or .gz beside it.
  write(path.join(root, 'shell/dist/notes.txt'), NOTES);
  write(path.join(root, 'remotes.json'), JSON.stringify({ mf_parts: '/remotes/mf-parts/mf-manifest.json' }));

  upstream = http.createServer((req, res) => {
    const hash = createHash('sha256');
    let bytes = 0;
    req.on('data', (chunk: Buffer) => {
      hash.update(chunk);
      bytes += chunk.length;
    });
    req.on('end', () => {
      const sha256 = hash.digest('hex');
      upstreamSaw.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, sha256, bytes });
      if (req.url === '/api/slow') {
        // The first part, then nothing until the test has received it: a proxy that buffered would hold it back
        // until the safety end below, and the test would see 'first second' in one piece. No clock to race.
        res.writeHead(200, { 'Content-Type': 'text/plain' }).write('first ');
        const safety = setTimeout(() => res.end('second'), 10_000);
        finishSlowAnswer = () => {
          clearTimeout(safety);
          res.end('second');
        };
        return;
      }
      const answered = /^\/api\/status\/(\d{3})$/.exec(req.url ?? '');
      if (answered) return void res.writeHead(Number(answered[1]), { 'Content-Type': 'application/json' }).end('{}');
      if (req.url === '/api/cached') {
        const headers = { ETag: '"v1"', 'Cache-Control': 'private, max-age=60' };
        if (req.headers['if-none-match'] === '"v1"') return void res.writeHead(304, headers).end();
        return void res.writeHead(200, { ...headers, 'Content-Type': 'application/json' }).end('{"cached":true}');
      }
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ sha256, bytes }));
    });
  });
  upstream.on('connection', () => {
    upstreamConnections += 1;
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));

  options = {
    port: 0,
    apiOrigin: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`,
    publicOrigin: 'https://deck.example',
    shellDir: path.join(root, 'shell/dist'),
    publicDir: path.join(root, 'shell/public'),
    remoteDirs: { 'mf-parts': path.join(root, 'mf-parts/dist') },
    remoteReleaseDirs: { 'mf-parts': path.join(root, 'mf-parts/releases') },
    remotesFile: path.join(root, 'remotes.json'),
    clientConfig: { imageBaseUrl: '/images' },
  };
  const started = await startSite();
  site = started.site;
  base = { port: started.port };
});
beforeEach(() => {
  upstreamConnections = 0;
  upstreamSaw = [];
});
afterAll(async () => {
  await site.close();
  await new Promise((resolve) => upstream.close(resolve));
  rmSync(root, { recursive: true, force: true });
});

describe('static files, compressed at build time', () => {
  const script = () => path.join(root, 'shell/dist/main.0badc0de.js');

  it('sends the .br file to a client that accepts brotli', async () => {
    const answer = await get('/main.0badc0de.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.body.equals(readFileSync(`${script()}.br`))).toBe(true);
    expect(answer.headers['content-type']).toMatch(/javascript/);
    expect(answer.headers.vary).toMatch(/accept-encoding/i);
  });

  it('sends the .gz file when only gzip is accepted, and the plain file otherwise', async () => {
    const gzip = await get('/main.0badc0de.js', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.body.equals(readFileSync(`${script()}.gz`))).toBe(true);
    const identity = await get('/main.0badc0de.js');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body.toString()).toBe(SCRIPT);
  });

  it("serves a remote release's hashed file from its .br file too", async () => {
    const answer = await get(`/remotes/mf-parts/releases/${VERSION}/remoteEntry.0badc0de.js`, { 'accept-encoding': 'br' });
    expect(answer.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(answer.body).toString()).toBe(SCRIPT);
  });

  it('marks hashed files immutable and everything else no-cache', async () => {
    expect((await get('/main.0badc0de.js')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const target of ['/notes.txt', '/remotes.json', '/remotes/mf-parts/mf-manifest.json', '/battlestations', '/config.js']) {
      expect([target, (await get(target)).headers['cache-control']]).toEqual([target, 'no-cache']);
    }
  });

  it('compresses nothing per request: a file without build-time siblings goes out as it is', async () => {
    const answer = await get('/notes.txt', { 'accept-encoding': 'gzip, deflate, br' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.body.toString()).toBe(NOTES);
  });

  it('answers HEAD without a body, the prerendered home for /, the app for other pages, 404 for missing files and 405 for writes', async () => {
    const head = await request(base.port, '/main.0badc0de.js', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect((await get('/')).body.toString()).toContain('Battledeck home');
    expect((await get('/parts/view/12?x=1')).body.toString()).toBe('<!doctype html><title>Battledeck</title>');
    expect((await get('/missing.js')).status).toBe(404);
    expect((await get('/remotes/mf-parts/missing')).status).toBe(404);
    const post = await request(base.port, '/battlestations', { method: 'POST', headers: { 'content-type': 'text/xml' }, body: Buffer.from('<x/>') });
    expect(post.status).toBe(405);
    expect(post.headers.allow).toBe('GET, HEAD');
    expect(post.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('the /api pass-through', () => {
  it('reuses one kept-alive upstream connection for requests in sequence, and never adds Connection: close', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      for (let i = 0; i < 3; i += 1) {
        const answer = await request(base.port, `/api/battlestations?page=${i}`, { agent });
        expect(answer.status).toBe(200);
        expect(answer.headers.connection).not.toBe('close');
      }
    } finally {
      agent.destroy();
    }
    expect(upstreamSaw.map((r) => r.url)).toEqual(['/api/battlestations?page=0', '/api/battlestations?page=1', '/api/battlestations?page=2']);
    expect(upstreamConnections).toBe(1);
  });

  it('streams an 8 MB multipart upload through unchanged, with and without a length', async () => {
    const boundary = 'battledeck-test-boundary';
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="images"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
      randomBytes(8 * 1024 * 1024),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const sha256 = createHash('sha256').update(body).digest('hex');
    const headers = { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: 'Bearer token' };
    const withLength = await request(base.port, '/api/battlestations/3/images', { method: 'POST', headers: { ...headers, 'content-length': body.length }, body });
    expect(withLength.status).toBe(200);
    expect(JSON.parse(withLength.body.toString())).toEqual({ sha256, bytes: body.length });

    const chunked = await new Promise<Answer>((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port: base.port, path: '/api/battlestations/3/images', method: 'POST', headers, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      });
      req.on('error', reject);
      for (let offset = 0; offset < body.length; offset += 1024 * 1024) req.write(body.subarray(offset, offset + 1024 * 1024));
      req.end();
    });
    expect(JSON.parse(chunked.body.toString())).toEqual({ sha256, bytes: body.length });
    expect(upstreamSaw.map((r) => r.headers.authorization)).toEqual(['Bearer token', 'Bearer token']);
  });

  it("passes the API's ETag, 304 and Cache-Control through", async () => {
    const first = await get('/api/cached');
    expect(first.status).toBe(200);
    expect(first.headers.etag).toBe('"v1"');
    expect(first.headers['cache-control']).toBe('private, max-age=60');
    // The API's own headers only: the site's page headers are not added to proxied answers.
    expect(first.headers['content-security-policy']).toBeUndefined();
    const again = await get('/api/cached', { 'if-none-match': '"v1"' });
    expect(again.status).toBe(304);
    expect(again.headers['cache-control']).toBe('private, max-age=60');
  });

  it('streams an answer through as it comes, not after the API has finished', async () => {
    const { firstChunk, rest } = await new Promise<{ firstChunk: string; rest: Promise<string> }>((resolve, reject) => {
      const req = http.get({ host: '127.0.0.1', port: base.port, path: '/api/slow', agent: false }, (res) => {
        res.setEncoding('utf8');
        res.once('data', (chunk: string) => {
          let text = '';
          const rest = new Promise<string>((done) => res.on('data', (more: string) => (text += more)).on('end', () => done(text)));
          resolve({ firstChunk: chunk, rest });
          finishSlowAnswer();
        });
      });
      req.on('error', reject);
    });
    expect(firstChunk).toBe('first ');
    await expect(rest).resolves.toBe('second');
  });

  it('passes a request target of 8 KiB to the API', async () => {
    const target = `/api/parts/search/${'a'.repeat(8000)}?q=${'b'.repeat(150)}`;
    expect((await get(target)).status).toBe(200);
    expect(upstreamSaw.map((r) => r.url)).toEqual([target]);
  });

  it('answers 503 with a message when the API is down', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const deadOrigin = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise((resolve) => closed.close(resolve));
    const dead = await startSite({ apiOrigin: deadOrigin });
    try {
      const answer = await request(dead.port, '/api/battlestations');
      expect(answer.status).toBe(503);
      expect(JSON.parse(answer.body.toString())).toEqual({ message: 'The service is unavailable right now. Please try again later.' });
      expect((await request(dead.port, '/images/battlestations/a.jpg')).status).toBe(503);
    } finally {
      await dead.site.close();
    }
  });
});

describe('X-Forwarded-For and the proxies in front of the site (TRUST_PROXY)', () => {
  const forwarded = async (overrides: Partial<SiteServerOptions>) => {
    const sites = [
      await startSite(overrides),
      await startSite({ apiOrigin: 'http://127.0.0.1:9', apiHandler: upstream.listeners('request')[0] as SiteServerOptions['apiHandler'], ...overrides }),
    ];
    try {
      for (const site of sites) {
        await request(site.port, '/api/x', { headers: { 'x-forwarded-for': '203.0.113.9', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example' } });
      }
      return upstreamSaw.slice(-2).map((r) => [r.headers['x-forwarded-for'], r.headers['x-forwarded-proto'], r.headers['x-forwarded-host']]);
    } finally {
      await Promise.all(sites.map(({ site }) => site.close()));
    }
  };

  it('passes on the chain a trusted proxy sent (loopback by default), then the proxy: the API counts each visitor apart', async () => {
    const kept = ['203.0.113.9, 127.0.0.1', 'https', 'evil.example'];
    // Through the proxy to the API, and to the API in this process.
    expect(await forwarded({})).toEqual([kept, kept]);
    expect(await forwarded({ trustProxy: '127.0.0.0/8, 10.0.0.0/8' })).toEqual([kept, kept]);
  });

  it("replaces what any other client claims with its own address, and drops its other forwarding headers", async () => {
    const replaced = ['127.0.0.1', undefined, undefined];
    expect(await forwarded({ trustProxy: 'false' })).toEqual([replaced, replaced]);
    expect(await forwarded({ trustProxy: '10.0.0.0/8' })).toEqual([replaced, replaced]);
  });
});

describe('the API in the same process (apiHandler)', () => {
  /** A site with the fake API's own request listener as its in-process API. */
  const inProcess = (overrides: Partial<SiteServerOptions> = {}) =>
    startSite({ apiOrigin: 'http://127.0.0.1:9', apiHandler: upstream.listeners('request')[0] as SiteServerOptions['apiHandler'], ...overrides });

  it("keeps an idle client connection as long as the site's own Fastify server does (72 s), not Node's 5 s", async () => {
    const sites = [await startSite(), await inProcess()];
    try {
      expect(sites.map(({ site }) => site.server.keepAliveTimeout)).toEqual([72_000, 72_000]);
    } finally {
      await Promise.all(sites.map(({ site }) => site.close()));
    }
  });

  it('answers /api and /images with the routed path, streams an upload in unchanged, and sets X-Forwarded-For itself', async () => {
    // Loopback is no trusted proxy here: the client's own X-Forwarded-For is replaced by its address.
    const site = await inProcess({ trustProxy: 'false' });
    try {
      const body = randomBytes(3 * 1024 * 1024);
      const upload = await request(site.port, '/api/battlestations/3/images', {
        method: 'POST',
        headers: { 'content-type': 'application/octet-stream', 'content-length': body.length, 'x-forwarded-for': '203.0.113.9' },
        body,
      });
      expect(JSON.parse(upload.body.toString())).toEqual({ sha256: createHash('sha256').update(body).digest('hex'), bytes: body.length });
      expect((await request(site.port, '/api/x/../battlestations?sortBy=name')).status).toBe(200);
      expect((await request(site.port, '/images/battlestations/a.jpg')).status).toBe(200);
      expect((await request(site.port, '/api')).status).toBe(200);
      expect(upstreamSaw.map((r) => r.url)).toEqual(['/api/battlestations/3/images', '/api/battlestations?sortBy=name', '/images/battlestations/a.jpg', '/api']);
      expect(upstreamSaw.map((r) => r.headers['x-forwarded-for'])).toEqual(Array(4).fill('127.0.0.1'));
      // Refused and malformed targets never reach it: the site answers them.
      for (const target of ['//127.0.0.1:9/api/x', 'http://127.0.0.1:9/api/x', '/api/%zz', '/api/\\evil.example/x']) {
        expect([target, (await request(site.port, target)).status]).toEqual([target, 400]);
      }
      expect(upstreamSaw).toHaveLength(4);
      // The API's own headers only, as through the proxy.
      expect((await request(site.port, '/api/cached')).headers['content-security-policy']).toBeUndefined();
    } finally {
      await site.site.close();
    }
  });

  it('drops the kept rendered pages after a write it accepted or that failed, not after a refused one', async () => {
    let renders = 0;
    const site = await inProcess({
      pageCacheMs: 60_000,
      renderPage: async () => ({ status: 200, html: `<!doctype html><p>render ${(renders += 1)}</p>` }),
    });
    try {
      await request(site.port, '/parts');
      await request(site.port, '/parts');
      expect(renders).toBe(1);
      await request(site.port, '/api/status/400', { method: 'PUT', headers: { 'content-length': 0 } });
      expect((await request(site.port, '/parts')).body.toString()).toContain('render 1');
      await request(site.port, '/api/favorites/3', { method: 'PUT', headers: { 'content-length': 0 } });
      expect((await request(site.port, '/parts')).body.toString()).toContain('render 2');
      // A write that failed may have failed after its commit: the kept pages go too.
      await request(site.port, '/api/status/500', { method: 'PUT', headers: { 'content-length': 0 } });
      expect((await request(site.port, '/parts')).body.toString()).toContain('render 3');
    } finally {
      await site.site.close();
    }
  });
});

describe('server rendering hook', () => {
  it('answers a page with what renderPage returns, compressed for the client, with the security headers', async () => {
    const seen: string[] = [];
    const html = `<!doctype html><title>Rendered</title>${'<article>a station</article>'.repeat(200)}`;
    const rendering = await startSite({
      renderPage: async (page) => {
        seen.push(page.url);
        return page.url.startsWith('/battlestations') ? { status: 200, html, headers: { 'X-Rendered': 'yes' } } : null;
      },
    });
    try {
      const answer = await request(rendering.port, '/battlestations?page=2', { headers: { 'accept-encoding': 'gzip, br' } });
      expect(answer.status).toBe(200);
      expect(answer.headers['content-encoding']).toBe('br');
      expect(zlib.brotliDecompressSync(answer.body).toString()).toBe(html);
      expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(answer.headers['cache-control']).toBe('no-cache');
      expect(answer.headers['x-rendered']).toBe('yes');
      expect(answer.headers['content-security-policy']).toContain("script-src 'self'");
      const gzip = await request(rendering.port, '/battlestations', { headers: { 'accept-encoding': 'gzip' } });
      expect(zlib.gunzipSync(gzip.body).toString()).toBe(html);
      // null: the app's HTML file, as without a renderer.
      expect((await request(rendering.port, '/parts')).body.toString()).toBe('<!doctype html><title>Battledeck</title>');
      // Files, remotes and the API never reach the renderer.
      await request(rendering.port, '/main.0badc0de.js');
      await request(rendering.port, '/remotes/mf-parts/mf-manifest.json');
      await request(rendering.port, '/api/battlestations');
      expect(seen).toEqual(['/battlestations?page=2', '/battlestations', '/parts']);
    } finally {
      await rendering.site.close();
    }
  });

  it('sends a page unrendered, at once, while as many renders as allowed are under way, and renders again after', async () => {
    const holds: (() => void)[] = [];
    const rendered = (url: string) => ({ status: 200, html: `<!doctype html><title>rendered ${url}</title>` });
    const bounded = await startSite({
      maxRendersInFlight: 2,
      renderPage: async (page) => {
        await new Promise<void>((resolve) => holds.push(resolve));
        return rendered(page.url);
      },
    });
    try {
      // Two one-off URLs (a made-up query each) take the two renders allowed...
      const slow = ['/battlestations?x=1', '/battlestations?x=2'].map((url) => request(bounded.port, url));
      while (holds.length < 2) await new Promise((resolve) => setTimeout(resolve, 10));
      // ...and a third page is the app's file, at once, while they are held.
      expect((await request(bounded.port, '/battlestations?x=3')).body.toString()).toBe('<!doctype html><title>Battledeck</title>');
      expect(holds).toHaveLength(2);
      holds.splice(0).forEach((release) => release());
      expect((await Promise.all(slow)).map((answer) => answer.body.toString())).toEqual([
        '<!doctype html><title>rendered /battlestations?x=1</title>',
        '<!doctype html><title>rendered /battlestations?x=2</title>',
      ]);
      const later = request(bounded.port, '/battlestations?x=3');
      while (holds.length < 1) await new Promise((resolve) => setTimeout(resolve, 10));
      holds.splice(0).forEach((release) => release());
      expect((await later).body.toString()).toBe('<!doctype html><title>rendered /battlestations?x=3</title>');
    } finally {
      holds.forEach((release) => release());
      await bounded.site.close();
    }
  });

  it('falls back to the static page when renderPage throws, and logs it', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const failing = await startSite({
      renderPage: async () => {
        throw new Error('the remote server bundle failed');
      },
    });
    try {
      const home = await request(failing.port, '/');
      expect(home.status).toBe(200);
      expect(home.body.toString()).toContain('Battledeck home');
      expect((await request(failing.port, '/parts')).body.toString()).toBe('<!doctype html><title>Battledeck</title>');
      expect(error).toHaveBeenCalled();
    } finally {
      error.mockRestore();
      await failing.site.close();
    }
  });
});

describe('rendered pages kept for visitors (pageCacheMs)', () => {
  /** A renderer that counts its renders and can be held back, to see concurrent requests share one. */
  function countingRenderer() {
    const state = { renders: 0, version: 'v1', release: () => {}, hold: false };
    const renderPage = async (page: { url: string }) => {
      state.renders += 1;
      if (state.hold) await new Promise<void>((resolve) => (state.release = resolve));
      if (page.url.startsWith('/declined')) return null;
      return { status: 200, html: `<!doctype html><title>${page.url}</title>${`<p>${state.version}</p>`.repeat(300)}` };
    };
    return { state, renderPage };
  }

  it('renders a URL once for concurrent and later visitors within the time, compressing once per encoding', async () => {
    const { state, renderPage } = countingRenderer();
    const cached = await startSite({ renderPage, pageCacheMs: 60_000 });
    try {
      state.hold = true;
      const concurrent = [1, 2, 3].map(() => request(cached.port, '/parts?sort=name', { headers: { 'accept-encoding': 'br' } }));
      await new Promise((resolve) => setTimeout(resolve, 50));
      state.hold = false;
      state.release();
      const answers = await Promise.all(concurrent);
      expect(answers.map((a) => zlib.brotliDecompressSync(a.body).toString().slice(0, 46))).toEqual(Array(3).fill('<!doctype html><title>/parts?sort=name</title>'));
      expect((await request(cached.port, '/parts?sort=name', { headers: { 'accept-encoding': 'gzip' } })).headers['content-encoding']).toBe('gzip');
      expect(state.renders).toBe(1);
      // Another query is another page; a declined page is asked again every time.
      await request(cached.port, '/parts?sort=price');
      await request(cached.port, '/declined');
      await request(cached.port, '/declined');
      expect(state.renders).toBe(4);
    } finally {
      await cached.site.close();
    }
  });

  it('drops every kept page after a write the API accepted or that failed, not after a refused one or a read', async () => {
    const { state, renderPage } = countingRenderer();
    const cached = await startSite({ renderPage, pageCacheMs: 60_000 });
    const page = async () => (await request(cached.port, '/battlestations')).body.toString();
    try {
      expect(await page()).toContain('<p>v1</p>');
      state.version = 'v2';
      await request(cached.port, '/api/battlestations');
      expect(await page()).toContain('<p>v1</p>');
      await request(cached.port, '/api/status/403', { method: 'POST', headers: { 'content-type': 'application/json' }, body: Buffer.from('{}') });
      expect(await page()).toContain('<p>v1</p>');
      await request(cached.port, '/api/battlestations', { method: 'POST', headers: { 'content-type': 'application/json' }, body: Buffer.from('{}') });
      expect(await page()).toContain('<p>v2</p>');
      expect(state.renders).toBe(2);
      state.version = 'v3';
      await request(cached.port, '/api/status/503', { method: 'POST', headers: { 'content-type': 'application/json' }, body: Buffer.from('{}') });
      expect(await page()).toContain('<p>v3</p>');
    } finally {
      await cached.site.close();
    }
  });

  it('drops kept pages when remotes.json changes (a release), and keeps none when the time is 0', async () => {
    const { state, renderPage } = countingRenderer();
    const cached = await startSite({ renderPage, pageCacheMs: 60_000 });
    const uncached = await startSite({ renderPage });
    try {
      await request(cached.port, '/parts');
      await request(cached.port, '/parts');
      expect(state.renders).toBe(1);
      const remotes = readFileSync(options.remotesFile);
      writeFileSync(options.remotesFile, remotes);
      const later = new Date(Date.now() + 5000);
      utimesSync(options.remotesFile, later, later);
      // A file's state is looked up at most every 200 ms (site-server.ts fileState).
      await new Promise((resolve) => setTimeout(resolve, 250));
      await request(cached.port, '/parts');
      expect(state.renders).toBe(2);
      await request(uncached.port, '/parts');
      await request(uncached.port, '/parts');
      expect(state.renders).toBe(4);
    } finally {
      await cached.site.close();
      await uncached.site.close();
    }
  });
});

describe('siteFileFor', () => {
  it('maps the URLs of files to the files the site serves, and anything else to null', () => {
    expect(siteFileFor(options, '/main.0badc0de.js')).toBe(path.join(root, 'shell/dist/main.0badc0de.js'));
    expect(siteFileFor(options, '/remotes/mf-parts/mf-manifest.json')).toBe(path.join(root, 'mf-parts/dist/mf-manifest.json'));
    expect(siteFileFor(options, `/remotes/mf-parts/releases/${VERSION}/remoteEntry.0badc0de.js`)).toBe(
      path.join(root, 'mf-parts/releases', VERSION, 'remoteEntry.0badc0de.js'),
    );
    expect(siteFileFor(options, '/remotes.json')).toBe(options.remotesFile);
    for (const urlPath of ['/', '/battlestations', '/index.html', '/config.js', '/missing.js', '/main.0badc0de.js.map', '/%ZZ', '/remotes/mf-parts/..%2F..%2Fremotes.json']) {
      expect([urlPath, siteFileFor(options, urlPath)]).toEqual([urlPath, null]);
    }
  });
});
