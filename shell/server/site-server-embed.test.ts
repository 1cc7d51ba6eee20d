import { oembedDiscoveryLink } from './embed-card';
import { startSiteWithStandInApi, type SiteWithStandInApi } from './site-with-stand-in-api';

/**
 * Issue 20: the embeddable card of a public station at /embed/battlestations/:id — server-rendered from the
 * anonymous station call, escaped, no scripts, and the only route whose headers let other sites frame it.
 */
const HOSTILE_NAME = `</h1><script>alert(1)</script><img src=x onerror="alert(2)"> & 'quoted'`;
const station = (id: number, overrides: Record<string, unknown> = {}) => ({
  battlestation_id: id,
  name: 'Night Owl',
  username: 'owl_owner',
  user_id: 'uid-1',
  created_date: '2026-01-01T00:00:00.000Z',
  instagram_url: null,
  reddit_url: null,
  description: '',
  is_public: 1,
  favorites: 0,
  is_favorited: 0,
  image_count: 1,
  part_count: 3,
  images: ['abc123.jpg'],
  image_sizes: [{ width: 1600, height: 1000, widths: [] }],
  parts: [],
  ...overrides,
});

let site: SiteWithStandInApi;
let base: string;
const apiCalls: string[] = [];

beforeAll(async () => {
  // A stand-in for the API: 5 is public, 6 hostile, 8 has no photos, 7 fails; anything else is 404 (unknown or private).
  site = await startSiteWithStandInApi(
    (request, response) => {
      apiCalls.push(`${request.url} ${request.headers.authorization ?? ''}`.trim());
      const id = Number(/\/api\/battlestations\/id\/(\d+)$/.exec(request.url ?? '')?.[1]);
      const bodies: Record<number, unknown> = {
        5: station(5),
        6: station(6, { name: HOSTILE_NAME, username: '<b>bold</b>', part_count: 1, images: ['x".jpg'] }),
        8: station(8, { images: [], image_sizes: [], part_count: 0 }),
      };
      if (id === 7) return void response.writeHead(500).end('{"message":"boom"}');
      if (!bodies[id]) return void response.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"Not found."}');
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(bodies[id]));
    },
    { clientConfig: { imageBaseUrl: 'https://img.cdn.example/images' } },
  );
  base = site.base;
});
afterAll(() => site.close());

function directives(csp: string | null): Record<string, string[]> {
  return Object.fromEntries((csp ?? '').split(';').map((d) => d.trim().split(/\s+/)).filter((d) => d[0]).map(([name, ...values]) => [name, values]));
}

describe('GET /embed/battlestations/:id', () => {
  it("renders a public station's card: thumbnail, name, owner, part count, a link opening it in a new tab", async () => {
    const res = await fetch(`${base}/embed/battlestations/5`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await res.text();
    expect(html).toContain('<title>Night Owl on Battledeck</title>');
    expect(html).toContain('<img src="https://img.cdn.example/images/battlestations/abc123_thumb.jpg" alt="Photo of Night Owl" width="640" height="400">');
    expect(html).toContain('<h1>Night Owl</h1>');
    expect(html).toContain('by owl_owner · 3 parts');
    expect(html).toMatch(/<a href="\/battlestations\/5" target="_blank" rel="noopener" aria-label="View on Battledeck: Night Owl \(opens in a new tab\)">View on Battledeck<\/a>/);
    expect(html).not.toMatch(/<script/i);
    // Asked anonymously: the server never passes anyone's credentials on.
    expect(apiCalls).toContain('/api/battlestations/id/5');
  });

  it('may be framed by any site, loads nothing but its photo and its own stylesheet', async () => {
    const res = await fetch(`${base}/embed/battlestations/5`);
    expect(res.headers.get('x-frame-options')).toBeNull();
    const csp = directives(res.headers.get('content-security-policy'));
    // Any ancestor, sandboxed (opaque origin) ones too: no frame-ancestors directive at all.
    expect(csp['frame-ancestors']).toBeUndefined();
    expect(csp['default-src']).toEqual(["'none'"]);
    expect(csp['img-src']).toEqual(["'self'", 'https://img.cdn.example']);
    expect(csp['style-src']).toEqual([expect.stringMatching(/^'sha256-[A-Za-z0-9+/]+=*'$/)]);
    expect(csp['script-src']).toBeUndefined();
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
  });

  it('keeps every other page and file unframeable', async () => {
    for (const url of ['/', '/battlestations/5', '/embed', '/embed/battlestations', '/embed/battlestations/5/extra', '/config.js']) {
      const res = await fetch(`${base}${url}`);
      expect({ url, xfo: res.headers.get('x-frame-options') }).toEqual({ url, xfo: 'DENY' });
      expect(directives(res.headers.get('content-security-policy'))['frame-ancestors']).toEqual(["'none'"]);
    }
  });

  it('escapes everything the station holds', async () => {
    const html = await (await fetch(`${base}/embed/battlestations/6`)).text();
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('<b>bold</b>');
    expect(html).toContain('&#60;/h1&#62;&#60;script&#62;alert(1)&#60;/script&#62;');
    expect(html).toContain('src="https://img.cdn.example/images/battlestations/x%22_thumb.jpg"');
    expect(html).toContain('by &#60;b&#62;bold&#60;/b&#62; · 1 part<');
  });

  it('shows a card without a photo for a station without photos', async () => {
    const html = await (await fetch(`${base}/embed/battlestations/8`)).text();
    expect(html).not.toContain('<img');
    expect(html).toContain('0 parts');
  });

  it('answers 404 for a private or unknown station and for ids that cannot exist, asking the API only for valid ids', async () => {
    apiCalls.length = 0;
    for (const id of ['9', '0', '2147483648', '99999999999999999999', 'abc', '-1', '1e3', '%3Cscript%3E']) {
      const res = await fetch(`${base}/embed/battlestations/${id}`);
      expect({ id, status: res.status }).toEqual({ id, status: 404 });
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(await res.text()).toContain("This battlestation can&#39;t be shown.");
    }
    expect(apiCalls).toEqual(['/api/battlestations/id/9']);
  });

  it('answers 503 when the API fails, and keeps serving', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const res = await fetch(`${base}/embed/battlestations/7`);
    expect(res.status).toBe(503);
    expect(await res.text()).toContain('cannot be loaded right now');
    expect((await fetch(`${base}/embed/battlestations/5`)).status).toBe(200);
  });

  it('ignores a query and hostile request headers', async () => {
    const res = await fetch(`${base}/embed/battlestations/5?name=%3Cscript%3E`, { headers: { 'x-forwarded-host': 'evil.example', referer: 'javascript:alert(1)' } });
    const html = await res.text();
    expect(res.status).toBe(200);
    expect(html).not.toMatch(/evil\.example|<script|javascript:/);
  });
});

describe("a station page's oEmbed discovery link", () => {
  it('names the oEmbed answer of the station page on the public origin, escaped', () => {
    expect(oembedDiscoveryLink('https://bd.example', '/battlestations/12', 'Desk "A" <b>')).toBe(
      '<link rel="alternate" type="application/json+oembed" ' +
        'href="https://bd.example/api/oembed?url=https%3A%2F%2Fbd.example%2Fbattlestations%2F12&#38;format=json" title="Desk &#34;A&#34; &#60;b&#62;">',
    );
  });

  it('is left out of every other page', () => {
    for (const pathname of ['/', '/battlestations', '/battlestations/new', '/battlestations/12/edit', '/battlestations/0', '/battlestations/99999999999', '/parts/view/1']) {
      expect(oembedDiscoveryLink('https://bd.example', pathname, 'x')).toBe('');
    }
  });
});
