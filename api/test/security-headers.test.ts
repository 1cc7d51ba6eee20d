import type { Response as InjectResponse } from 'light-my-request';
import sharp from 'sharp';
import { storeImage } from '../src/images/store-image';
import { WrittenFiles } from '../src/images/written-files';
import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { bearer, createBattlestation, createUser } from './helpers/factories';

/**
 * Issue 7 part 6, the API's side (the site server's is shell/server/site-server-headers.test.ts): every
 * kind of answer carries a Content-Security-Policy of this origin only, nosniff, no framing and a strict
 * Referrer-Policy; HSTS only over https as a trusted proxy reports it; CORS only for CORS_ORIGINS.
 */
let t: TestApp;
let imageUrl: string;

beforeAll(async () => {
  t = await buildTestApp();
  const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#123' } }).png().toBuffer();
  imageUrl = `/images/parts/${(await storeImage(new WrittenFiles(t.app.storage), 'parts', png)).name}`;
});
afterAll(() => t?.close());

/** 'default-src' → ["'self'"], … */
function directives(csp: string | undefined): Record<string, string[]> {
  return Object.fromEntries((csp ?? '').split(';').map((d) => d.trim().split(/\s+/)).filter((d) => d[0]).map(([name, ...values]) => [name, values]));
}

const ANSWERS: [kind: string, request: () => Promise<InjectResponse>, status: number][] = [
  ['a JSON answer', () => t.app.inject({ method: 'GET', url: '/api/health' }), 200],
  ['an unknown route', () => t.app.inject({ method: 'GET', url: '/api/nothing-here' }), 404],
  ['a validation error', () => t.app.inject({ method: 'GET', url: '/api/battlestations?sortBy=evil' }), 400],
  ['a sign-in error', () => t.app.inject({ method: 'GET', url: '/api/admin/stats' }), 401],
  ['an image file', () => t.app.inject({ method: 'GET', url: imageUrl }), 200],
  ['the OpenAPI page', () => t.app.inject({ method: 'GET', url: '/api/docs/' }), 200],
];

describe.each(ANSWERS)('%s', (_kind, request, status) => {
  it('carries a same-origin CSP without framing, nosniff and a strict Referrer-Policy, and no HSTS over http', async () => {
    const res = await request();
    expect(res.statusCode).toBe(status);
    const csp = directives(res.headers['content-security-policy'] as string);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    // Nothing beyond this origin: no wildcard hosts or schemes anywhere in the policy.
    expect(Object.values(csp).flat().filter((source) => /^(\*|https?:|\*\.|[a-z]+:\/\/)/.test(source))).toEqual([]);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('HSTS', () => {
  it('is sent when the trusted proxy reports https', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('is not sent when someone other than the proxy claims https', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health', remoteAddress: '203.0.113.9', headers: { 'x-forwarded-proto': 'https' } });
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('CORS', () => {
  const preflight = (app: TestApp, origin: string) =>
    app.app.inject({
      method: 'OPTIONS',
      url: '/api/battlestations/favorites/1',
      headers: { origin, 'access-control-request-method': 'PUT', 'access-control-request-headers': 'authorization,content-type' },
    });
  const allowHeaders = (res: InjectResponse) => Object.keys(res.headers).filter((h) => h.startsWith('access-control-allow-'));

  it('is off without CORS_ORIGINS: a preflight from any origin gets no allow headers', async () => {
    expect(allowHeaders(await preflight(t, 'https://evil.example'))).toEqual([]);
  });

  it('answers only the configured origins', async () => {
    const cors = await buildTestApp({ corsOrigins: ['https://remote.battledeck.example'] });
    try {
      const allowed = await preflight(cors, 'https://remote.battledeck.example');
      expect(allowed.statusCode).toBe(204);
      expect(allowed.headers['access-control-allow-origin']).toBe('https://remote.battledeck.example');
      expect(String(allowed.headers['access-control-allow-methods'])).toContain('PUT');

      for (const origin of ['https://evil.example', 'https://remote.battledeck.example.evil.example', 'null']) {
        expect({ origin, allow: allowHeaders(await preflight(cors, origin)) }).toEqual({ origin, allow: [] });
        const simple = await cors.app.inject({ method: 'GET', url: '/api/health', headers: { origin } });
        expect({ origin, allow: allowHeaders(simple) }).toEqual({ origin, allow: [] });
      }
    } finally {
      await cors.close();
    }
  });
});

// Issue 15 finding 11: per-user and staff-only answers carried no Cache-Control, so a shared cache could keep them.
describe('answers about a signed-in caller', () => {
  it('are never stored by any cache: a profile, favorites, staff lists, pending parts, a private station, and errors', async () => {
    const [user, admin] = await Promise.all([createUser(t.app), createUser(t.app, { is_admin: true })]);
    const station = await createBattlestation(t.app, { owner: user, is_public: 0 });
    const calls: [string, { token: string }][] = [
      [`/api/users/${user.uid}`, user],
      [`/api/users/${user.uid}/battlestations`, user],
      [`/api/users/${user.uid}/favorites`, user],
      [`/api/battlestations/id/${station.battlestation_id}`, user],
      ['/api/admin/users', admin],
      ['/api/admin/stats', admin],
      ['/api/admin/battlestations', admin],
      ['/api/parts/pending', admin],
      [`/api/users/${admin.uid}`, user],
      ['/api/admin/users', user],
    ];
    for (const [url, caller] of calls) {
      const res = await t.app.inject({ method: 'GET', url, headers: bearer(caller) });
      expect({ url, status: res.statusCode < 500, cache: res.headers['cache-control'] }).toEqual({ url, status: true, cache: 'private, no-store' });
    }
  });

  it('leave what anyone may see publicly cacheable', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/battlestations' });
    expect(res.headers['cache-control']).toMatch(/^public/);
  });
});
