import { asc } from 'drizzle-orm';
import type { Database } from '../db/database';
import { part_types } from '../db/schema';

export type PartTypeRow = typeof part_types.$inferSelect;

/** In creation order: the catalogue's curated order (CPU, GPU, …), which menus keep. */
export async function listPartTypes(db: Database): Promise<PartTypeRow[]> {
  return db.select().from(part_types).orderBy(asc(part_types.type_id));
}

export async function insertPartTypes(db: Database, rows: (typeof part_types.$inferInsert)[]): Promise<PartTypeRow[]> {
  if (rows.length === 0) return [];
  return db.insert(part_types).values(rows).returning();
}
