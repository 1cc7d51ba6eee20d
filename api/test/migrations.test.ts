import { is, sql } from 'drizzle-orm';
import { PgTable, getTableConfig } from 'drizzle-orm/pg-core';
import * as schema from '../src/db/schema';
import { uniqueViolation } from '../src/lib/pg-errors';
import { featuredQuery } from '../src/repositories/battlestations-repository';
import { partsStartingWithQuery } from '../src/repositories/parts-catalogue-repository';
import { insertUser } from '../src/repositories/users-repository';
import { rows } from './helpers/sql-rows';
import { openEmptyDatabase, type TestDatabase } from './helpers/test-database';

const tables: PgTable[] = [];
for (const value of Object.values(schema) as unknown[]) if (is(value, PgTable)) tables.push(value);

/** PostgreSQL keeps the first 63 bytes of a name (drizzle-kit's foreign key names can be longer). */
const pgName = (name: string) => name.slice(0, 63);

let database: TestDatabase;
beforeAll(async () => {
  database = await openEmptyDatabase();
  await database.handle.migrate();
});
afterAll(() => database?.dispose());

describe('migrations', () => {
  it('create every table of the schema', async () => {
    const existing = await rows<{ table_name: string }>(database.handle.db, sql`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'`);
    const expected = tables.map((table) => getTableConfig(table).name);
    expect(expected).toHaveLength(23);
    expect(existing.map((r) => r.table_name).sort()).toEqual([...expected].sort());
  });

  it('create every index, foreign key and check the schema declares', async () => {
    const indexes = (await rows<{ indexname: string }>(database.handle.db, sql`SELECT indexname FROM pg_indexes WHERE schemaname = 'public'`)).map((r) => r.indexname);
    const constraints = (await rows<{ conname: string }>(database.handle.db, sql`SELECT conname FROM pg_constraint WHERE connamespace = 'public'::regnamespace`)).map((r) => r.conname);
    const declared = tables.flatMap((table) => {
      const config = getTableConfig(table);
      return [
        ...config.indexes.map((index) => ({ kind: 'index', name: String(index.config.name) })),
        ...config.checks.map((check) => ({ kind: 'check', name: check.name })),
        ...config.foreignKeys.map((fk) => ({ kind: 'foreign key', name: pgName(fk.getName()) })),
      ];
    });
    expect(declared.length).toBeGreaterThan(40);
    const missing = declared.filter(({ kind, name }) => !(kind === 'index' ? indexes : constraints).includes(name));
    expect(missing).toEqual([]);
  });

  it('install pg_trgm, which the search indexes use', async () => {
    const ext = await rows<{ extname: string }>(database.handle.db, sql`SELECT extname FROM pg_extension WHERE extname = 'pg_trgm'`);
    expect(ext).toHaveLength(1);
    const [match] = await rows<{ hit: boolean }>(database.handle.db, sql`SELECT 'Keychron Q1 Pro' % 'keychorn q1' AS hit`);
    expect(match.hit).toBe(true);
  });

  it('are a no-op the second time', async () => {
    const count = async () => (await rows<{ n: number }>(database.handle.db, sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`))[0].n;
    const before = await count();
    await database.handle.migrate();
    expect(await count()).toBe(before);
    expect(before).toBeGreaterThanOrEqual(2);
  });

  it('make usernames and e-mails unique ignoring case, naming the index in the error', async () => {
    const db = database.handle.db;
    await insertUser(db, { user_id: 'u1', username: 'SameName', email: 'same@example.com' });
    const error = await insertUser(db, { user_id: 'u2', username: 'samename', email: 'other@example.com' }).catch((e: unknown) => e);
    expect(uniqueViolation(error)).toBe('users_username_lower_key');
    const again = await insertUser(db, { user_id: 'u3', username: 'another', email: 'SAME@example.com' }).catch((e: unknown) => e);
    expect(uniqueViolation(again)).toBe('users_email_lower_key');
  });

  it('give the featured query a partial index to read in order', async () => {
    const plan = await database.handle.db.transaction(async (tx) => {
      // The tables are empty, so forbid the sequential scan the planner would rightly prefer.
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      return rows<{ 'QUERY PLAN': string }>(tx, sql`EXPLAIN ${featuredQuery(tx, 12).getSQL()}`);
    });
    const text = plan.map((r) => r['QUERY PLAN']).join('\n');
    expect(text).toContain('battlestations_public_favorites_idx');
    expect(text).not.toMatch(/\bSort\b/);
  });

  it("give the part picker's names starting with a term an index that holds every column it reads (no heap page per match)", async () => {
    const plan = await database.handle.db.transaction(async (tx) => {
      // Empty tables again: leave the planner an index to choose, and see whether it must visit the table.
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      await tx.execute(sql`SET LOCAL enable_bitmapscan = off`);
      return rows<{ 'QUERY PLAN': string }>(tx, sql`EXPLAIN ${partsStartingWithQuery({ term: 'no', limit: 8 })}`);
    });
    expect(plan.map((r) => r['QUERY PLAN']).join('\n')).toContain('Index Only Scan using parts_name_prefix_idx on parts');
  });
});

