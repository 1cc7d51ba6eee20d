import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { battlestation_images, battlestation_parts, battlestations, parts } from '../db/schema';

/** A station's photos and part links: the rows its counters, thumbnail and search text summarise. */

export interface StationImageRow {
  image_id: number;
  image: string;
  display_order: number;
  width: number;
  height: number;
  /** Null until the start-up backfill has looked (issue 17). */
  widths: number[] | null;
}

/** Photos in display order. */
export async function listStationImages(db: Database, stationId: number): Promise<StationImageRow[]> {
  return db
    .select({
      image_id: battlestation_images.image_id,
      image: battlestation_images.image,
      display_order: battlestation_images.display_order,
      width: battlestation_images.width,
      height: battlestation_images.height,
      widths: battlestation_images.widths,
    })
    .from(battlestation_images)
    .where(eq(battlestation_images.battlestation_id, stationId))
    .orderBy(asc(battlestation_images.display_order), asc(battlestation_images.image_id));
}

export async function deleteStationImages(tx: Database, stationId: number, names: string[]): Promise<string[]> {
  if (names.length === 0) return [];
  const deleted = await tx
    .delete(battlestation_images)
    .where(and(eq(battlestation_images.battlestation_id, stationId), inArray(battlestation_images.image, names)))
    .returning({ image: battlestation_images.image });
  return deleted.map((row) => row.image);
}

/** Gives photos new file names (`renames` maps old name → new name) in one statement. */
export async function renameStationImages(tx: Database, stationId: number, renames: Map<string, string>): Promise<void> {
  if (renames.size === 0) return;
  const cases = sql.join(
    [...renames].map(([from, to]) => sql`WHEN ${from} THEN ${to}`),
    sql` `,
  );
  await tx
    .update(battlestation_images)
    .set({ image: sql`CASE ${battlestation_images.image} ${cases} END` })
    .where(and(eq(battlestation_images.battlestation_id, stationId), inArray(battlestation_images.image, [...renames.keys()])));
}

/**
 * The station a photo belongs to, with what decides who may see it: the photo stored under one of `names`
 * (a width copy's name fits either a .jpg or a .png web copy).
 */
export async function findStationOfImage(db: Database, names: string[]): Promise<{ user_id: string; is_public: boolean } | undefined> {
  const [row] = await db
    .select({ user_id: battlestations.user_id, is_public: battlestations.is_public })
    .from(battlestation_images)
    .innerJoin(battlestations, eq(battlestations.battlestation_id, battlestation_images.battlestation_id))
    .where(inArray(battlestation_images.image, names))
    .limit(1);
  return row;
}

/** Sets every photo's display_order in one statement (`order` maps image_id → position). */
export async function setStationImageOrder(tx: Database, stationId: number, order: Map<number, number>): Promise<void> {
  if (order.size === 0) return;
  const cases = sql.join(
    [...order].map(([imageId, position]) => sql`WHEN ${imageId} THEN ${position}::int`),
    sql` `,
  );
  await tx
    .update(battlestation_images)
    .set({ display_order: sql`CASE ${battlestation_images.image_id} ${cases} END` })
    .where(and(eq(battlestation_images.battlestation_id, stationId), inArray(battlestation_images.image_id, [...order.keys()])));
}

export async function listStationPartIds(db: Database, stationId: number): Promise<number[]> {
  const rows = await db
    .select({ part_id: battlestation_parts.part_id })
    .from(battlestation_parts)
    .where(eq(battlestation_parts.battlestation_id, stationId));
  return rows.map((row) => row.part_id);
}

/**
 * Which of `ids` are parts of the catalogue. Their rows are key-share-locked, so a part cannot be deleted
 * between this check and the insert that links it.
 */
export async function findExistingPartIds(tx: Database, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  // KEY SHARE, as linking takes it, in id order: a merge (FOR UPDATE, id order) then waits or is waited for,
  // and savers sharing a part do not wait for each other here (their counter lock comes last).
  const rows = await tx.select({ part_id: parts.part_id }).from(parts).where(inArray(parts.part_id, ids)).orderBy(asc(parts.part_id)).for('key share');
  return new Set(rows.map((row) => row.part_id));
}

/** Links parts; links that already exist are kept as they are. */
export async function addStationParts(tx: Database, stationId: number, partIds: number[]): Promise<void> {
  if (partIds.length === 0) return;
  await tx
    .insert(battlestation_parts)
    .values(partIds.map((part_id) => ({ battlestation_id: stationId, part_id })))
    .onConflictDoNothing();
}

export async function removeStationParts(tx: Database, stationId: number, partIds: number[]): Promise<void> {
  if (partIds.length === 0) return;
  await tx
    .delete(battlestation_parts)
    .where(and(eq(battlestation_parts.battlestation_id, stationId), inArray(battlestation_parts.part_id, partIds)));
}

export async function countStationRows(tx: Database, stationId: number): Promise<{ images: number; parts: number }> {
  const images = await tx.$count(battlestation_images, eq(battlestation_images.battlestation_id, stationId));
  const partCount = await tx.$count(battlestation_parts, eq(battlestation_parts.battlestation_id, stationId));
  return { images, parts: partCount };
}

/** Every photo of every private station, by station (the start-up move of issue 15 checks where each file is). */
export async function listPrivateStationImages(db: Database): Promise<{ battlestation_id: number; image: string }[]> {
  return db
    .select({ battlestation_id: battlestation_images.battlestation_id, image: battlestation_images.image })
    .from(battlestation_images)
    .innerJoin(battlestations, eq(battlestations.battlestation_id, battlestation_images.battlestation_id))
    .where(eq(battlestations.is_public, false))
    .orderBy(asc(battlestation_images.battlestation_id), asc(battlestation_images.image_id));
}
