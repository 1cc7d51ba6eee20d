import { sql } from 'drizzle-orm';
import type { Database } from '../../src/db/database';
import { partsPageQuery, READ_WHOLE_MATCHES, withTypoTolerance, type PartListPage } from '../../src/repositories/parts-catalogue-repository';
import { scaleFor, seedScale } from '../../src/seed/scale';
import { rows } from '../helpers/sql-rows';
import { openEmptyDatabase, type TestDatabase } from '../helpers/test-database';

const quiet = { info: () => {}, warn: () => {}, error: () => {} };

/**
 * Decision 024: a search whose words few parts hold reads them whole from the words' index and sorts them,
 * instead of walking the name index, which for a maker late in the alphabet passes nearly every part (a
 * part's name starts with its maker).
 */
describe('the plan of a page of the catalogue searched by a word of the vocabulary', () => {
  let database: TestDatabase;
  let db: Database;
  let brand: { word: string; parts: number };
  beforeAll(async () => {
    database = await openEmptyDatabase();
    await database.handle.migrate();
    db = database.handle.db;
    await seedScale(db, scaleFor(5000), quiet);
    await db.execute(sql`ANALYZE`);
    // A maker late in the alphabet: the walk by name would pass most parts first.
    [brand] = await rows<{ word: string; parts: number }>(db, sql`SELECT word, parts FROM part_words WHERE word = 'thermalright'`);
  }, 120_000);
  afterAll(() => database?.dispose());

  const page = (uses: number, sortBy: PartListPage['sortBy']): PartListPage => ({
    sortBy,
    direction: 'asc',
    limit: 12,
    offset: 0,
    terms: [{ anyOf: [brand.word], uses }],
  });
  const read = (listPage: PartListPage) => withTypoTolerance(db, [brand.word], (tx) => partsPageQuery(tx, listPage));

  // (Whether PostgreSQL then walks the sort index is not asked: at 5,000 stations it gathers the matches either way.)
  it('orders a maker\'s few parts by an expression no index serves, a word held by many by the index, with the same rows', async () => {
    const many = page(READ_WHOLE_MATCHES + 1, 'name');
    expect(partsPageQuery(db, many).toSQL().sql).toMatch(/order by lower\("parts"\."name"\) asc/);
    expect(partsPageQuery(db, page(brand.parts, 'name')).toSQL().sql).toMatch(/order by \(lower\("parts"\."name"\) \|\| ''\) asc/);
    for (const sortBy of ['name', 'battlestation_count'] as const) {
      const whole = await read(page(brand.parts, sortBy));
      expect(whole).toHaveLength(12);
      expect(await read(page(READ_WHOLE_MATCHES + 1, sortBy))).toEqual(whole);
    }
  });
});
