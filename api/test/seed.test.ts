import { sql } from 'drizzle-orm';
import { signInWithPassword } from '../src/dev/auth-emulator';
import { rankSimilarStations } from '../src/repositories/discovery-repository';
import { SEED_USERS } from '../src/seed/data/users';
import { ensureSeedIdentities } from '../src/seed/seed-identities';
import { seedIfEmpty } from '../src/seed/seed-if-empty';
import type { SeedSummary } from '../src/seed/seed-database';
import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { rows } from './helpers/sql-rows';

let t: TestApp;
let summary: SeedSummary | undefined;
const count = async (query: ReturnType<typeof sql>) => Number((await rows<{ n: number }>(t.app.db, query))[0].n);

beforeAll(async () => {
  t = await buildTestApp();
  // Small photos keep the test quick; everything else is the real seed.
  summary = await seedIfEmpty(t.app, { photoWidth: 320, photoHeight: 200, partImageSize: 160, concurrency: 4 });
  await ensureSeedIdentities(t.app, { replaceConflicts: true });
  // The whole demo seed: 11 s alone, 76 s once beside the other suites on a busy 2-core machine.
}, 180_000);
afterAll(() => t?.close());

describe('the demo seed', () => {
  it('loads the demo data set', async () => {
    expect(summary).toMatchObject({ users: SEED_USERS.length, parts: 120, battlestations: 43 });
    expect(await count(sql`SELECT count(*) AS n FROM users`)).toBeGreaterThanOrEqual(6);
    expect(await count(sql`SELECT count(*) AS n FROM part_types`)).toBeGreaterThanOrEqual(8);
    expect(await count(sql`SELECT count(*) AS n FROM parts`)).toBe(120);
    expect(await count(sql`SELECT count(*) AS n FROM stores`)).toBe(6);
    expect(await count(sql`SELECT count(*) AS n FROM stores WHERE part_count = 0`)).toBe(0);
    expect(await count(sql`SELECT count(*) AS n FROM battlestations WHERE is_public`)).toBe(40);
    expect(await count(sql`SELECT count(*) AS n FROM battlestations WHERE NOT is_public`)).toBe(3);
    expect(await count(sql`SELECT count(*) AS n FROM battlestations WHERE image_count NOT BETWEEN 1 AND 6 OR part_count < 1`)).toBe(0);
    expect(await count(sql`SELECT count(*) AS n FROM favorites`)).toBeGreaterThan(20);
    expect(await count(sql`SELECT count(*) AS n FROM part_requests WHERE status = 'pending'`)).toBe(3);
    expect(await count(sql`SELECT count(*) AS n FROM battlestations WHERE description LIKE '%' || chr(10) || '%'`)).toBeGreaterThan(30);
  });

  it('gives the admin, demo and moderator accounts their roles', async () => {
    const accounts = await rows<{ email: string; is_admin: boolean; is_moderator: boolean }>(
      t.app.db,
      sql`SELECT email, is_admin, is_moderator FROM users WHERE email IN ('admin@example.com', 'demo@example.com', 'moderator@example.com') ORDER BY email`,
    );
    expect(accounts).toEqual([
      { email: 'admin@example.com', is_admin: true, is_moderator: false },
      { email: 'demo@example.com', is_admin: false, is_moderator: false },
      { email: 'moderator@example.com', is_admin: false, is_moderator: true },
    ]);
  });

  it('keeps every counter, thumbnail and search text equal to what the rows say', async () => {
    const wrongStations = await rows(
      t.app.db,
      sql`SELECT b.battlestation_id FROM battlestations b JOIN users u ON u.user_id = b.user_id
        WHERE b.image_count <> (SELECT count(*) FROM battlestation_images i WHERE i.battlestation_id = b.battlestation_id)
           OR b.part_count <> (SELECT count(*) FROM battlestation_parts p WHERE p.battlestation_id = b.battlestation_id)
           OR b.favorites <> (SELECT count(*) FROM favorites f WHERE f.battlestation_id = b.battlestation_id)
           OR b.thumbnail IS DISTINCT FROM (SELECT i.image FROM battlestation_images i WHERE i.battlestation_id = b.battlestation_id ORDER BY i.display_order LIMIT 1)
           OR position(lower(b.name) IN b.search_text) = 0
           OR position(lower(u.username) IN b.search_text) = 0
           OR position(lower(b.description) IN b.search_text) = 0
           OR EXISTS (SELECT 1 FROM battlestation_parts bp JOIN parts p ON p.part_id = bp.part_id
                      WHERE bp.battlestation_id = b.battlestation_id AND position(lower(p.name) IN b.search_text) = 0)`,
    );
    expect(wrongStations).toEqual([]);

    const wrongParts = await rows(
      t.app.db,
      sql`SELECT p.part_id FROM parts p WHERE p.battlestation_count <> (SELECT count(*) FROM battlestation_parts bp
        JOIN battlestations b ON b.battlestation_id = bp.battlestation_id WHERE bp.part_id = p.part_id AND b.is_public)`,
    );
    expect(wrongParts).toEqual([]);
    // Private stations list parts too, so "public only" is actually exercised.
    expect(await count(sql`SELECT count(*) AS n FROM battlestation_parts bp JOIN battlestations b USING (battlestation_id) WHERE NOT b.is_public`)).toBeGreaterThan(0);

    const wrongStores = await rows(t.app.db, sql`SELECT s.store_id FROM stores s WHERE s.part_count <> (SELECT count(*) FROM part_stores ps WHERE ps.store_id = s.store_id)`);
    expect(wrongStores).toEqual([]);
  });

  it('wrote every photo and part picture, with its thumbnail, through the storage', async () => {
    const images = await rows<{ folder: string; image: string }>(
      t.app.db,
      sql`SELECT CASE WHEN b.is_public THEN 'battlestations' ELSE 'private/battlestations' END AS folder, i.image
          FROM battlestation_images i JOIN battlestations b USING (battlestation_id)
        UNION ALL SELECT 'parts', image FROM parts`,
    );
    expect(images.length).toBeGreaterThan(120 + 43);
    const thumb = (name: string) => name.replace(/\.(\w+)$/, '_thumb.$1');
    const missing = [];
    for (const { folder, image } of images) {
      for (const name of [image, thumb(image)]) if (!(await t.app.storage.exists(`${folder}/${name}`))) missing.push(name);
    }
    expect(missing).toEqual([]);
    // Private stations' photos are under the private prefix only, never in the public folder (issue 15).
    const privatePhotos = images.filter((i) => i.folder === 'private/battlestations');
    expect(privatePhotos.length).toBeGreaterThan(0);
    for (const { image } of privatePhotos) expect(await t.app.storage.exists(`battlestations/${image}`)).toBe(false);
    expect(images.some((i) => i.image.endsWith('.png'))).toBe(true);
    expect(images.some((i) => i.image.endsWith('.jpg'))).toBe(true);
  });

  it('gives the desks monitors, main uses and palettes that differ, so each filter has something to show (decision 017)', async () => {
    const monitors = await rows<{ monitor_count: number }>(t.app.db, sql`SELECT DISTINCT monitor_count FROM battlestations WHERE is_public ORDER BY 1`);
    expect(monitors.map((r) => r.monitor_count)).toEqual(expect.arrayContaining([1, 2, 3]));
    expect(await count(sql`SELECT count(*) AS n FROM battlestations WHERE monitor_count = 0 OR cardinality(main_uses) = 0`)).toBe(0);
    expect(await count(sql`SELECT count(DISTINCT u) AS n FROM battlestations, unnest(main_uses) AS u WHERE is_public`)).toBe(5);
    // Every photo's palette extracted from its pixels, the station's from its first photo; no two stations alike.
    expect(await count(sql`SELECT count(*) AS n FROM battlestation_images WHERE cardinality(palette) NOT BETWEEN 2 AND 5`)).toBe(0);
    expect(await count(sql`SELECT count(DISTINCT palette) AS n FROM battlestations`)).toBe(43);
    expect(await count(sql`SELECT count(DISTINCT c) AS n FROM battlestations, unnest(colour_families) AS c WHERE is_public`)).toBeGreaterThanOrEqual(5);
  });

  it('spreads creation dates over past months', async () => {
    const [span] = await rows<{ days: number }>(t.app.db, sql`SELECT extract(epoch FROM max(created_date) - min(created_date)) / 86400 AS days FROM battlestations`);
    expect(Number(span.days)).toBeGreaterThan(60);
  });

  it('does nothing on a database that already holds data', async () => {
    expect(await seedIfEmpty(t.app)).toBeUndefined();
    expect(await count(sql`SELECT count(*) AS n FROM parts`)).toBe(120);
  });

  it('makes the demo identities exist, with their uids and passwords', async () => {
    const { users, notFound } = await t.app.firebaseAuth.getUsers(SEED_USERS.map((u) => ({ uid: u.uid })));
    expect(notFound).toEqual([]);
    expect(users.map((u) => u.email).sort()).toEqual(SEED_USERS.map((u) => u.email).sort());

    const demo = await signInWithPassword('demo@example.com', 'demo-pass-123');
    expect(demo.localId).toBe('seed-demo');
    const res = await t.app.inject({ method: 'GET', url: '/api/users/seed-demo', headers: { authorization: `Bearer ${demo.idToken}` } });
    expect(res.json()).toMatchObject({ username: 'demo_user', is_admin: false });
    const admin = await signInWithPassword('admin@example.com', 'admin-pass-123');
    expect((await t.app.inject({ method: 'GET', url: '/api/users/seed-demo', headers: { authorization: `Bearer ${admin.idToken}` } })).statusCode).toBe(200);
  });

  it('recreates a demo identity the emulator has forgotten', async () => {
    const forgotten = SEED_USERS[SEED_USERS.length - 1];
    await t.app.firebaseAuth.deleteUser(forgotten.uid).catch(() => undefined);
    await ensureSeedIdentities(t.app, { replaceConflicts: true });
    const identity = await t.app.firebaseAuth.getUser(forgotten.uid);
    expect(identity.email).toBe(forgotten.email);
    expect((await signInWithPassword(forgotten.email, forgotten.password)).localId).toBe(forgotten.uid);
  });

  it('feeds the featured list', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/battlestations/featured' });
    const cards = res.json<{ is_public: number; thumbnail: string | null }[]>();
    expect(cards).toHaveLength(12);
    expect(cards.every((c) => c.is_public === 1 && c.thumbnail)).toBe(true);
  });

  it('gives every station similar setups that share parts, and every part parts often paired with it (issue 19)', async () => {
    const stations = await rows<{ id: number }>(t.app.db, sql`SELECT battlestation_id AS id FROM battlestations`);
    for (const { id } of stations) expect((await rankSimilarStations(t.app.db, id, 8)).length).toBeGreaterThanOrEqual(4);
    const parts = await rows<{ id: number }>(t.app.db, sql`SELECT part_id AS id FROM parts`);
    for (const { id } of parts) {
      const res = await t.app.inject({ method: 'GET', url: `/api/parts/id/${id}/paired` });
      expect(res.json<unknown[]>().length).toBeGreaterThanOrEqual(1);
    }
  });
});
