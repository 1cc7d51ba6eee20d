import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { battlestation_parts, battlestations, part_stores, part_types, parts, stores } from '../db/schema';

/**
 * The write side of the parts catalogue (admin part form): a part's row, its store links and what uses it.
 * Call inside the service's transaction.
 */

export type PartRow = typeof parts.$inferSelect;

export interface PartFields {
  name: string;
  type_id: number;
  manufacturer: string;
  manufacturer_url: string | null;
}

export async function findPart(db: Database, partId: number): Promise<PartRow | undefined> {
  const [row] = await db.select().from(parts).where(eq(parts.part_id, partId)).limit(1);
  return row;
}

/** The part's row, locked until the transaction ends (two saves of one part never interleave). */
export async function lockPart(db: Database, partId: number): Promise<PartRow | undefined> {
  const [row] = await db.select().from(parts).where(eq(parts.part_id, partId)).for('update');
  return row;
}

/**
 * Locks the stations listing a part, in id order, before the part itself (a merge, a rename that rewrites their
 * search text): a station save locks its station and then its parts, so taking them in the same order never
 * deadlocks with one.
 */
export async function lockStationsListing(db: Database, partId: number): Promise<void> {
  await db.execute(sql`SELECT battlestation_id FROM ${battlestations}
    WHERE battlestation_id IN (SELECT battlestation_id FROM ${battlestation_parts} WHERE part_id = ${partId})
    ORDER BY battlestation_id FOR UPDATE`);
}

export async function partTypeExists(db: Database, typeId: number): Promise<boolean> {
  const [row] = await db.select({ type_id: part_types.type_id }).from(part_types).where(eq(part_types.type_id, typeId)).limit(1);
  return Boolean(row);
}

/** A part's image and what is known of its copies (issue 17). */
export interface PartImageFields {
  image: string;
  image_width?: number | null;
  image_height?: number | null;
  image_widths?: number[] | null;
}

export async function insertPart(db: Database, row: PartFields & PartImageFields): Promise<number> {
  const [inserted] = await db.insert(parts).values(row).returning({ part_id: parts.part_id });
  return inserted.part_id;
}

export async function updatePartRow(db: Database, partId: number, changes: PartFields & Partial<PartImageFields>): Promise<void> {
  await db.update(parts).set(changes).where(eq(parts.part_id, partId));
}

export async function deletePartRow(db: Database, partId: number): Promise<void> {
  await db.delete(parts).where(eq(parts.part_id, partId));
}

/** Adds store links; a store already linked gets the new URL. */
export async function upsertStoreLinks(db: Database, partId: number, links: readonly { store_id: number; url: string }[]): Promise<void> {
  if (links.length === 0) return;
  await db
    .insert(part_stores)
    .values(links.map((l) => ({ part_id: partId, store_id: l.store_id, url: l.url })))
    .onConflictDoUpdate({ target: [part_stores.part_id, part_stores.store_id], set: { url: sql`excluded.url` } });
}

/** Removes the part's links to those stores; how many there were. */
export async function removeStoreLinks(db: Database, partId: number, storeIds: readonly number[]): Promise<number> {
  if (storeIds.length === 0) return 0;
  const removed = await db
    .delete(part_stores)
    .where(and(eq(part_stores.part_id, partId), inArray(part_stores.store_id, [...storeIds])))
    .returning({ store_id: part_stores.store_id });
  return removed.length;
}

export async function storeIdsOfPart(db: Database, partId: number): Promise<number[]> {
  const rows = await db.select({ store_id: part_stores.store_id }).from(part_stores).where(eq(part_stores.part_id, partId));
  return rows.map((r) => r.store_id);
}

/** Every battlestation listing the part, private ones included (they block a deletion too). */
export async function countPartUsage(db: Database, partId: number): Promise<number> {
  const [row] = await db.select({ total: count() }).from(battlestation_parts).where(eq(battlestation_parts.part_id, partId));
  return row.total;
}

export async function stationIdsUsingPart(db: Database, partId: number): Promise<number[]> {
  const rows = await db
    .select({ id: battlestation_parts.battlestation_id })
    .from(battlestation_parts)
    .where(eq(battlestation_parts.part_id, partId))
    .orderBy(asc(battlestation_parts.battlestation_id));
  return rows.map((r) => r.id);
}

/** manufacturer_url and store links of some parts (an admin table page), by store name. */
export async function partExtras(db: Database, partIds: readonly number[]) {
  if (partIds.length === 0) return { urls: new Map<number, string | null>(), links: new Map<number, { store_id: number; store_name: string; url: string }[]>() };
  const ids = [...partIds];
  const [urlRows, linkRows] = await Promise.all([
    db.select({ part_id: parts.part_id, manufacturer_url: parts.manufacturer_url }).from(parts).where(inArray(parts.part_id, ids)),
    db
      .select({ part_id: part_stores.part_id, store_id: stores.store_id, store_name: stores.name, url: part_stores.url })
      .from(part_stores)
      .innerJoin(stores, eq(stores.store_id, part_stores.store_id))
      .where(inArray(part_stores.part_id, ids))
      .orderBy(asc(part_stores.part_id), sql`lower(${stores.name})`, asc(stores.store_id)),
  ]);
  const urls = new Map(urlRows.map((r) => [r.part_id, r.manufacturer_url]));
  const links = new Map<number, { store_id: number; store_name: string; url: string }[]>();
  for (const { part_id, ...link } of linkRows) links.set(part_id, [...(links.get(part_id) ?? []), link]);
  return { urls, links };
}
