import { and, asc, between, max } from 'drizzle-orm';
import type { Database } from '../db/database';
import { battlestations, parts } from '../db/schema';
import { isPublicStation } from './battlestations-repository';

/** The last public station's id, 0 when there is none: a backward scan of the public ids' index. */
export async function lastPublicStationId(db: Database): Promise<number> {
  const [row] = await db.select({ last: max(battlestations.battlestation_id) }).from(battlestations).where(isPublicStation);
  return row?.last ?? 0;
}

/** The last part's id, 0 when there is none: a backward scan of the primary key. */
export async function lastPartId(db: Database): Promise<number> {
  const [row] = await db.select({ last: max(parts.part_id) }).from(parts);
  return row?.last ?? 0;
}

/** The public stations with ids from `first` to `last`, by id: a range of the primary key. */
export async function publicStationsBetween(db: Database, first: number, last: number): Promise<{ battlestation_id: number; updated_date: Date }[]> {
  return db
    .select({ battlestation_id: battlestations.battlestation_id, updated_date: battlestations.updated_date })
    .from(battlestations)
    .where(and(isPublicStation, between(battlestations.battlestation_id, first, last)))
    .orderBy(asc(battlestations.battlestation_id));
}

/** The parts with ids from `first` to `last`, by id (every part is public). */
export async function partsBetween(db: Database, first: number, last: number): Promise<{ part_id: number }[]> {
  return db.select({ part_id: parts.part_id }).from(parts).where(between(parts.part_id, first, last)).orderBy(asc(parts.part_id));
}
