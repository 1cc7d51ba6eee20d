import type { FavoriteBody, FavoriteResponse } from '@battledeck/shared/contract';
import type { AuthUser } from '../auth/auth-user';
import type { Database } from '../db/database';
import {
  adjustFavoriteCount,
  deleteFavorite,
  insertFavorite,
  readFavoriteCount,
} from '../repositories/battlestation-favorites-repository';
import { findBattlestation } from '../repositories/battlestations-repository';
import { assertVisible } from './battlestation-access';

/**
 * PUT /battlestations/favorites/{id}: idempotent. The row and the counter change in one transaction, the
 * counter by exactly the rows changed, so repeated or concurrent clicks keep the count equal to the rows.
 * A station the caller may not see answers 404 (decision 7).
 */
export async function setFavorite(db: Database, user: AuthUser, id: number, action: FavoriteBody['action']): Promise<FavoriteResponse> {
  return db.transaction(async (tx) => {
    assertVisible(user, await findBattlestation(tx, id));
    let favorites: number;
    if (action === 'add') {
      favorites = (await insertFavorite(tx, user.uid, id)) ? await adjustFavoriteCount(tx, id, 1) : await readFavoriteCount(tx, id);
    } else {
      favorites = (await deleteFavorite(tx, user.uid, id)) ? await adjustFavoriteCount(tx, id, -1) : await readFavoriteCount(tx, id);
    }
    return { favorites, is_favorited: action === 'add' ? 1 : 0 };
  });
}
