import type { SQL } from 'drizzle-orm';
import type { Database } from '../../src/db/database';

/** Rows of a raw query: both drivers answer `{ rows }`, which the shared Database type leaves untyped. */
export async function rows<T = Record<string, unknown>>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
