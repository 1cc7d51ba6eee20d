import { sitemapFileOf } from '@battledeck/shared/contract';
import { startSiteWithStandInApi, type SiteWithStandInApi } from './site-with-stand-in-api';

/**
 * ADR 025: robots.txt and the sitemap, written from the API's sitemap calls (a stand-in here; the calls
 * themselves are tested in api/test/sitemap.test.ts), on the configured public origin only.
 */
let site: SiteWithStandInApi;
let base: string;
let apiCalls: string[] = [];
let failing = false;
/** While set, the API answers nothing until it resolves. */
let held: Promise<void> | null = null;
const summary = { lastBattlestationId: 55_000, lastPartId: 120 };

beforeAll(async () => {
  site = await startSiteWithStandInApi(async (request, response) => {
    apiCalls.push(request.url ?? '');
    if (held) await held;
    if (failing) return void response.writeHead(500).end('{"message":"boom"}');
    const url = new URL(request.url ?? '/', 'http://api');
    const file = Number(url.searchParams.get('file'));
    // Past the last id's file the API has no such file.
    const last = url.pathname === '/api/sitemap/parts' ? summary.lastPartId : summary.lastBattlestationId;
    if (url.pathname.startsWith('/api/sitemap/') && file > sitemapFileOf(last)) return void response.writeHead(404).end('{"message":"There is no such sitemap file."}');
    const bodies: Record<string, unknown> = {
      '/api/sitemap': summary,
      '/api/parts/types': [
        { type_id: 1, type_name: 'CPU', type_path: 'cpu' },
        { type_id: 2, type_name: 'Odd & <Co>', type_path: 'odd&co' },
      ],
      '/api/sitemap/battlestations': {
        battlestations: Array.from({ length: 200 }, (_, i) => ({ battlestation_id: file * 10_000 + i + 1, updated_date: '2026-12-01T10:00:00.000Z' })),
      },
      '/api/sitemap/parts': { parts: [{ part_id: 3 }, { part_id: 120 }] },
    };
    const body = bodies[url.pathname];
    if (!body) return void response.writeHead(404).end('{"message":"Not found."}');
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  base = site.base;
});
afterAll(() => site.close());
beforeEach(() => {
  apiCalls = [];
  failing = false;
});

/** A GET with a Host that is not the site's: nothing the site writes may name it. */
const get = (url: string, headers: Record<string, string> = {}) => fetch(`${base}${url}`, { headers: { host: 'evil.example', ...headers } });
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]);

describe('what crawlers read (ADR 025)', () => {
  it('robots.txt keeps crawlers off the API, the sign-in and signed-in pages and search results, and names the sitemap', async () => {
    const res = await get('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const text = await res.text();
    for (const line of ['User-agent: *', 'Disallow: /api/', 'Disallow: /profile', 'Disallow: /admin', 'Disallow: /login', 'Disallow: /battlestations/*/edit', 'Disallow: /*searchTerm=']) {
      expect(text.split('\n')).toContain(line);
    }
    expect(text).toContain('Sitemap: https://deck.example/sitemap.xml');
    expect(text).not.toContain('evil.example');
  });

  it('the index lists the pages file and one file per range of ids, on the public origin', async () => {
    const res = await get('/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
    const xml = await res.text();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    // Ids 1-55,000: six files of 10,000; parts 1-120: one.
    expect(locs(xml)).toEqual([
      'https://deck.example/sitemaps/pages.xml',
      ...[0, 1, 2, 3, 4, 5].map((file) => `https://deck.example/sitemaps/battlestations-${file}.xml`),
      'https://deck.example/sitemaps/parts-0.xml',
    ]);
  });

  it("a file lists its stations' pages with when each changed, the parts' pages, and the public list pages, escaped", async () => {
    const stations = await (await get('/sitemaps/battlestations-1.xml')).text();
    expect(stations).toContain('<url><loc>https://deck.example/battlestations/10007</loc><lastmod>2026-12-01T10:00:00.000Z</lastmod></url>');
    expect(apiCalls).toContain('/api/sitemap/battlestations?file=1');
    expect(locs(await (await get('/sitemaps/parts-0.xml')).text())).toEqual(['https://deck.example/parts/view/3', 'https://deck.example/parts/view/120']);
    const pages = locs(await (await get('/sitemaps/pages.xml')).text());
    expect(pages).toEqual(['https://deck.example/', 'https://deck.example/battlestations', 'https://deck.example/parts', 'https://deck.example/parts/cpu', 'https://deck.example/parts/odd%26co']);
  });

  it('answers 404 for a file the API has not (past the last id), and for a name that is not a file without asking', async () => {
    for (const url of ['/sitemaps/battlestations-6.xml', '/sitemaps/parts-1.xml']) {
      const res = await get(url);
      expect([url, res.status]).toEqual([url, 404]);
    }
    expect(apiCalls).toEqual(['/api/sitemap/battlestations?file=6', '/api/sitemap/parts?file=1']);
    apiCalls = [];
    for (const url of ['/sitemaps/other.xml', '/sitemaps/battlestations-01x.xml', '/sitemaps/battlestations-1234567.xml', '/sitemaps/battlestations--1.xml', '/sitemaps/', '/sitemaps/pages.xml/x']) {
      const res = await get(url);
      expect([url, res.status]).toEqual([url, 404]);
    }
    expect(apiCalls).toEqual([]);
  });

  it('compresses a file once for everyone who asks within ten minutes', async () => {
    apiCalls = [];
    const res = await get('/sitemaps/battlestations-2.xml', { 'accept-encoding': 'gzip' });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    const again = await fetch(`${base}/sitemaps/battlestations-2.xml`, { headers: { 'accept-encoding': 'identity' } });
    expect(await again.text()).toContain('https://deck.example/battlestations/20007');
    // One call to the API for the file, none for the second ask (and no summary: the API says 404 past the end).
    expect(apiCalls).toEqual(['/api/sitemap/battlestations?file=2']);
    // fetch decompresses: the same document as sent plain.
    expect(await res.text()).toBe(await (await get('/sitemaps/battlestations-2.xml', { 'accept-encoding': 'identity' })).text());
  });

  it('makes two files at once at most: a third ask meanwhile is a 503 with Retry-After, and is made once they are done', async () => {
    let release = () => {};
    held = new Promise((resolve) => (release = resolve));
    // Files no other test asks for (files are kept by their path).
    const first = get('/sitemaps/battlestations-3.xml');
    const second = get('/sitemaps/battlestations-4.xml');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const third = await get('/sitemaps/battlestations-5.xml');
    expect(third.status).toBe(503);
    expect(third.headers.get('retry-after')).toBe('60');
    held = null;
    release();
    expect((await first).status).toBe(200);
    expect((await second).status).toBe(200);
    expect((await get('/sitemaps/battlestations-5.xml')).status).toBe(200);
  });

  it('says the sitemap is not available when the API fails, and keeps nothing of it', async () => {
    failing = true;
    // A file no test asked for yet (files are kept by their path).
    const uncached = await get('/sitemaps/battlestations-0.xml');
    expect(uncached.status).toBe(503);
    expect(uncached.headers.get('cache-control')).toBe('no-store');
    failing = false;
    expect((await get('/sitemaps/battlestations-0.xml')).status).toBe(200);
  });
});
