import { COLOUR_FAMILIES, colourFamily } from '@battledeck/shared/contract';
import { asc, sql } from 'drizzle-orm';
import { battlestations, parts } from '../src/db/schema';
import { refreshBattlestationDerived, refreshPartCounts } from '../src/repositories/derived-columns-repository';
import { FAMILY_HEX, scaleFor, seedScale } from '../src/seed/scale';
import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { counterMismatches } from './helpers/counters';
import { rows } from './helpers/sql-rows';

const quiet = { info: () => {}, warn: () => {}, error: () => {} };

describe('scale dataset (npm run seed -- --scale)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const schemaObjects = () =>
    rows<{ name: string }>(
      t.app.db,
      sql`SELECT indexname AS name FROM pg_indexes WHERE schemaname = current_schema()
        UNION ALL SELECT conname FROM pg_constraint WHERE connamespace = current_schema()::regnamespace
        UNION ALL SELECT tgname || ':' || tgenabled::text FROM pg_trigger WHERE NOT tgisinternal
        ORDER BY 1`,
    );
  let objectsBefore: { name: string }[];

  it('writes the requested volumes with the default ratios', async () => {
    objectsBefore = await schemaObjects();
    const counts = await seedScale(t.app.db, scaleFor(500), quiet);
    expect(counts).toEqual({
      users: 100,
      parts: 100,
      battlestations: 500,
      battlestation_images: 1500,
      battlestation_parts: 3000,
      favorites: 5000,
    });
  });

  it('leaves every counter, thumbnail and search text exactly as the services would compute them', async () => {
    const stations = () => t.app.db.select().from(battlestations).orderBy(asc(battlestations.battlestation_id));
    const partCounts = () =>
      t.app.db.select({ id: parts.part_id, n: parts.battlestation_count }).from(parts).orderBy(asc(parts.part_id));
    const [before, partsBefore] = [await stations(), await partCounts()];
    await t.app.db.transaction(async (tx) => {
      await refreshBattlestationDerived(tx, 'all');
      await refreshPartCounts(tx, 'all');
    });
    expect(await stations()).toEqual(before);
    expect(await partCounts()).toEqual(partsBefore);
    expect(before.filter((s) => !s.is_public).length).toBe(25);
  });

  it('puts back every index, key and trigger it set aside for the load, with the kept totals counted', async () => {
    expect(await schemaObjects()).toEqual(objectsBefore);
    expect(objectsBefore.length).toBeGreaterThan(40);
    expect(await counterMismatches(t.app)).toEqual([]);
  });

  it('gives the desks monitors, uses and colours to filter by (decision 017)', async () => {
    expect(FAMILY_HEX.map(colourFamily)).toEqual([...COLOUR_FAMILIES]);
    const [row] = await rows<{ monitors: number; uses: number; families: number }>(
      t.app.db,
      sql`SELECT count(DISTINCT monitor_count)::int AS monitors, count(DISTINCT main_uses)::int AS uses, count(DISTINCT colour_families)::int AS families FROM battlestations`,
    );
    expect(row).toEqual({ monitors: 5, uses: expect.any(Number), families: expect.any(Number) });
    expect(row!.uses).toBeGreaterThan(5);
    expect(row!.families).toBeGreaterThan(10);
  });

  it("draws a desk's description apart from its name: the words do not sort together by name", async () => {
    // Drawn from the station number, a description's mood took 3 of 16 values for each name's mood, so a search
    // for a description's word by name met its matches in a few long runs (2026-11-29, decision 006).
    const moods = await rows<{ name_mood: string; description_moods: number }>(
      t.app.db,
      sql`SELECT split_part(name, ' ', 1) AS name_mood, count(DISTINCT split_part(description, ' ', 2))::int AS description_moods
        FROM battlestations WHERE name NOT LIKE 'Dual %' GROUP BY 1`,
    );
    expect(moods).toHaveLength(15);
    expect(Math.min(...moods.map((mood) => mood.description_moods))).toBeGreaterThanOrEqual(10);
  });

  it('keeps ids usable afterwards: the next station gets a fresh id', async () => {
    const [row] = await t.app.db
      .insert(battlestations)
      .values({ user_id: 'scale-user-1', name: 'After the seed' })
      .returning({ id: battlestations.battlestation_id });
    expect(row.id).toBe(501);
  });
});
