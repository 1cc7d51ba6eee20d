import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { bearer, createBattlestation, createPart, createPartType, createUser, type TestUser } from './helpers/factories';

let t: TestApp;
let owner: TestUser;
let stranger: TestUser;
let admin: TestUser;
let moderator: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  [owner, stranger, admin, moderator] = await Promise.all([
    createUser(t.app),
    createUser(t.app),
    createUser(t.app, { is_admin: true }),
    createUser(t.app, { is_moderator: true }),
  ]);
});
afterAll(() => t?.close());

const getDetail = (id: number, user?: TestUser, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/api/battlestations/id/${id}`, headers: { ...(user ? bearer(user) : {}), ...headers } });
const getParts = (id: number, user?: TestUser) =>
  t.app.inject({ method: 'GET', url: `/api/battlestations/id/${id}/parts`, headers: user ? bearer(user) : {} });

describe('GET /api/battlestations/id/{id}', () => {
  it('returns the whole page of a public station to anyone: photos in order, parts with their type, links', async () => {
    const cpu = await createPartType(t.app, { type_name: 'CPU', type_path: `cpu-${Date.now()}` });
    const desk = await createPartType(t.app, { type_name: 'Desk', type_path: `desk-${Date.now()}` });
    const parts = [await createPart(t.app, { name: 'Oak Desk', type: desk }), await createPart(t.app, { name: 'Ryzen 7', type: cpu })];
    const created = new Date('2025-03-04T05:06:07.000Z');
    const station = await createBattlestation(t.app, {
      owner,
      name: 'Detail shape',
      description: 'Line one\nLine two',
      instagram_url: 'instagram.com/someone',
      reddit_url: null,
      images: ['b1.jpg', 'a2.png'],
      parts,
      favoritedBy: [stranger],
      created_date: created,
    });

    const res = await getDetail(station.battlestation_id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      battlestation_id: station.battlestation_id,
      name: 'Detail shape',
      username: owner.username,
      user_id: owner.uid,
      created_date: created.toISOString(),
      instagram_url: 'instagram.com/someone',
      reddit_url: null,
      description: 'Line one\nLine two',
      is_public: 1,
      favorites: 1,
      is_favorited: 0,
      image_count: 2,
      part_count: 2,
      images: ['b1.jpg', 'a2.png'],
      // Each photo's size and width copies, in the same order (issue 17); factory rows have no copies.
      image_sizes: [
        { width: 1600, height: 1000, widths: [] },
        { width: 1600, height: 1000, widths: [] },
      ],
      // Each photo's part markers (decision 020): none yet.
      image_hotspots: [[], []],
      // Grouped by category in the catalogue's order (CPU was created first).
      parts: [
        { part_id: parts[1].part_id, name: 'Ryzen 7', type_id: cpu.type_id, type_name: 'CPU', type_path: cpu.type_path },
        { part_id: parts[0].part_id, name: 'Oak Desk', type_id: desk.type_id, type_name: 'Desk', type_path: desk.type_path },
      ],
      // Desk properties (decision 017): no Monitor part, no uses given, factory photos have no palette.
      monitor_count: 0,
      monitor_count_manual: null,
      main_uses: [],
      palette: [],
    });
    expect(res.headers['cache-control']).toBe('public, max-age=0, s-maxage=5');
  });

  it('tells a signed-in caller whether they favorited it, and keeps that answer out of caches', async () => {
    const station = await createBattlestation(t.app, { owner, favoritedBy: [stranger] });
    const fan = await getDetail(station.battlestation_id, stranger);
    expect(fan.json()).toMatchObject({ is_favorited: 1, favorites: 1 });
    expect(fan.headers['cache-control']).toBe('private, no-store');
    expect((await getDetail(station.battlestation_id, owner)).json()).toMatchObject({ is_favorited: 0 });
  });

  it('shows a private station only to its owner and staff; to anyone else it does not exist', async () => {
    const hidden = await createBattlestation(t.app, { owner, is_public: false });
    const id = hidden.battlestation_id;
    expect((await getDetail(id)).statusCode).toBe(404);
    expect((await getDetail(id, stranger)).statusCode).toBe(404);
    expect((await getDetail(id, stranger)).json()).toEqual({ message: "This battlestation doesn't exist." });
    for (const user of [owner, admin, moderator]) {
      const res = await getDetail(id, user);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ is_public: 0 });
      expect(res.headers['cache-control']).toBe('private, no-store');
    }
  });

  it('ignores a bad token: the caller is anonymous', async () => {
    const station = await createBattlestation(t.app, { owner });
    const res = await getDetail(station.battlestation_id, undefined, { authorization: 'Bearer not-a-token' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ is_favorited: 0 });
    const hidden = await createBattlestation(t.app, { owner, is_public: false });
    expect((await getDetail(hidden.battlestation_id, undefined, { authorization: 'Bearer not-a-token' })).statusCode).toBe(404);
  });

  it('answers 404 for a missing station and 400 for an id that is not a number', async () => {
    expect((await getDetail(2_000_000_000)).statusCode).toBe(404);
    const bad = await t.app.inject({ method: 'GET', url: '/api/battlestations/id/abc' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'The id must be a positive whole number.' });
  });
});

describe('GET /api/battlestations/id/{id}/parts', () => {
  it('lists the parts with their type', async () => {
    const part = await createPart(t.app, { name: 'Listed part' });
    const station = await createBattlestation(t.app, { owner, parts: [part] });
    const res = await getParts(station.battlestation_id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([expect.objectContaining({ part_id: part.part_id, name: 'Listed part', type_id: part.type_id })]);
  });

  it("follows the station's visibility", async () => {
    const hidden = await createBattlestation(t.app, { owner, is_public: false, parts: 2 });
    expect((await getParts(hidden.battlestation_id)).statusCode).toBe(404);
    expect((await getParts(hidden.battlestation_id, stranger)).statusCode).toBe(404);
    const mine = await getParts(hidden.battlestation_id, owner);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toHaveLength(2);
    expect(mine.headers['cache-control']).toBe('private, no-store');
    expect((await getParts(hidden.battlestation_id, moderator)).statusCode).toBe(200);
  });
});
