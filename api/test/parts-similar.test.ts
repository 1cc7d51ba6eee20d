import type { PendingPart, SimilarPart } from '@battledeck/shared/contract';
import { insertPartRequests } from '../src/repositories/catalogue-repository';
import type { PartRow } from '../src/repositories/part-write-repository';
import type { PartTypeRow } from '../src/repositories/part-types-repository';
import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { bearer, createPart, createPartType, createUser, type TestUser } from './helpers/factories';

/** Issue 20 item 4: 'Did you mean …?' while naming a missing part, and the pending list's flags. */
let t: TestApp;
let admin: TestUser;
let mouse: PartTypeRow;
let keyboard: PartTypeRow;
let mxMouse: PartRow;
let mxKeys: PartRow;

beforeAll(async () => {
  t = await buildTestApp();
  [admin, mouse, keyboard] = await Promise.all([createUser(t.app, { is_admin: true }), createPartType(t.app), createPartType(t.app)]);
  mxMouse = await createPart(t.app, { name: 'Logitech MX Master 3S', type: mouse, manufacturer: 'Logitech' });
  mxKeys = await createPart(t.app, { name: 'Logitech MX Keys S', type: keyboard, manufacturer: 'Logitech' });
  await createPart(t.app, { name: 'Herman Miller Aeron', type: mouse, manufacturer: 'Herman Miller' });
});
afterAll(() => t?.close());

const similar = async (query: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/parts/similar?${query}` });
  return { res, names: res.statusCode === 200 ? res.json<SimilarPart[]>().map((p) => p.name) : [] };
};

describe('GET /api/parts/similar', () => {
  it('offers the existing part for a near-duplicate name, typos and extra words included', async () => {
    for (const name of ['logitech mx mastr 3s', 'Logitech MX Master 3S mouse (graphite)', 'MX Master']) {
      const { res, names } = await similar(`name=${encodeURIComponent(name)}`);
      expect(res.statusCode).toBe(200);
      expect(names[0]).toBe('Logitech MX Master 3S');
      expect(names).not.toContain('Herman Miller Aeron');
    }
    const { res } = await similar('name=logitech%20mx%20master');
    expect(res.json<SimilarPart[]>()[0]).toEqual({
      part_id: mxMouse.part_id,
      name: 'Logitech MX Master 3S',
      manufacturer: 'Logitech',
      type_name: mouse.type_name,
      type_path: mouse.type_path,
      battlestation_count: 0,
    });
  });

  it('puts the given category first', async () => {
    expect((await similar('name=Logitech%20MX')).names.slice(0, 2).sort()).toEqual(['Logitech MX Keys S', 'Logitech MX Master 3S']);
    expect((await similar(`name=Logitech%20MX&partType=${keyboard.type_path}`)).names[0]).toBe(mxKeys.name);
    expect((await similar(`name=Logitech%20MX&partType=${mouse.type_path}`)).names[0]).toBe('Logitech MX Master 3S');
    // An unknown category is no preference, not an error.
    expect((await similar('name=Logitech%20MX&partType=nope')).res.statusCode).toBe(200);
  });

  it('answers nothing for an unlike name, and validates the query', async () => {
    expect((await similar('name=Quartz%20Widget%209000')).names).toEqual([]);
    const short = await similar('name=mx');
    expect(short.res.statusCode).toBe(400);
    expect(short.res.json()).toEqual({ message: 'name must be 3 to 200 characters.' });
    expect((await similar('')).res.statusCode).toBe(400);
    expect((await similar(`name=${'x'.repeat(201)}`)).res.statusCode).toBe(400);
  });

  it('is rate limited per client by the configured limit (429s: security-rate-limits.test.ts)', async () => {
    const { res } = await similar('name=logitech');
    expect(res.headers['x-ratelimit-limit']).toBe(String(t.config.rateLimits.similarParts.max));
  });
});

describe('GET /api/parts/pending: likely duplicates', () => {
  it('names the existing parts a pending request looks like, and nothing for a new part', async () => {
    const requester = await createUser(t.app);
    await insertPartRequests(t.app.db, [
      { name: 'Logitec MX Master 3S', url: 'https://example.com/a', user_id: requester.uid, status: 'pending' },
      { name: 'Keychron Q1 Pro', url: 'https://example.com/b', user_id: requester.uid, status: 'pending' },
      { name: 'Logitech MX Keys S', url: 'https://example.com/c', user_id: requester.uid, status: 'approved' },
    ]);
    const res = await t.app.inject({ method: 'GET', url: '/api/parts/pending', headers: bearer(admin) });
    expect(res.statusCode).toBe(200);
    const byName = new Map(res.json<PendingPart[]>().map((r) => [r.name, r.likely_parts]));
    expect(byName.get('Logitec MX Master 3S')).toEqual([{ part_id: mxMouse.part_id, name: 'Logitech MX Master 3S' }]);
    expect(byName.get('Keychron Q1 Pro')).toEqual([]);
    // Approved requests are done: no flag, though the name is an existing part's.
    expect(byName.get(mxKeys.name)).toEqual([]);
  });
});
