import type { StationChange, StationHistoryResponse } from '@battledeck/shared/contract';
import { eq, sql } from 'drizzle-orm';
import { station_changes } from '../src/db/schema';
import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { bearer, createBattlestation, createPart, createUser, type TestUser } from './helpers/factories';
import { multipart, photo, testJpeg } from './helpers/upload';

let t: TestApp;
let owner: TestUser;
let member: TestUser;
let admin: TestUser;
let moderator: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  [owner, member, admin, moderator] = await Promise.all([
    createUser(t.app),
    createUser(t.app),
    createUser(t.app, { is_admin: true }),
    createUser(t.app, { is_moderator: true }),
  ]);
});
afterAll(() => t?.close());

function put(id: number, fields: Record<string, unknown>, user: TestUser = owner, files: ReturnType<typeof photo>[] = []) {
  const body = multipart(fields, files);
  return t.app.inject({ method: 'PUT', url: `/api/battlestations/id/${id}`, headers: { ...body.headers, ...bearer(user) }, payload: body.payload });
}

async function post(fields: Record<string, unknown>): Promise<number> {
  const body = multipart(fields, [photo(await testJpeg(3), 'one.jpg')]);
  const res = await t.app.inject({ method: 'POST', url: '/api/battlestations/', headers: { ...body.headers, ...bearer(owner) }, payload: body.payload });
  expect(res.statusCode).toBe(201);
  return res.json<{ newId: number }>().newId;
}

const history = (id: number, user?: TestUser, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/battlestations/id/${id}/history${query}`, headers: user ? bearer(user) : {} });

async function changesSeenBy(id: number, user?: TestUser): Promise<StationChange[][]> {
  const res = await history(id, user);
  expect(res.statusCode).toBe(200);
  return res.json<StationHistoryResponse>().entries.map((entry) => entry.changes);
}

const rowCount = async (id: number) => (await t.app.db.select().from(station_changes).where(eq(station_changes.battlestation_id, id))).length;

describe('station history: what each save records', () => {
  it('records the creation with who and when', async () => {
    const part = await createPart(t.app);
    const id = await post({ name: 'Fresh desk', added_parts: [part.part_id] });
    const res = await history(id, owner);
    expect(res.json()).toEqual({
      entries: [{ change_id: expect.any(Number), changed_date: expect.any(String), username: owner.username, is_public: true, changes: [{ kind: 'created' }] }],
      next_cursor: null,
    });
    expect(Date.now() - Date.parse(res.json<StationHistoryResponse>().entries[0].changed_date)).toBeLessThan(60_000);
  });

  it('records field changes (values for the title and links, not the description) and nothing for a save that changes nothing', async () => {
    const station = await createBattlestation(t.app, { owner, name: 'Old name', description: 'Old text' });
    const id = station.battlestation_id;
    expect((await put(id, { name: 'New name', description: 'New text', reddit_url: 'https://reddit.com/r/x' })).statusCode).toBe(200);
    expect((await put(id, { name: 'New name' })).statusCode).toBe(200);
    expect(await changesSeenBy(id, owner)).toEqual([
      [
        { kind: 'field', field: 'name', from: 'Old name', to: 'New name' },
        { kind: 'field', field: 'description' },
        { kind: 'field', field: 'reddit_url', from: null, to: 'reddit.com/r/x' },
      ],
    ]);
  });

  it('records parts added and removed by name, photos added, removed and reordered, and visibility', async () => {
    const [kept, gone, added] = await Promise.all([createPart(t.app, { name: 'Kept arm' }), createPart(t.app, { name: 'Gone lamp' }), createPart(t.app, { name: 'New mouse' })]);
    const station = await createBattlestation(t.app, { owner, parts: [kept, gone], images: ['h1.jpg', 'h2.jpg', 'h3.jpg'] });
    const id = station.battlestation_id;
    expect((await put(id, { added_parts: [added.part_id], removed_parts: [gone.part_id] })).statusCode).toBe(200);
    const reorder = { changed_images: [{ image: 'h3.jpg', display_order: 0 }, { image: 'h1.jpg', display_order: 1 }], removed_images: ['h2.jpg'] };
    expect((await put(id, reorder)).statusCode).toBe(200);
    expect((await put(id, {}, owner, [photo(await testJpeg(9), 'more.jpg', 'added_images')])).statusCode).toBe(200);
    expect((await put(id, { is_public: 'false' })).statusCode).toBe(200);
    expect(await changesSeenBy(id, owner)).toEqual([
      [{ kind: 'visibility', is_public: false }],
      [{ kind: 'photos_added', count: 1 }],
      [{ kind: 'photos_removed', count: 1 }, { kind: 'photos_reordered' }],
      [
        { kind: 'parts_added', parts: [{ part_id: added.part_id, name: 'New mouse' }] },
        { kind: 'parts_removed', parts: [{ part_id: gone.part_id, name: 'Gone lamp' }] },
      ],
    ]);
  });

  it('does not call a removal or an addition around kept photos a reorder', async () => {
    const station = await createBattlestation(t.app, { owner, images: ['k1.jpg', 'k2.jpg', 'k3.jpg'] });
    expect((await put(station.battlestation_id, { removed_images: ['k1.jpg'] })).statusCode).toBe(200);
    expect(await changesSeenBy(station.battlestation_id, owner)).toEqual([[{ kind: 'photos_removed', count: 1 }]]);
  });

  it("records a staff member's edit under the staff member's name", async () => {
    const station = await createBattlestation(t.app, { owner, name: 'Before staff' });
    expect((await put(station.battlestation_id, { name: 'Fixed by staff' }, moderator)).statusCode).toBe(200);
    const [entry] = (await history(station.battlestation_id, owner)).json<StationHistoryResponse>().entries;
    expect(entry.username).toBe(moderator.username);
  });
});

describe('station history: in the same transaction as the save', () => {
  it('records nothing when a save fails part-way (an unknown part, the last photo removed)', async () => {
    const station = await createBattlestation(t.app, { owner, name: 'Unchanged', images: ['only.jpg'] });
    const id = station.battlestation_id;
    expect((await put(id, { name: 'Never saved', added_parts: [2_000_000_000] })).statusCode).toBe(400);
    expect((await put(id, { name: 'Never saved', removed_images: ['only.jpg'] })).statusCode).toBe(400);
    expect(await rowCount(id)).toBe(0);
    expect((await history(id, owner)).json()).toEqual({ entries: [], next_cursor: null });
  });

  it('saves nothing when the history cannot be written', async () => {
    const station = await createBattlestation(t.app, { owner, name: 'Guarded' });
    await t.app.db.execute(sql`ALTER TABLE station_changes ADD CONSTRAINT history_test_refuse CHECK (false) NOT VALID`);
    try {
      expect((await put(station.battlestation_id, { name: 'Lost with its history' })).statusCode).toBe(500);
    } finally {
      await t.app.db.execute(sql`ALTER TABLE station_changes DROP CONSTRAINT history_test_refuse`);
    }
    const detail = await t.app.inject({ method: 'GET', url: `/api/battlestations/id/${station.battlestation_id}` });
    expect(detail.json()).toMatchObject({ name: 'Guarded' });
  });
});

describe('station history: who sees what', () => {
  /** Created private, edited while private, made public (with a rename), then edited in public. */
  async function stationWithPrivatePast(): Promise<number> {
    const part = await createPart(t.app);
    const id = await post({ name: 'Secret draft', added_parts: [part.part_id], is_public: 'false' });
    expect((await put(id, { name: 'Still secret', reddit_url: 'https://reddit.com/r/hidden' })).statusCode).toBe(200);
    expect((await put(id, { name: 'Launch name', is_public: 'true' })).statusCode).toBe(200);
    expect((await put(id, { name: 'Public name' })).statusCode).toBe(200);
    return id;
  }

  it('shows the owner, an admin and a moderator every entry', async () => {
    const id = await stationWithPrivatePast();
    for (const viewer of [owner, admin, moderator]) {
      const entries = (await history(id, viewer)).json<StationHistoryResponse>().entries;
      expect(entries.map((entry) => entry.is_public)).toEqual([true, true, false, false]);
      expect(entries[1].changes).toEqual([
        { kind: 'field', field: 'name', from: 'Still secret', to: 'Launch name' },
        { kind: 'visibility', is_public: true },
      ]);
    }
  });

  it('shows others (signed out or another member) only public entries, the launch as "made public" alone', async () => {
    const id = await stationWithPrivatePast();
    for (const viewer of [undefined, member]) {
      const res = await history(id, viewer);
      expect(res.statusCode).toBe(200);
      expect(res.json<StationHistoryResponse>().entries.map((entry) => entry.changes)).toEqual([
        [{ kind: 'field', field: 'name', from: 'Launch name', to: 'Public name' }],
        [{ kind: 'visibility', is_public: true }],
      ]);
      expect(res.body).not.toMatch(/secret|hidden/i);
    }
  });

  it('hides everything saved while private after a station goes private and public again', async () => {
    const station = await createBattlestation(t.app, { owner, name: 'Open' });
    const id = station.battlestation_id;
    await put(id, { is_public: 'false', name: 'Closed quietly' });
    await put(id, { description: 'Private thoughts' });
    await put(id, { is_public: 'true' });
    const seen = await changesSeenBy(id);
    expect(seen).toEqual([[{ kind: 'visibility', is_public: true }]]);
  });

  it('answers 404 to others for a private station, as the station itself', async () => {
    const station = await createBattlestation(t.app, { owner, is_public: false });
    expect((await history(station.battlestation_id)).statusCode).toBe(404);
    expect((await history(station.battlestation_id, member)).statusCode).toBe(404);
    expect((await history(station.battlestation_id, owner)).statusCode).toBe(200);
    expect((await history(station.battlestation_id, admin)).statusCode).toBe(200);
    expect((await history(987_654_321)).statusCode).toBe(404);
  });

  it('keeps signed-in answers out of caches and lets anonymous ones be revalidated', async () => {
    const station = await createBattlestation(t.app, { owner });
    expect((await history(station.battlestation_id, owner)).headers['cache-control']).toBe('private, no-store');
    expect((await history(station.battlestation_id)).headers['cache-control']).toBe('public, max-age=0, s-maxage=5');
  });
});

describe('station history: pages', () => {
  it('pages newest first with a cursor until next_cursor is null', async () => {
    const station = await createBattlestation(t.app, { owner });
    const id = station.battlestation_id;
    for (const n of [1, 2, 3, 4, 5]) expect((await put(id, { name: `Name ${n}` })).statusCode).toBe(200);
    const seen: string[] = [];
    let cursor: number | null = null;
    do {
      const page: StationHistoryResponse = (await history(id, undefined, `?limit=2${cursor ? `&cursor=${cursor}` : ''}`)).json();
      expect(page.entries.length).toBeLessThanOrEqual(2);
      for (const entry of page.entries) seen.push(String((entry.changes[0] as { to?: string }).to));
      cursor = page.next_cursor;
    } while (cursor !== null);
    expect(seen).toEqual(['Name 5', 'Name 4', 'Name 3', 'Name 2', 'Name 1']);
  });

  it('refuses a bad limit or cursor with a clear message', async () => {
    const station = await createBattlestation(t.app, { owner });
    for (const query of ['?limit=0', '?limit=51', '?cursor=abc', '?cursor=-1']) {
      const res = await history(station.battlestation_id, undefined, query);
      expect(res.statusCode).toBe(400);
      expect(res.json<{ message: string }>().message).toMatch(/limit|cursor/);
    }
  });
});
