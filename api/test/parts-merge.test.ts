import fs from 'node:fs/promises';
import path from 'node:path';
import { photoFileNames, type PartMergeSummary, type StationHistoryResponse } from '@battledeck/shared/contract';
import { eq, sql } from 'drizzle-orm';
import { battlestation_images, part_requests, part_stores, parts, photo_hotspots, stores } from '../src/db/schema';
import { insertPartRequests, insertPartStores, insertStores, type StoreRow } from '../src/repositories/catalogue-repository';
import type { PartRow } from '../src/repositories/part-write-repository';
import type { PartTypeRow } from '../src/repositories/part-types-repository';
import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { counterMismatches } from './helpers/counters';
import { bearer, createBattlestation, createPart, createPartType, createUser, type TestUser } from './helpers/factories';
import { rows } from './helpers/sql-rows';

/** Issue 20 item 4: an admin merges two parts; everything that pointed at the merged one moves, in one transaction. */
let t: TestApp;
let admin: TestUser;
let moderator: TestUser;
let member: TestUser;
let type: PartTypeRow;

beforeAll(async () => {
  t = await buildTestApp();
  [admin, moderator, member, type] = await Promise.all([
    createUser(t.app, { is_admin: true }),
    createUser(t.app, { is_moderator: true }),
    createUser(t.app),
    createPartType(t.app),
  ]);
});
afterAll(() => t?.close());

interface Fixture {
  merged: PartRow;
  kept: PartRow;
  other: PartRow;
  shared: StoreRow;
  onlyMerged: StoreRow;
  stations: { onlyMerged: number; both: number; privateOne: number };
  requestId: number;
}

const imagePath = (file: string) => path.join(t.config.imagesDir, 'parts', file);

/** Two look-alike parts with stations (public, private, one listing both), store links, a hotspot and a request. */
async function fixture(): Promise<Fixture> {
  const suffix = Math.random().toString(36).slice(2, 8);
  const merged = await createPart(t.app, { name: `Logitec MX Mastr 3S ${suffix}`, type });
  const kept = await createPart(t.app, { name: `Logitech MX Master 3S ${suffix}`, type });
  const other = await createPart(t.app, { type });
  await fs.mkdir(path.dirname(imagePath(merged.image)), { recursive: true });
  for (const file of photoFileNames(merged.image)) await fs.writeFile(imagePath(file), 'x');
  await fs.writeFile(imagePath(kept.image), 'x');
  const [shared, onlyMerged] = await insertStores(t.app.db, [
    { name: `Shared ${suffix}`, url: `https://shared-${suffix}.example` },
    { name: `Only ${suffix}`, url: `https://only-${suffix}.example` },
  ]);
  await insertPartStores(t.app.db, [
    { part_id: kept.part_id, store_id: shared.store_id, url: 'https://shared.example/kept' },
    { part_id: merged.part_id, store_id: shared.store_id, url: 'https://shared.example/merged' },
    { part_id: merged.part_id, store_id: onlyMerged.store_id, url: 'https://only.example/merged' },
  ]);
  await t.app.db.execute(sql`UPDATE stores SET part_count = (SELECT count(*) FROM part_stores s WHERE s.store_id = stores.store_id)`);
  const s1 = await createBattlestation(t.app, { parts: [merged, other], description: 'first' });
  const s2 = await createBattlestation(t.app, { parts: [kept, merged] });
  const s3 = await createBattlestation(t.app, { parts: [merged], is_public: false });
  const imageOf = async (id: number) =>
    (await t.app.db.select({ id: battlestation_images.image_id }).from(battlestation_images).where(eq(battlestation_images.battlestation_id, id)))[0].id;
  await t.app.db.insert(photo_hotspots).values([
    { image_id: await imageOf(s1.battlestation_id), battlestation_id: s1.battlestation_id, part_id: merged.part_id, x: 0.25, y: 0.5 },
    { image_id: await imageOf(s2.battlestation_id), battlestation_id: s2.battlestation_id, part_id: merged.part_id, x: 0.75, y: 0.5 },
  ]);
  await insertPartRequests(t.app.db, [{ name: merged.name, url: 'https://example.com/r', status: 'approved', part_id: merged.part_id }]);
  const [request] = await t.app.db.select({ id: part_requests.request_id }).from(part_requests).where(eq(part_requests.part_id, merged.part_id));
  return {
    merged,
    kept,
    other,
    shared,
    onlyMerged,
    stations: { onlyMerged: s1.battlestation_id, both: s2.battlestation_id, privateOne: s3.battlestation_id },
    requestId: request.id,
  };
}

const preview = (f: Fixture, user: TestUser) =>
  t.app.inject({ method: 'GET', url: `/api/parts/${f.merged.part_id}/merge-preview?into=${f.kept.part_id}`, headers: bearer(user) });
const merge = (f: Fixture, user: TestUser, into = f.kept.part_id) =>
  t.app.inject({ method: 'POST', url: `/api/parts/${f.merged.part_id}/merge`, headers: bearer(user), payload: { into } });

/** Everything a merge may touch, to compare before and after a failed one. */
async function snapshot() {
  return {
    links: await rows(t.app.db, sql`SELECT * FROM battlestation_parts ORDER BY battlestation_id, part_id`),
    stores: await rows(t.app.db, sql`SELECT * FROM part_stores ORDER BY part_id, store_id`),
    requests: await rows(t.app.db, sql`SELECT request_id, part_id FROM part_requests ORDER BY request_id`),
    hotspots: await rows(t.app.db, sql`SELECT * FROM photo_hotspots ORDER BY hotspot_id`),
    history: await rows(t.app.db, sql`SELECT count(*)::int AS n FROM station_changes`),
    parts: await rows(t.app.db, sql`SELECT part_id, battlestation_count FROM parts ORDER BY part_id`),
    stations: await rows(t.app.db, sql`SELECT battlestation_id, part_count, search_text FROM battlestations ORDER BY battlestation_id`),
    storeCounts: await rows(t.app.db, sql`SELECT store_id, part_count FROM stores ORDER BY store_id`),
  };
}

const expectedSummary = (f: Fixture): PartMergeSummary => ({
  merged: { part_id: f.merged.part_id, name: f.merged.name },
  kept: { part_id: f.kept.part_id, name: f.kept.name },
  stations: 3,
  stations_with_both: 1,
  store_links: 1,
  store_links_dropped: 1,
  requests: 1,
});

describe('part merge: permissions and validation', () => {
  it('is for admins only: 401 without a token, 403 for members and moderators, nothing changes', async () => {
    const f = await fixture();
    const before = await snapshot();
    expect((await t.app.inject({ method: 'POST', url: `/api/parts/${f.merged.part_id}/merge`, payload: { into: f.kept.part_id } })).statusCode).toBe(401);
    for (const user of [member, moderator]) {
      expect((await preview(f, user)).statusCode).toBe(403);
      const res = await merge(f, user);
      expect(res.statusCode).toBe(403);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a part merged into itself, unknown parts and a bad body', async () => {
    const f = await fixture();
    expect((await merge(f, admin, f.merged.part_id)).json()).toEqual({ message: 'A part cannot be merged into itself.' });
    const unknownKept = await merge(f, admin, 2_000_000_000);
    expect(unknownKept.statusCode).toBe(404);
    expect(unknownKept.json()).toEqual({ message: 'The part to keep does not exist.' });
    const unknownMerged = await t.app.inject({ method: 'POST', url: '/api/parts/2000000000/merge', headers: bearer(admin), payload: { into: f.kept.part_id } });
    expect(unknownMerged.statusCode).toBe(404);
    const bad = await t.app.inject({ method: 'POST', url: `/api/parts/${f.merged.part_id}/merge`, headers: bearer(admin), payload: { into: 'x' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'into must be a positive whole number.' });
  });
});

describe('part merge', () => {
  it('previews what moves, then moves it all to the kept part with every count exact', async () => {
    const f = await fixture();
    const res = await preview(f, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(expectedSummary(f));

    const done = await merge(f, admin);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual(expectedSummary(f));

    // The merged part is gone, with its image files; the kept part's file stays.
    expect((await t.app.inject({ method: 'GET', url: `/api/parts/id/${f.merged.part_id}` })).statusCode).toBe(404);
    for (const file of photoFileNames(f.merged.image)) await expect(fs.access(imagePath(file))).rejects.toThrow();
    await expect(fs.access(imagePath(f.kept.image))).resolves.toBeUndefined();

    // Every station lists the kept part once; the one that listed both lost a part.
    const links = await rows<{ battlestation_id: number; part_id: number }>(
      t.app.db,
      sql`SELECT battlestation_id, part_id FROM battlestation_parts WHERE battlestation_id IN (${f.stations.onlyMerged}, ${f.stations.both}, ${f.stations.privateOne}) ORDER BY 1, 2`,
    );
    expect(links).toEqual(
      [
        { battlestation_id: f.stations.onlyMerged, part_id: f.kept.part_id },
        { battlestation_id: f.stations.onlyMerged, part_id: f.other.part_id },
        { battlestation_id: f.stations.both, part_id: f.kept.part_id },
        { battlestation_id: f.stations.privateOne, part_id: f.kept.part_id },
      ].sort((a, b) => a.battlestation_id - b.battlestation_id || a.part_id - b.part_id),
    );
    const station = await t.app.inject({ method: 'GET', url: `/api/battlestations/id/${f.stations.both}` });
    expect(station.json<{ parts: unknown[] }>().parts).toHaveLength(1);
    // Public stations only count (decision 7): the private one does not.
    const [kept] = await t.app.db.select().from(parts).where(eq(parts.part_id, f.kept.part_id));
    expect(kept.battlestation_count).toBe(2);
    // The station's search finds it by the kept name and no longer by the merged one.
    const search = await rows<{ search_text: string }>(t.app.db, sql`SELECT search_text FROM battlestations WHERE battlestation_id = ${f.stations.onlyMerged}`);
    expect(search[0].search_text).toContain(f.kept.name.toLowerCase());
    expect(search[0].search_text).not.toContain(f.merged.name.toLowerCase());

    // Store links: the kept part's own link to the shared store stays; the other one moved.
    const links2 = await t.app.db.select({ store_id: part_stores.store_id, url: part_stores.url }).from(part_stores).where(eq(part_stores.part_id, f.kept.part_id));
    expect(links2.sort((a, b) => a.store_id - b.store_id)).toEqual([
      { store_id: f.shared.store_id, url: 'https://shared.example/kept' },
      { store_id: f.onlyMerged.store_id, url: 'https://only.example/merged' },
    ]);
    const counts = await t.app.db.select({ id: stores.store_id, n: stores.part_count }).from(stores).where(sql`${stores.store_id} IN (${f.shared.store_id}, ${f.onlyMerged.store_id})`);
    expect(Object.fromEntries(counts.map((c) => [c.id, c.n]))).toEqual({ [f.shared.store_id]: 1, [f.onlyMerged.store_id]: 1 });

    // The request and the hotspots follow; both hotspots now mark the kept part.
    const [request] = await t.app.db.select({ part_id: part_requests.part_id }).from(part_requests).where(eq(part_requests.request_id, f.requestId));
    expect(request.part_id).toBe(f.kept.part_id);
    const hotspots = await rows<{ battlestation_id: number; part_id: number }>(
      t.app.db,
      sql`SELECT battlestation_id, part_id FROM photo_hotspots WHERE battlestation_id IN (${f.stations.onlyMerged}, ${f.stations.both}) ORDER BY battlestation_id`,
    );
    expect(hotspots).toEqual([
      { battlestation_id: f.stations.onlyMerged, part_id: f.kept.part_id },
      { battlestation_id: f.stations.both, part_id: f.kept.part_id },
    ]);

    // The history says what changed, by whom.
    const history = await t.app.inject({ method: 'GET', url: `/api/battlestations/id/${f.stations.onlyMerged}/history` });
    expect(history.json<StationHistoryResponse>().entries[0]).toMatchObject({
      username: admin.username,
      changes: [
        { kind: 'parts_added', parts: [{ part_id: f.kept.part_id, name: f.kept.name }] },
        { kind: 'parts_removed', parts: [{ part_id: f.merged.part_id, name: f.merged.name }] },
      ],
    });
    const both = await t.app.inject({ method: 'GET', url: `/api/battlestations/id/${f.stations.both}/history` });
    expect(both.json<StationHistoryResponse>().entries[0].changes).toEqual([{ kind: 'parts_removed', parts: [{ part_id: f.merged.part_id, name: f.merged.name }] }]);

    // Every kept number (station and part counters, totals, search and catalogue words, facets) is exact.
    expect(await counterMismatches(t.app)).toEqual([]);
  });

  it('rolls everything back when a step fails: rows, counts and image files intact', async () => {
    const f = await fixture();
    // The last step (deleting the merged part) fails inside the transaction.
    await t.app.db.execute(sql.raw(`CREATE FUNCTION fail_merge() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'merge fails'; END $$`));
    await t.app.db.execute(sql.raw(`CREATE TRIGGER fail_merge BEFORE DELETE ON parts FOR EACH ROW WHEN (OLD.part_id = ${f.merged.part_id}) EXECUTE FUNCTION fail_merge()`));
    try {
      const before = await snapshot();
      const res = await merge(f, admin);
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ message: 'Something went wrong. Please try again later.' });
      expect(await snapshot()).toEqual(before);
      await expect(fs.access(imagePath(f.merged.image))).resolves.toBeUndefined();
      expect(await counterMismatches(t.app)).toEqual([]);
    } finally {
      await t.app.db.execute(sql.raw('DROP TRIGGER fail_merge ON parts'));
      await t.app.db.execute(sql.raw('DROP FUNCTION fail_merge()'));
    }
    // Afterwards the same merge goes through.
    expect((await merge(f, admin)).statusCode).toBe(200);
    expect(await counterMismatches(t.app)).toEqual([]);
  });
});
