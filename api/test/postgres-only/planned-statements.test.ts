import { sql } from 'drizzle-orm';
import type { Database } from '../../src/db/database';
import { plannedOn } from '../../src/db/planned';
import { findBattlestation, findStationPage, listPageWithKeptTotals } from '../../src/repositories/battlestations-repository';
import { findPartDetail, listPartStoreLinks, listPartsWithKeptTotal } from '../../src/repositories/parts-catalogue-repository';
import { listPairedParts, rankSimilarStations } from '../../src/repositories/discovery-repository';
import { findUserById } from '../../src/repositories/users-repository';
import { scaleFor, seedScale } from '../../src/seed/scale';
import { rows } from '../helpers/sql-rows';
import { openEmptyDatabase, type TestDatabase } from '../helpers/test-database';

const quiet = { info: () => {}, warn: () => {}, error: () => {} };

/**
 * Decision 024: the fixed-shape reads' prepared statements run with their generic plan, planned once per
 * session, and that plan is the index walk over a page of rows, not a scan of every station. A twin of one
 * connection, so the statements asked about are those the repository prepared.
 */
describe('prepared statements of the fixed-shape reads on a PostgreSQL server', () => {
  let database: TestDatabase;
  let db: Database;
  beforeAll(async () => {
    database = await openEmptyDatabase(0, 1);
    await database.handle.migrate();
    db = database.handle.db;
    // Enough rows that a plan guessing "a tenth of the table" would scan and hash it.
    await seedScale(db, scaleFor(5000), quiet);
    await db.execute(sql`ANALYZE`);
  }, 120_000);
  afterAll(() => database?.dispose());

  const plans = () =>
    rows<{ name: string; generic_plans: number; custom_plans: number }>(
      plannedOn(db),
      sql`SELECT name, generic_plans::int, custom_plans::int FROM pg_prepared_statements ORDER BY name`,
    );
  const explain = async (statement: string) =>
    (await rows<{ 'QUERY PLAN': string }>(plannedOn(db), sql.raw(`EXPLAIN EXECUTE ${statement}`))).map((row) => row['QUERY PLAN']).join('\n');

  it('plans each once: every run after the first reuses the generic plan', async () => {
    for (let page = 0; page < 8; page += 1) {
      await listPageWithKeptTotals(db, { sortBy: 'created_date', direction: 'desc', offset: page * 12, limit: 12 }, 'front');
      await listPartsWithKeptTotal(db, { sortBy: 'name', direction: 'asc', offset: page * 12, limit: 12 });
    }
    expect(await plans()).toEqual([
      { name: 'parts_page_name_asc_all_12', generic_plans: 8, custom_plans: 0 },
      { name: 'public_page_created_date_desc_12', generic_plans: 8, custom_plans: 0 },
    ]);
  });

  it('walks the sort index for a page of the list and of the catalogue, with the page size written into the statement', async () => {
    const page = await explain('public_page_created_date_desc_12(0)');
    expect(page).toMatch(/Limit[\s\S]*Index Only Scan Backward using battlestations_public_created_idx/);
    expect(page).not.toMatch(/Seq Scan on battlestations|Hash Join/);
    const catalogue = await explain('parts_page_name_asc_all_12(0)');
    expect(catalogue).toMatch(/Index Scan using parts_name_idx/);
    expect(catalogue).not.toMatch(/Seq Scan on parts|Sort/);
  });

  it('prepares the lookups by key and the discovery reads on the main pool, where PostgreSQL settles on planning them once', async () => {
    const [{ part_id: partId }] = await rows<{ part_id: number }>(db, sql`SELECT min(part_id)::int AS part_id FROM parts`);
    const [{ user_id: uid }] = await rows<{ user_id: string }>(db, sql`SELECT min(user_id) AS user_id FROM users`);
    // One after another, so the pool hands out the same connection each time and the question below too.
    for (let run = 0; run < 8; run += 1) {
      expect(await findPartDetail(db, partId + run)).toMatchObject({ part_id: partId + run });
      await listPartStoreLinks(db, partId + run);
      expect(await findUserById(db, uid)).toMatchObject({ user_id: uid });
      expect(await findStationPage(db, run + 1, uid)).toMatchObject({ battlestation_id: run + 1 });
      expect(await findBattlestation(db, run + 1)).toMatchObject({ battlestation_id: run + 1 });
      expect((await rankSimilarStations(db, run + 1, 8)).length).toBeGreaterThan(0);
      await listPairedParts(db, partId + run, 8, 2);
    }
    const byKey = await rows<{ name: string; generic_plans: number; custom_plans: number }>(
      db,
      sql`SELECT name, generic_plans::int, custom_plans::int FROM pg_prepared_statements ORDER BY name`,
    );
    expect(byKey.map((statement) => statement.name)).toEqual(['paired_parts_8_2', 'part_detail', 'part_store_links', 'similar_stations_8', 'station_by_id', 'station_page', 'user_by_id']);
    for (const statement of byKey) {
      expect(statement.generic_plans + statement.custom_plans).toBe(8);
      expect(statement.generic_plans).toBeGreaterThan(0);
    }
  });

  it('leaves every other statement to choose its plan for its values', async () => {
    expect(await rows(db, sql`SHOW plan_cache_mode`)).toEqual([{ plan_cache_mode: 'auto' }]);
    expect(await rows(plannedOn(db), sql`SHOW plan_cache_mode`)).toEqual([{ plan_cache_mode: 'force_generic_plan' }]);
  });
});
