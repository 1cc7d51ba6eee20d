import type { PairedPart } from '@battledeck/shared/contract';
import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { bearer, createBattlestation, createPart, createPartType, createUser } from './helpers/factories';
import { multipart } from './helpers/upload';

/** GET /api/parts/id/{id}/paired (issue 19, decision 014). A fresh database per test: lift depends on every public station. */
let t: TestApp;
afterEach(() => t?.close());

const paired = async (partId: number) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/parts/id/${partId}/paired` });
  return { res, list: res.statusCode === 200 ? res.json<PairedPart[]>() : [] };
};
const parts = (n: number) => Promise.all(Array.from({ length: n }, () => createPart(t.app)));
const station = (overrides: Parameters<typeof createBattlestation>[1]) => createBattlestation(t.app, { images: 0, ...overrides });

describe('lift and minimum support', () => {
  beforeEach(async () => {
    t = await buildTestApp();
  });

  it('lists parts seen with it more often than chance, with their category, highest lift first', async () => {
    const monitors = await createPartType(t.app, { type_name: 'Monitor', type_path: 'monitor' });
    const a = await createPart(t.app, { name: 'Anchor' });
    const b = await createPart(t.app, { name: 'Companion', type: monitors });
    const [common, once, loose] = await parts(3);
    // a with b twice; b nowhere else.
    await station({ parts: [a, b, common] });
    await station({ parts: [a, b, common] });
    // common on every desk: together with a twice, but no more than chance (lift 1).
    for (let i = 0; i < 7; i += 1) await station({ parts: [common, loose] });
    // once: with a on a single station, under the minimum support.
    await station({ parts: [a, once, common] });
    // Ten public stations, a on 3, b on 2: lift 2 × 10 / (3 × 2). loose is on 7, never with a.

    const { res, list } = await paired(a.part_id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    expect(list).toEqual<PairedPart[]>([
      { part_id: b.part_id, name: 'Companion', type_id: monitors.type_id, type_name: 'Monitor', type_path: 'monitor', together: 2, lift: 10 * 2 / (3 * 2) },
    ]);
  });

  it('ranks by lift: a rarer companion above a more frequent one', async () => {
    const [a, rare, frequent] = await parts(3);
    await station({ parts: [a, rare, frequent] });
    await station({ parts: [a, rare, frequent] });
    await station({ parts: [a, frequent] });
    await station({ parts: [frequent] });
    for (let i = 0; i < 4; i += 1) await station({ parts: 1 });
    // 8 stations: rare 2×8/(3×2) = 2.67, frequent 3×8/(3×4) = 2.
    const { list } = await paired(a.part_id);
    expect(list.map((p) => p.part_id)).toEqual([rare.part_id, frequent.part_id]);
    expect(list.map((p) => p.together)).toEqual([2, 3]);
    expect(list[0].lift).toBeCloseTo(8 / 3);
    expect(list[1].lift).toBeCloseTo(2);
  });

  it('counts public stations only', async () => {
    const [a, b] = await parts(2);
    await station({ parts: [a, b] });
    await station({ parts: [a, b], is_public: false });
    await station({ parts: [a, b], is_public: false });
    await station({ parts: 2 });
    // Together on one public station only: under the minimum support, whatever the private ones hold.
    expect((await paired(a.part_id)).list).toEqual([]);
  });

  it('answers 404 for an unknown part and an empty list for an unused one', async () => {
    expect((await paired(987654)).res.statusCode).toBe(404);
    const [unused] = await parts(1);
    expect((await paired(unused.part_id)).list).toEqual([]);
  });
});

describe('freshness after writes (response cache on)', () => {
  beforeEach(async () => {
    t = await buildTestApp({ responseCacheEntries: 100 });
  });

  it('follows a station save, a visibility change and a delete', async () => {
    const owner = await createUser(t.app);
    const [a, b] = await parts(2);
    await station({ parts: [a, b] });
    const target = await station({ owner, parts: [a], images: 1 });
    for (let i = 0; i < 3; i += 1) await station({ parts: 1 });
    const write = (method: 'PUT' | 'DELETE', fields: Record<string, unknown> = {}) => {
      const body = multipart(fields);
      return t.app.inject({ method, url: `/api/battlestations/id/${target.battlestation_id}`, headers: { ...body.headers, ...bearer(owner) }, payload: method === 'PUT' ? body.payload : undefined });
    };
    const ids = async () => (await paired(a.part_id)).list.map((p) => p.part_id);

    expect(await ids()).toEqual([]);
    expect((await write('PUT', { added_parts: [b.part_id] })).statusCode).toBe(200);
    expect(await ids()).toEqual([b.part_id]);
    expect((await write('PUT', { is_public: 'false' })).statusCode).toBe(200);
    expect(await ids()).toEqual([]);
    expect((await write('PUT', { is_public: 'true' })).statusCode).toBe(200);
    expect(await ids()).toEqual([b.part_id]);
    expect((await write('DELETE')).statusCode).toBe(204);
    expect(await ids()).toEqual([]);
  });
});
