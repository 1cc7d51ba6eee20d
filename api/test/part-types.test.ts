import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { createPartType } from './helpers/factories';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

const getTypes = (headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: '/api/parts/types', headers });

describe('GET /api/parts/types', () => {
  it('lists the types in catalogue order, with HTTP caching headers', async () => {
    expect((await getTypes()).json()).toEqual([]);
    const cpu = await createPartType(t.app, { type_name: 'CPU', type_path: 'cpu' });
    const gpu = await createPartType(t.app, { type_name: 'GPU', type_path: 'gpu' });
    const case_ = await createPartType(t.app, { type_name: 'Case', type_path: 'case' });

    const res = await getTypes();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([cpu, gpu, case_]);
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    expect(res.headers.etag).toMatch(/^"[\w-]+"$/);
  });

  it('answers 304 without a body to a client holding the current version', async () => {
    const { headers } = await getTypes();
    const etag = String(headers.etag);
    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`]) {
      const res = await getTypes({ 'if-none-match': ifNoneMatch });
      expect(res.statusCode).toBe(304);
      expect(res.body).toBe('');
      expect(res.headers.etag).toBe(etag);
    }
  });

  it('changes the ETag when the types change', async () => {
    const before = String((await getTypes()).headers.etag);
    await createPartType(t.app, { type_name: 'Chair', type_path: 'chair' });
    const res = await getTypes({ 'if-none-match': before });
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).not.toBe(before);
    expect(res.json<{ type_path: string }[]>().map((type) => type.type_path)).toEqual(['cpu', 'gpu', 'case', 'chair']);
  });
});
