import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { battlestation_images, battlestation_parts, battlestations, favorites, users } from '../db/schema';
import { battlestationCardColumns, isPublicStation, type BattlestationCardRow } from './battlestations-repository';

/**
 * A user's own stations and favorites (the profile area), and what deleting the account removes.
 * `users` is joined as the station's owner, so cards carry the creator's username.
 */

/** Every station of the user, private ones included, newest first (index battlestations_user_idx). */
export async function listUserBattlestations(db: Database, uid: string): Promise<BattlestationCardRow[]> {
  return db
    .select(battlestationCardColumns)
    .from(battlestations)
    .innerJoin(users, eq(users.user_id, battlestations.user_id))
    .where(eq(battlestations.user_id, uid))
    .orderBy(desc(battlestations.created_date), desc(battlestations.battlestation_id));
}

/**
 * The stations the user favorited, most recently favorited first (index favorites_user_created_idx), that
 * the user may still see: public ones and their own private ones (decision 7).
 */
export async function listUserFavorites(db: Database, uid: string): Promise<BattlestationCardRow[]> {
  return db
    .select(battlestationCardColumns)
    .from(favorites)
    .innerJoin(battlestations, eq(battlestations.battlestation_id, favorites.battlestation_id))
    .innerJoin(users, eq(users.user_id, battlestations.user_id))
    .where(and(eq(favorites.user_id, uid), or(isPublicStation, eq(battlestations.user_id, uid))))
    .orderBy(desc(favorites.created_date), desc(favorites.battlestation_id));
}

/** Photo file names of all the user's stations (their files go once the rows are gone). */
export async function listUserStationImages(db: Database, uid: string): Promise<string[]> {
  const rows = await db
    .select({ image: battlestation_images.image })
    .from(battlestation_images)
    .innerJoin(battlestations, eq(battlestations.battlestation_id, battlestation_images.battlestation_id))
    .where(eq(battlestations.user_id, uid));
  return rows.map((r) => r.image);
}

/** Parts listed on any of the user's stations (their battlestation_count is recounted after the deletion). */
export async function listUserStationPartIds(db: Database, uid: string): Promise<number[]> {
  const rows = await db
    .selectDistinct({ part_id: battlestation_parts.part_id })
    .from(battlestation_parts)
    .innerJoin(battlestations, eq(battlestations.battlestation_id, battlestation_parts.battlestation_id))
    .where(eq(battlestations.user_id, uid));
  return rows.map((r) => r.part_id);
}

/**
 * Locks the user's stations and the stations they favorited, in one id-ordered statement: the stations
 * come before the parts and the kept rows in every writer (decision 013), and two sets locked one after the
 * other could cross a merge's or an edit's.
 */
export async function lockUserStationsAndFavorited(db: Database, uid: string): Promise<void> {
  await db
    .select({ id: battlestations.battlestation_id })
    .from(battlestations)
    .where(
      or(
        eq(battlestations.user_id, uid),
        inArray(battlestations.battlestation_id, db.select({ id: favorites.battlestation_id }).from(favorites).where(eq(favorites.user_id, uid))),
      ),
    )
    .orderBy(asc(battlestations.battlestation_id))
    .for('update');
}

/**
 * Removes the user's favorites and takes each one off the favorites counter of another user's station it was
 * on (the user's own stations are about to go). Call with those stations locked (lockUserStationsAndFavorited),
 * so a concurrent favorite toggle waits and then counts from the new value.
 */
export async function removeUserFavorites(db: Database, uid: string): Promise<void> {
  // One statement, whatever the number of favorites (a list of ids would be one parameter each, and a statement
  // takes at most 65,535). One favorite per user and station (primary key), so each station loses exactly one.
  await db.execute(sql`WITH removed AS (DELETE FROM ${favorites} WHERE ${favorites.user_id} = ${uid} RETURNING ${favorites.battlestation_id} AS id)
    UPDATE ${battlestations} SET favorites = ${battlestations.favorites} - 1
    WHERE ${battlestations.user_id} <> ${uid} AND ${battlestations.battlestation_id} IN (SELECT id FROM removed)`);
}

/** Deletes the user's stations; their photos, part links and favorites go with them (ON DELETE CASCADE). */
export async function deleteUserStations(db: Database, uid: string): Promise<number[]> {
  const deleted = await db
    .delete(battlestations)
    .where(eq(battlestations.user_id, uid))
    .returning({ id: battlestations.battlestation_id });
  return deleted.map((r) => r.id);
}

/** Ids of the user's stations (a username change rebuilds their search text). */
export async function listUserStationIds(db: Database, uid: string): Promise<number[]> {
  const rows = await db.select({ id: battlestations.battlestation_id }).from(battlestations).where(eq(battlestations.user_id, uid));
  return rows.map((r) => r.id);
}
