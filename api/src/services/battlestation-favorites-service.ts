import type { FavoriteBody, FavoriteResponse } from '@battledeck/shared/contract';
import type { AuthUser } from '../auth/auth-user';
import type { Database } from '../db/database';
import { notFound } from '../errors';
import {
  adjustFavoriteCount,
  deleteFavorite,
  insertFavorite,
  lockStationForFavorite,
  readFavoriteCount,
} from '../repositories/battlestation-favorites-repository';
import { canSeeStation, STATION_MESSAGES } from './battlestation-access';

/**
 * PUT /battlestations/favorites/{id}: idempotent. The row and the counter change in one transaction, the
 * counter by exactly the rows changed, so repeated or concurrent clicks keep the count equal to the rows.
 * A station the caller may not see answers 404 (decision 7). Taking a favorite off a station that has become
 * private since still takes it off, and off its count; the answer is that 404 all the same.
 */
export async function setFavorite(db: Database, user: AuthUser, id: number, action: FavoriteBody['action']): Promise<FavoriteResponse> {
  const answer = await db.transaction(async (tx): Promise<FavoriteResponse | null> => {
    const station = await lockStationForFavorite(tx, id);
    const visible = station !== undefined && canSeeStation(user, station);
    if (action === 'remove' && station && !visible) {
      if (await deleteFavorite(tx, user.uid, id)) await adjustFavoriteCount(tx, id, -1);
      return null;
    }
    if (!visible) return null;
    let favorites: number;
    if (action === 'add') {
      favorites = (await insertFavorite(tx, user.uid, id)) ? await adjustFavoriteCount(tx, id, 1) : await readFavoriteCount(tx, id);
    } else {
      favorites = (await deleteFavorite(tx, user.uid, id)) ? await adjustFavoriteCount(tx, id, -1) : await readFavoriteCount(tx, id);
    }
    return { favorites, is_favorited: action === 'add' ? 1 : 0 };
  });
  if (!answer) throw notFound(STATION_MESSAGES.notFound);
  return answer;
}
