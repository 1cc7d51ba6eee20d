import type { BattlestationCard } from '@battledeck/shared/contract';
import type { Database } from '../db/database';
import { MESSAGES, notFound } from '../errors';
import { listUserBattlestations, listUserFavorites } from '../repositories/user-battlestations-repository';
import { findUserById } from '../repositories/users-repository';
import { toBattlestationCard } from './battlestation-cards';

async function assertUserExists(db: Database, uid: string): Promise<void> {
  if (!(await findUserById(db, uid))) throw notFound(MESSAGES.userNotFound);
}

/** GET /users/{id}/battlestations: the profile's "My Battlestations" table, private stations included. */
export async function getUserBattlestations(db: Database, uid: string): Promise<BattlestationCard[]> {
  const rows = await listUserBattlestations(db, uid);
  if (rows.length === 0) await assertUserExists(db, uid);
  return rows.map(toBattlestationCard);
}

/** GET /users/{id}/favorites: what the user favorited and may still see (decision 7). */
export async function getUserFavorites(db: Database, uid: string): Promise<BattlestationCard[]> {
  const rows = await listUserFavorites(db, uid);
  if (rows.length === 0) await assertUserExists(db, uid);
  return rows.map(toBattlestationCard);
}
