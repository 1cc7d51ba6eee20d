import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { createBattlestation, createPart, createUser, type TestUser } from './helpers/factories';

let t: TestApp;
let fans: TestUser[];
const DAY = 24 * 3600 * 1000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY);

beforeAll(async () => {
  t = await buildTestApp();
  fans = await Promise.all(Array.from({ length: 5 }, () => createUser(t.app)));
});
afterAll(() => t?.close());

const getFeatured = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/battlestations/featured' });
  expect(res.statusCode).toBe(200);
  return res.json<Record<string, unknown>[]>();
};

describe('GET /api/battlestations/featured', () => {
  it('is empty without battlestations', async () => {
    expect(await getFeatured()).toEqual([]);
  });

  it('returns cards: username joined, first photo as thumbnail, counts, 0/1 visibility, ISO dates', async () => {
    const owner = await createUser(t.app);
    const parts = await Promise.all([createPart(t.app), createPart(t.app), createPart(t.app)]);
    const created = daysAgo(400);
    const station = await createBattlestation(t.app, {
      owner,
      name: 'Card shape',
      images: ['first.jpg', 'second.png'],
      parts,
      favoritedBy: fans.slice(0, 2),
      created_date: created,
    });

    const card = (await getFeatured()).find((c) => c.battlestation_id === station.battlestation_id);
    expect(card).toEqual({
      battlestation_id: station.battlestation_id,
      name: 'Card shape',
      username: owner.username,
      created_date: created.toISOString(),
      image_count: 2,
      part_count: 3,
      thumbnail: 'first.jpg',
      // The factory's photo rows: 1600×1000, no width copies recorded (issue 17).
      thumbnail_size: { width: 1600, height: 1000, widths: [] },
      favorites: 2,
      is_public: 1,
    });
  });

  it('gives a station without photos a null thumbnail', async () => {
    const station = await createBattlestation(t.app, { images: [], created_date: daysAgo(500) });
    const card = (await getFeatured()).find((c) => c.battlestation_id === station.battlestation_id);
    expect(card).toMatchObject({ thumbnail: null, image_count: 0 });
  });

  it('never shows a private battlestation, however popular', async () => {
    const hidden = await createBattlestation(t.app, { is_public: false, favoritedBy: fans, created_date: daysAgo(1) });
    const ids = (await getFeatured()).map((c) => c.battlestation_id);
    expect(ids).not.toContain(hidden.battlestation_id);
  });

  it('puts the most favorited first, the newest first among equals, and shows at most 12', async () => {
    const owner = await createUser(t.app);
    const station = (favorites: number, age: number) =>
      createBattlestation(t.app, { owner, favoritedBy: fans.slice(0, favorites), created_date: daysAgo(age) });
    const top = await station(5, 30);
    const secondNewer = await station(4, 10);
    const secondOlder = await station(4, 20);
    // Eleven more with three favorites each (more than the earlier tests' stations), so there are more
    // than twelve candidates and the twelfth place is decided by date.
    const rest = [];
    for (let i = 0; i < 11; i++) rest.push(await station(3, 40 + i));

    const featured = await getFeatured();
    expect(featured).toHaveLength(12);
    expect(featured.slice(0, 3).map((c) => c.battlestation_id)).toEqual([top, secondNewer, secondOlder].map((s) => s.battlestation_id));
    expect(featured.slice(3).map((c) => c.battlestation_id)).toEqual(rest.slice(0, 9).map((s) => s.battlestation_id));
    for (let i = 1; i < featured.length; i++) {
      const [a, b] = [featured[i - 1], featured[i]];
      expect(Number(a.favorites) > Number(b.favorites) || (a.favorites === b.favorites && String(a.created_date) >= String(b.created_date))).toBe(true);
    }
    expect(featured.every((c) => c.is_public === 1)).toBe(true);
  });
});
