import type { Database } from '../db/database';
import { part_requests, part_stores, parts, stores } from '../db/schema';

export type PartRow = typeof parts.$inferSelect;
export type StoreRow = typeof stores.$inferSelect;

export async function insertParts(db: Database, rows: (typeof parts.$inferInsert)[]): Promise<PartRow[]> {
  if (rows.length === 0) return [];
  return db.insert(parts).values(rows).returning();
}

export async function insertStores(db: Database, rows: (typeof stores.$inferInsert)[]): Promise<StoreRow[]> {
  if (rows.length === 0) return [];
  return db.insert(stores).values(rows).returning();
}

export async function insertPartStores(db: Database, rows: (typeof part_stores.$inferInsert)[]): Promise<void> {
  if (rows.length > 0) await db.insert(part_stores).values(rows);
}

export async function insertPartRequests(db: Database, rows: (typeof part_requests.$inferInsert)[]): Promise<void> {
  if (rows.length > 0) await db.insert(part_requests).values(rows);
}
