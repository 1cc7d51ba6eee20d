import type { SQL } from 'drizzle-orm';
import type { Database } from './database';

/** The rows of a raw statement, typed by the caller: both drivers answer `{ rows }`, which drizzle's shared type leaves unknown. */
export async function rowsOf<T>(db: Database, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}
