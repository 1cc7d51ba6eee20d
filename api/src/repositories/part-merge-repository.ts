import { sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { battlestation_parts, battlestations, part_requests, part_stores, photo_hotspots, station_changes } from '../db/schema';
import { rowsOf } from '../db/rows';

/**
 * The rows a merge of part `merged` into part `kept` touches (decision 021). Call inside the merge's
 * transaction, the two parts locked first (lockPartsForCounts), in this order: hotspots, station links,
 * store links, requests.
 */

export interface MergeCounts {
  stations: number;
  stations_with_both: number;
  store_links: number;
  store_links_dropped: number;
  requests: number;
}

/** What a merge would move, read in one statement (the preview, and the answer's figures). */
export async function countMerge(db: Database, merged: number, kept: number): Promise<MergeCounts> {
  const [row] = await rowsOf<MergeCounts>(
    db,
    sql`SELECT
      (SELECT count(*)::int FROM ${battlestation_parts} WHERE part_id = ${merged}) AS stations,
      (SELECT count(*)::int FROM ${battlestation_parts} a JOIN ${battlestation_parts} b
        ON b.battlestation_id = a.battlestation_id AND b.part_id = ${kept} WHERE a.part_id = ${merged}) AS stations_with_both,
      (SELECT count(*)::int FROM ${part_stores} a WHERE a.part_id = ${merged}
        AND NOT EXISTS (SELECT 1 FROM ${part_stores} b WHERE b.part_id = ${kept} AND b.store_id = a.store_id)) AS store_links,
      (SELECT count(*)::int FROM ${part_stores} a WHERE a.part_id = ${merged}
        AND EXISTS (SELECT 1 FROM ${part_stores} b WHERE b.part_id = ${kept} AND b.store_id = a.store_id)) AS store_links_dropped,
      (SELECT count(*)::int FROM ${part_requests} WHERE part_id = ${merged}) AS requests`,
  );
  return row!;
}

export interface MovedStation {
  battlestation_id: number;
  is_public: boolean;
  /** It listed the kept part already: its link to the merged part went. */
  had_both: boolean;
}

/**
 * Moves the station links: a station listing only the merged part lists the kept one instead (the link row
 * is updated in place, so its photo hotspots follow through their ON UPDATE CASCADE key); a station listing
 * both keeps its link to the kept part, its hotspots on the merged part move there first, and the merged
 * link goes. Returns the stations touched, in id order.
 */
export async function moveStationLinks(db: Database, merged: number, kept: number): Promise<MovedStation[]> {
  const stations = await rowsOf<MovedStation>(
    db,
    sql`SELECT a.battlestation_id, s.is_public, (b.part_id IS NOT NULL) AS had_both
      FROM ${battlestation_parts} a
      JOIN ${battlestations} s ON s.battlestation_id = a.battlestation_id
      LEFT JOIN ${battlestation_parts} b ON b.battlestation_id = a.battlestation_id AND b.part_id = ${kept}
      WHERE a.part_id = ${merged}
      ORDER BY a.battlestation_id`,
  );
  const both = stations.filter((s) => s.had_both).map((s) => s.battlestation_id);
  if (both.length > 0) {
    const ids = sql.join(both.map((id) => sql`${id}`), sql`, `);
    await db.execute(sql`UPDATE ${photo_hotspots} SET part_id = ${kept} WHERE part_id = ${merged} AND battlestation_id IN (${ids})`);
    await db.execute(sql`DELETE FROM ${battlestation_parts} WHERE part_id = ${merged} AND battlestation_id IN (${ids})`);
  }
  await db.execute(sql`UPDATE ${battlestation_parts} SET part_id = ${kept} WHERE part_id = ${merged}`);
  return stations;
}

/**
 * Moves the store links: a store the kept part already links keeps the kept part's URL (the merged part's
 * link, and its health record, go); any other link is updated in place (its health record follows).
 * Returns every store the merged part linked, for their part counts.
 */
export async function moveStoreLinks(db: Database, merged: number, kept: number): Promise<number[]> {
  const rows = await rowsOf<{ store_id: number }>(db, sql`SELECT store_id FROM ${part_stores} WHERE part_id = ${merged} ORDER BY store_id`);
  await db.execute(sql`DELETE FROM ${part_stores} a WHERE a.part_id = ${merged}
    AND EXISTS (SELECT 1 FROM ${part_stores} b WHERE b.part_id = ${kept} AND b.store_id = a.store_id)`);
  await db.execute(sql`UPDATE ${part_stores} SET part_id = ${kept} WHERE part_id = ${merged}`);
  return rows.map((r) => r.store_id);
}

/** Requests saved as the merged part now name the kept one. */
export async function moveRequests(db: Database, merged: number, kept: number): Promise<void> {
  await db.execute(sql`UPDATE ${part_requests} SET part_id = ${kept} WHERE part_id = ${merged}`);
}

/**
 * One history entry per station whose parts changed (decision 019's kinds, written by `userId` in the merge's
 * transaction): the merged part removed and, where the station did not list it yet, the kept part added.
 */
export async function recordMergeInHistory(
  db: Database,
  userId: string,
  stations: readonly MovedStation[],
  merged: { part_id: number; name: string },
  kept: { part_id: number; name: string },
): Promise<void> {
  if (stations.length === 0) return;
  const removed = { kind: 'parts_removed' as const, parts: [merged] };
  const added = { kind: 'parts_added' as const, parts: [kept] };
  // In chunks: one statement's parameters are limited (65,535), and a part may be on thousands of stations.
  for (let start = 0; start < stations.length; start += 1000) {
    await db.insert(station_changes).values(
      stations.slice(start, start + 1000).map((s) => ({
        battlestation_id: s.battlestation_id,
        user_id: userId,
        changes: s.had_both ? [removed] : [added, removed],
        is_public: s.is_public,
        was_public: s.is_public,
      })),
    );
  }
}
