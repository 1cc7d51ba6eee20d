import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { bearer, createBattlestation, createUser, type TestUser } from './helpers/factories';

/** SPEC decision 29: a member's people page is public and lists their public stations only (decision 7). */

let t: TestApp;
let member: TestUser;
let fan: TestUser;
let admin: TestUser;
const stations: Record<'older' | 'newer' | 'hidden', number> = { older: 0, newer: 0, hidden: 0 };

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
const get = (path: string, user?: TestUser) => t.app.inject({ method: 'GET', url: path, headers: user ? bearer(user) : {} });
const ids = (body: { battlestations: { battlestation_id: number }[] }) => body.battlestations.map((s) => s.battlestation_id);

beforeAll(async () => {
  t = await buildTestApp();
  [member, fan, admin] = await Promise.all([createUser(t.app, { created_date: daysAgo(30) }), createUser(t.app), createUser(t.app, { is_admin: true })]);
  stations.older = (await createBattlestation(t.app, { owner: member, created_date: daysAgo(3), images: 2, parts: 3, favoritedBy: [fan, admin] })).battlestation_id;
  stations.newer = (await createBattlestation(t.app, { owner: member, created_date: daysAgo(1), favoritedBy: [fan] })).battlestation_id;
  // Private, and favorited: neither listed nor counted for anyone, its owner included.
  stations.hidden = (await createBattlestation(t.app, { owner: member, created_date: daysAgo(2), is_public: false, favoritedBy: [member, admin] })).battlestation_id;
  // Someone else's station, which the member favorited: not theirs, not on their page.
  await createBattlestation(t.app, { owner: fan, favoritedBy: [member] });
});
afterAll(() => t?.close());

describe('GET /api/users/by-name/:username', () => {
  it('lists the public stations as cards, newest first, with the favorites they received, for anyone', async () => {
    for (const caller of [undefined, fan, member, admin]) {
      const res = await get(`/api/users/by-name/${member.username}`, caller);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(ids(body)).toEqual([stations.newer, stations.older]);
      expect(body).toMatchObject({ username: member.username, joined_date: member.row.created_date.toISOString(), station_count: 2, favorites_received: 3 });
      expect(body.battlestations[1]).toMatchObject({ battlestation_id: stations.older, username: member.username, image_count: 2, part_count: 3, favorites: 2, is_public: 1 });
      expect(JSON.stringify(body)).not.toContain(`"battlestation_id":${stations.hidden},`);
      expect(body).not.toHaveProperty('email');
    }
  });

  it('is a public answer that a shared cache may keep briefly', async () => {
    const res = await get(`/api/users/by-name/${member.username}`);
    expect(res.headers['cache-control']).toBe('public, max-age=0, s-maxage=5');
    expect(res.headers.etag).toBeTruthy();
    const again = await t.app.inject({ method: 'GET', url: `/api/users/by-name/${member.username}`, headers: { 'if-none-match': String(res.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });

  it('finds the member whatever the case or Unicode form of the name, and answers their own spelling', async () => {
    const fancy = await createUser(t.app, { username: `Desk_Ｗizard_${Date.now().toString(36)}`.normalize('NFKC') });
    const res = await get(`/api/users/by-name/${encodeURIComponent(fancy.username.toUpperCase().replace('W', 'Ｗ'))}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ username: fancy.username, station_count: 0, favorites_received: 0, battlestations: [] });
  });

  it('shows a member whose stations are all private as having none', async () => {
    const shy = await createUser(t.app);
    await createBattlestation(t.app, { owner: shy, is_public: false, favoritedBy: [fan] });
    const res = await get(`/api/users/by-name/${shy.username}`, shy);
    expect(res.json()).toMatchObject({ station_count: 0, favorites_received: 0, battlestations: [] });
  });

  it('pages by 24, and a page past the end is empty', async () => {
    const busy = await createUser(t.app);
    const made: number[] = [];
    for (let day = 30; day > 4; day -= 1) made.push((await createBattlestation(t.app, { owner: busy, created_date: daysAgo(day), parts: 0, images: 0 })).battlestation_id);
    const first = (await get(`/api/users/by-name/${busy.username}`)).json();
    const second = (await get(`/api/users/by-name/${busy.username}?pageNumber=2`)).json();
    expect(first.station_count).toBe(26);
    expect(ids(first)).toEqual(made.slice(2).reverse());
    expect(ids(second)).toEqual(made.slice(0, 2).reverse());
    expect(ids((await get(`/api/users/by-name/${busy.username}?pageNumber=3`)).json())).toEqual([]);
  });

  it('answers 404 "User not found." for a name nobody has, and 400 for a bad page', async () => {
    for (const name of ['nobody_has_this_name', encodeURIComponent('<script>x</script>'), encodeURIComponent('ｎobody_has_this_name ')]) {
      const res = await get(`/api/users/by-name/${name}`);
      expect([res.statusCode, res.json()]).toEqual([404, { message: 'User not found.' }]);
    }
    // Longer than any name could be: refused before the database (the input guard's 414, or the schema's 400).
    expect([400, 414]).toContain((await get(`/api/users/by-name/${'a'.repeat(300)}`)).statusCode);
    const bad = await get(`/api/users/by-name/${member.username}?pageNumber=0`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: expect.stringContaining('pageNumber') });
  });
});
