import { SIMILAR_STATIONS_COUNT, type BattlestationCard } from '@battledeck/shared/contract';
import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { bearer, createBattlestation, createPart, createUser, type TestUser } from './helpers/factories';
import { multipart } from './helpers/upload';

/** GET /api/battlestations/id/{id}/similar (issue 19, decision 014). A fresh database per test: weights depend on every public station. */
let t: TestApp;
afterEach(() => t?.close());

const similar = async (id: number, user?: TestUser) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/battlestations/id/${id}/similar`, headers: user ? bearer(user) : {} });
  return { res, ids: res.statusCode === 200 ? res.json<BattlestationCard[]>().map((c) => c.battlestation_id) : [] };
};

const parts = (n: number) => Promise.all(Array.from({ length: n }, () => createPart(t.app)));
const station = (overrides: Parameters<typeof createBattlestation>[1]) => createBattlestation(t.app, { images: 1, ...overrides });

describe('ranking', () => {
  beforeEach(async () => {
    t = await buildTestApp();
  });

  it('weighs a shared rare part above two shared parts that are on every desk', async () => {
    const [rare, common1, common2] = await parts(3);
    const me = await station({ parts: [rare, common1, common2] });
    const twoCommon = await station({ parts: [common1, common2], favoritedBy: [await createUser(t.app)] });
    const oneRare = await station({ parts: [rare] });
    // Common parts: on every other desk too.
    for (let i = 0; i < 6; i += 1) await station({ parts: [common1, common2, (await parts(1))[0]] });

    const { res, ids } = await similar(me.battlestation_id);
    expect(res.statusCode).toBe(200);
    // A plain count of shared parts (2 against 1) would put twoCommon first; the rare part outweighs both.
    expect(ids[0]).toBe(oneRare.battlestation_id);
    expect(ids.indexOf(twoCommon.battlestation_id)).toBeGreaterThan(0);
    expect(ids).not.toContain(me.battlestation_id);
  });

  it('puts the desk with the same uses, monitors and colours first among equal part matches, but never above a rarer part (decision 017)', async () => {
    const [shared, rare] = await parts(2);
    const desk = { main_uses: ['gaming', 'streaming'], monitor_count_manual: 2, palette: ['#1e3cc8', '#0a0a0a'] };
    const me = await station({ parts: [shared, rare], ...desk });
    const liked = await station({ parts: [shared], favoritedBy: [await createUser(t.app)], main_uses: ['study'], palette: ['#f1c40f'] });
    const alike = await station({ parts: [shared], ...desk });
    const rareOnly = await station({ parts: [rare, shared] });
    for (let i = 0; i < 4; i += 1) await station({ parts: [shared] });
    const { ids } = await similar(me.battlestation_id);
    expect(ids.slice(0, 3)).toEqual([rareOnly.battlestation_id, alike.battlestation_id, liked.battlestation_id]);
  });

  it('breaks ties by favorites, then by the newest', async () => {
    const [shared] = await parts(1);
    const me = await station({ parts: [shared] });
    const fan = await createUser(t.app);
    const older = await station({ parts: [shared], created_date: new Date(Date.now() - 86_400_000) });
    const newer = await station({ parts: [shared] });
    const liked = await station({ parts: [shared], favoritedBy: [fan], created_date: new Date(Date.now() - 2 * 86_400_000) });
    const { ids } = await similar(me.battlestation_id);
    expect(ids.slice(0, 3)).toEqual([liked.battlestation_id, newer.battlestation_id, older.battlestation_id]);
  });

  it('fills up to the page size with other public stations, most favorited first, when few share parts', async () => {
    const [shared] = await parts(1);
    const me = await station({ parts: [shared] });
    const alike = await station({ parts: [shared] });
    const others = [];
    for (let i = 0; i < SIMILAR_STATIONS_COUNT + 2; i += 1) others.push(await station({}));
    await station({ is_public: false });
    const { res, ids } = await similar(me.battlestation_id);
    const cards = res.json<BattlestationCard[]>();
    expect(ids).toHaveLength(SIMILAR_STATIONS_COUNT);
    expect(ids[0]).toBe(alike.battlestation_id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).not.toContain(me.battlestation_id);
    expect(cards.every((c) => c.is_public === 1)).toBe(true);
    expect(cards[0]).toMatchObject({ name: alike.name, part_count: 1, image_count: 1, thumbnail: alike.thumbnail });
  });
});

describe('private stations', () => {
  beforeEach(async () => {
    t = await buildTestApp();
  });

  it('never lists them, and leaves them out of the part weights', async () => {
    const [x, y] = await parts(2);
    const me = await station({ parts: [x, y] });
    const fan = await createUser(t.app);
    // Equal weights while only public stations count: the favorite decides for sharesX.
    const sharesX = await station({ parts: [x], favoritedBy: [fan] });
    const sharesY = await station({ parts: [y] });
    // Counted, these would make x common and put sharesY first.
    const hidden = [];
    for (let i = 0; i < 4; i += 1) hidden.push(await station({ parts: [x], is_public: false }));
    const { ids } = await similar(me.battlestation_id);
    expect(ids.slice(0, 2)).toEqual([sharesX.battlestation_id, sharesY.battlestation_id]);
    for (const h of hidden) expect(ids).not.toContain(h.battlestation_id);
  });

  it("answers a private station's list to its owner and staff only, uncached, without private stations", async () => {
    const owner = await createUser(t.app);
    const [stranger, moderator] = await Promise.all([createUser(t.app), createUser(t.app, { is_moderator: true })]);
    const [x] = await parts(1);
    const mine = await station({ owner, parts: [x], is_public: false });
    const other = await station({ parts: [x] });
    const otherPrivate = await station({ parts: [x], is_public: false });

    expect((await similar(mine.battlestation_id)).res.statusCode).toBe(404);
    expect((await similar(mine.battlestation_id, stranger)).res.statusCode).toBe(404);
    for (const viewer of [owner, moderator]) {
      const { res, ids } = await similar(mine.battlestation_id, viewer);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(ids).toEqual([other.battlestation_id]);
      expect(ids).not.toContain(otherPrivate.battlestation_id);
    }
  });

  it('answers 404 for a station that does not exist and 400 for a bad id', async () => {
    expect((await similar(987654)).res.statusCode).toBe(404);
    const bad = await t.app.inject({ method: 'GET', url: '/api/battlestations/id/abc/similar' });
    expect(bad.statusCode).toBe(400);
  });
});

describe('freshness after writes (response cache on)', () => {
  let owner: TestUser;
  beforeEach(async () => {
    t = await buildTestApp({ responseCacheEntries: 100 });
    owner = await createUser(t.app);
  });

  const write = (method: 'PUT' | 'DELETE', id: number, fields: Record<string, unknown> = {}) => {
    const body = multipart(fields);
    return t.app.inject({ method, url: `/api/battlestations/id/${id}`, headers: { ...body.headers, ...bearer(owner) }, payload: method === 'PUT' ? body.payload : undefined });
  };

  it('follows a station save that changes its parts, a visibility change and a delete', async () => {
    const [x, y] = await parts(2);
    const me = await station({ parts: [x] });
    const viaX = await station({ parts: [x] });
    const target = await station({ owner, parts: [y] });
    const first = await similar(me.battlestation_id);
    expect(first.res.headers['cache-control']).toBe('public, max-age=0, s-maxage=5');
    expect(first.ids[0]).toBe(viaX.battlestation_id);

    // Save: target now lists x as well, and shares it with me.
    expect((await write('PUT', target.battlestation_id, { added_parts: [x.part_id] })).statusCode).toBe(200);
    let { ids } = await similar(me.battlestation_id);
    expect(ids.slice(0, 2).sort()).toEqual([viaX.battlestation_id, target.battlestation_id].sort());

    // Private: gone from everyone's list, fill-ups included.
    expect((await write('PUT', target.battlestation_id, { is_public: 'false' })).statusCode).toBe(200);
    ({ ids } = await similar(me.battlestation_id));
    expect(ids).not.toContain(target.battlestation_id);

    // Public again, then deleted.
    expect((await write('PUT', target.battlestation_id, { is_public: 'true' })).statusCode).toBe(200);
    expect((await similar(me.battlestation_id)).ids).toContain(target.battlestation_id);
    expect((await write('DELETE', target.battlestation_id)).statusCode).toBe(204);
    ({ ids } = await similar(me.battlestation_id));
    expect(ids).not.toContain(target.battlestation_id);
    expect((await similar(target.battlestation_id)).res.statusCode).toBe(404);
  });
});
