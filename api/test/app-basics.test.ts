import { sql } from 'drizzle-orm';
import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { testEngine } from './helpers/test-database';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

describe('health and docs', () => {
  it('answers readiness with the engine in use', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', engine: testEngine(), database: 'up' });
  });

  it('serves the OpenAPI document and its UI under /api/docs', async () => {
    const doc = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    const paths = Object.keys(doc.json<{ paths: Record<string, unknown> }>().paths);
    expect(paths).toEqual(expect.arrayContaining(['/api/users', '/api/users/{id}', '/api/parts/types', '/api/battlestations/featured']));
    expect(paths.some((p) => p.startsWith('/images'))).toBe(false);

    const ui = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
  });
});

describe('CORS', () => {
  it('is off by default: the site and the API share one origin', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { origin: 'http://elsewhere.example' } });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('allows exactly the CORS_ORIGINS', async () => {
    const cors = await buildTestApp({ corsOrigins: ['http://localhost:3001'] });
    try {
      const preflight = await cors.app.inject({
        method: 'OPTIONS',
        url: '/api/users/',
        headers: { origin: 'http://localhost:3001', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,authorization' },
      });
      expect(preflight.statusCode).toBe(204);
      expect(preflight.headers['access-control-allow-origin']).toBe('http://localhost:3001');
      expect(String(preflight.headers['access-control-allow-headers']).toLowerCase()).toContain('authorization');
      const other = await cors.app.inject({ method: 'GET', url: '/api/health', headers: { origin: 'http://evil.example' } });
      expect(other.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await cors.close();
    }
  });
});

describe('error format', () => {
  it('answers an unknown route with 404 { message }', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found.' });
  });

  it('answers malformed JSON with 400 { message }', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/users/', headers: { 'content-type': 'application/json' }, payload: '{"username":' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json())).toEqual(['message']);
  });

  it('puts helmet headers on every response, errors included', async () => {
    for (const url of ['/api/health', '/api/no-such-thing']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.headers['x-frame-options']).toBe('DENY');
    }
  });

  it('hides the internals of a server error and keeps the body shape', async () => {
    // A real failure: the table the query needs is gone.
    await t.app.db.execute(sql`DROP TABLE part_types CASCADE`);
    const res = await t.app.inject({ method: 'GET', url: '/api/parts/types' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Something went wrong. Please try again later.' });
    expect(res.body).not.toMatch(/part_types|relation|select/i);
  });
});
