import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { battlestations, favorites } from '../db/schema';

/**
 * Favorites and the station's favorites counter. The counter moves by exactly the rows each statement
 * changed (INSERT … ON CONFLICT DO NOTHING / DELETE … RETURNING), in the same transaction: concurrent
 * clicks of one user change at most one row, so the count always equals the rows.
 */

/**
 * The station's owner and visibility, its row locked until the transaction ends: a delete of the station
 * waits for the favorite, or the favorite finds no station (instead of failing on the foreign key).
 */
export async function lockStationForFavorite(tx: Database, stationId: number): Promise<{ user_id: string; is_public: boolean } | undefined> {
  const [row] = await tx
    .select({ user_id: battlestations.user_id, is_public: battlestations.is_public })
    .from(battlestations)
    .where(eq(battlestations.battlestation_id, stationId))
    .for('no key update');
  return row;
}

/** Adds the favorite; true when a row was inserted (false: it was already there). */
export async function insertFavorite(tx: Database, uid: string, stationId: number): Promise<boolean> {
  const inserted = await tx
    .insert(favorites)
    .values({ user_id: uid, battlestation_id: stationId })
    .onConflictDoNothing()
    .returning({ user_id: favorites.user_id });
  return inserted.length > 0;
}

/** Removes the favorite; true when a row was deleted. */
export async function deleteFavorite(tx: Database, uid: string, stationId: number): Promise<boolean> {
  const deleted = await tx
    .delete(favorites)
    .where(and(eq(favorites.user_id, uid), eq(favorites.battlestation_id, stationId)))
    .returning({ user_id: favorites.user_id });
  return deleted.length > 0;
}

/** Moves the counter by `delta` (an atomic row update) and returns the new value. */
export async function adjustFavoriteCount(tx: Database, stationId: number, delta: number): Promise<number> {
  const [row] = await tx
    .update(battlestations)
    .set({ favorites: sql`${battlestations.favorites} + ${delta}` })
    .where(eq(battlestations.battlestation_id, stationId))
    .returning({ favorites: battlestations.favorites });
  return row?.favorites ?? 0;
}

export async function readFavoriteCount(tx: Database, stationId: number): Promise<number> {
  const [row] = await tx
    .select({ favorites: battlestations.favorites })
    .from(battlestations)
    .where(eq(battlestations.battlestation_id, stationId));
  return row?.favorites ?? 0;
}

export async function isFavoritedBy(db: Database, uid: string, stationId: number): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(favorites)
    .where(and(eq(favorites.user_id, uid), eq(favorites.battlestation_id, stationId)))
    .limit(1);
  return Boolean(row);
}
