import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { battlestations, users } from '../db/schema';
import { battlestationCardColumns, isPublicStation, type BattlestationCardRow } from './battlestations-repository';

/** A member as their people page shows them (SPEC decision 29): public things only. */

export interface MemberRow {
  user_id: string;
  username: string;
  created_date: Date;
}

/** The member whose name this is, ignoring case (index users_username_lower_key). */
export async function findMemberByName(db: Database, username: string): Promise<MemberRow | undefined> {
  const [row] = await db
    .select({ user_id: users.user_id, username: users.username, created_date: users.created_date })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`)
    .limit(1);
  return row;
}

const publicStationsOf = (uid: string) => and(eq(battlestations.user_id, uid), isPublicStation);

/** How many public stations the member has, and the favorites those stations have received. */
export async function memberTotals(db: Database, uid: string): Promise<{ station_count: number; favorites_received: number }> {
  const [row] = await db
    .select({
      station_count: sql<number>`count(*)::int`,
      favorites_received: sql<number>`coalesce(sum(${battlestations.favorites}), 0)::int`,
    })
    .from(battlestations)
    .where(publicStationsOf(uid));
  return row;
}

/** A page of the member's public stations as cards, newest first (index battlestations_user_idx). */
export async function listMemberStations(db: Database, uid: string, offset: number, limit: number): Promise<BattlestationCardRow[]> {
  return db
    .select(battlestationCardColumns)
    .from(battlestations)
    .innerJoin(users, eq(users.user_id, battlestations.user_id))
    .where(publicStationsOf(uid))
    .orderBy(desc(battlestations.created_date), desc(battlestations.battlestation_id))
    .offset(offset)
    .limit(limit);
}
