import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/database';
import { battlestations, users } from '../db/schema';
import { battlestationCardColumns, isPublicStation, type BattlestationCardRow } from './battlestations-repository';

/** A public station's card (name, owner, counts, first photo and its size), or undefined: private ones are never embedded. */
export async function findPublicStationCard(db: Database, id: number): Promise<BattlestationCardRow | undefined> {
  const [row] = await db
    .select(battlestationCardColumns)
    .from(battlestations)
    .innerJoin(users, eq(users.user_id, battlestations.user_id))
    .where(and(eq(battlestations.battlestation_id, id), isPublicStation))
    .limit(1);
  return row;
}
