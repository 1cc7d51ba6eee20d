import type { StationChange } from '@battledeck/shared/contract';
import { and, desc, eq, inArray, lt, type SQL } from 'drizzle-orm';
import type { Database } from '../db/database';
import { battlestations, parts, photo_hotspots, station_changes, users } from '../db/schema';
import { listStationImages, listStationPartIds } from './battlestation-media-repository';

/** A station's history (decision 019): one row per save, written in the saving transaction. */

export interface NewStationChange {
  battlestation_id: number;
  user_id: string;
  changes: StationChange[];
  is_public: boolean;
  /** Null for the creation. */
  was_public: boolean | null;
}

export async function insertStationChange(tx: Database, row: NewStationChange): Promise<void> {
  await tx.insert(station_changes).values(row);
}

export interface StationChangeRow {
  change_id: number;
  changed_date: Date;
  username: string | null;
  changes: StationChange[];
  is_public: boolean;
  was_public: boolean | null;
}

export interface HistoryPage {
  /** Read entries older than this change_id (the previous page's last). */
  before?: number;
  limit: number;
  /** Only the saves after which the station was public (what others may see). */
  publicOnly: boolean;
}

/** Newest first, through station_changes_station_idx (a backward scan from the cursor). */
export async function listStationChanges(db: Database, stationId: number, page: HistoryPage): Promise<StationChangeRow[]> {
  const conditions: SQL[] = [eq(station_changes.battlestation_id, stationId)];
  if (page.before !== undefined) conditions.push(lt(station_changes.change_id, page.before));
  if (page.publicOnly) conditions.push(eq(station_changes.is_public, true));
  return db
    .select({
      change_id: station_changes.change_id,
      changed_date: station_changes.changed_date,
      username: users.username,
      changes: station_changes.changes,
      is_public: station_changes.is_public,
      was_public: station_changes.was_public,
    })
    .from(station_changes)
    .leftJoin(users, eq(users.user_id, station_changes.user_id))
    .where(and(...conditions))
    .orderBy(desc(station_changes.change_id))
    .limit(page.limit);
}

/** What a save may change, read inside its transaction before and after it. */
export interface StationSnapshot {
  name: string;
  description: string;
  instagram_url: string | null;
  reddit_url: string | null;
  is_public: boolean;
  partIds: number[];
  /** Photo ids in display order (ids survive the renames of a visibility change). */
  photoIds: number[];
  /** The photos' part markers (decision 020), each as 'image_id:part_id:x:y', sorted. */
  hotspots: string[];
}

export async function readStationSnapshot(tx: Database, stationId: number): Promise<StationSnapshot> {
  const [station] = await tx
    .select({
      name: battlestations.name,
      description: battlestations.description,
      instagram_url: battlestations.instagram_url,
      reddit_url: battlestations.reddit_url,
      is_public: battlestations.is_public,
    })
    .from(battlestations)
    .where(eq(battlestations.battlestation_id, stationId));
  const partIds = await listStationPartIds(tx, stationId);
  const photos = await listStationImages(tx, stationId);
  const marks = await tx
    .select({ image_id: photo_hotspots.image_id, part_id: photo_hotspots.part_id, x: photo_hotspots.x, y: photo_hotspots.y })
    .from(photo_hotspots)
    .where(eq(photo_hotspots.battlestation_id, stationId));
  const hotspots = marks.map((mark) => `${mark.image_id}:${mark.part_id}:${mark.x}:${mark.y}`).sort();
  return { ...station, partIds, photoIds: photos.map((photo) => photo.image_id), hotspots };
}

/** Part names by id, in the order of `ids` (kept in the history as they were named at the time). */
export async function findPartNames(tx: Database, ids: number[]): Promise<{ part_id: number; name: string }[]> {
  if (ids.length === 0) return [];
  const rows = await tx.select({ part_id: parts.part_id, name: parts.name }).from(parts).where(inArray(parts.part_id, ids));
  const names = new Map(rows.map((row) => [row.part_id, row.name]));
  return ids.flatMap((part_id) => {
    const name = names.get(part_id);
    return name === undefined ? [] : [{ part_id, name }];
  });
}
