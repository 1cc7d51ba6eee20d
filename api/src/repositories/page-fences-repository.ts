import { BATTLESTATION_SORTS } from '@battledeck/shared/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { rowsOf } from '../db/rows';
import { pgErrorCode } from '../lib/pg-errors';
import type { PublicListSort } from './battlestations-repository';

/** Stations per bucket after a split: a deep page walks at most this many index entries past its post. */
export const FENCE_BUCKET_SIZE = 1000;
/** A bucket grown past this (stations created or moved into it) is split at the next deep read. */
export const FENCE_SPLIT_ABOVE = 4 * FENCE_BUCKET_SIZE;

/**
 * Splits the buckets of one sort that hold more than `above` stations (migration 0021's `split_page_fences`).
 * The SHARE ROW EXCLUSIVE lock keeps every write to battlestations out while the bucket's rows are read and its
 * count shared out, so the counts stay exact; a split already under way elsewhere, or a write that holds the
 * table longer than a moment, leaves it for a later read (false).
 */
export async function splitLargePageFences(db: Database, sort: PublicListSort, above = FENCE_SPLIT_ABOVE, size = FENCE_BUCKET_SIZE): Promise<boolean> {
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL lock_timeout = '200ms'`);
      const [claimed] = await rowsOf<{ claimed: boolean }>(tx, sql`SELECT pg_try_advisory_xact_lock(hashtext(${`battledeck:page-fences:${sort}`})) AS claimed`);
      if (!claimed?.claimed) return false;
      await tx.execute(sql`LOCK TABLE battlestations IN SHARE ROW EXCLUSIVE MODE`);
      await tx.execute(sql`SELECT split_page_fences(${sort}, ${size}::int, ${above}::int)`);
      return true;
    });
  } catch (error) {
    if (pgErrorCode(error) === '55P03') return false; // lock_not_available: writes in progress; the next deep read tries again
    throw error;
  }
}

/**
 * Every sort's fence posts from scratch: one bucket per sort holding every public station, then split. For a bulk
 * load that ran with the fence triggers switched off (the scale seed); the caller holds the tables.
 */
export async function rebuildPageFences(tx: Database): Promise<void> {
  await tx.execute(sql`DELETE FROM station_page_fences WHERE battlestation_id <> 0`);
  await tx.execute(sql`UPDATE station_page_fences SET stations = (SELECT count(*) FROM battlestations WHERE is_public)`);
  for (const sort of BATTLESTATION_SORTS) await tx.execute(sql`SELECT split_page_fences(${sort}, ${FENCE_BUCKET_SIZE}::int, ${FENCE_BUCKET_SIZE}::int)`);
}
