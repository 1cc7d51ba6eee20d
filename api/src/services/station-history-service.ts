import type { StationChange, StationHistoryEntry, StationHistoryResponse } from '@battledeck/shared/contract';
import type { AuthUser } from '../auth/auth-user';
import type { Database } from '../db/database';
import { toIso } from '../lib/timestamps';
import { findBattlestation } from '../repositories/battlestations-repository';
import { listStationChanges, type StationChangeRow } from '../repositories/station-history-repository';
import { assertVisible, isOwnerOrStaff } from './battlestation-access';

/**
 * Who sees which history (decision 019). The owner and staff see every entry. Anyone else sees the history of
 * a public station only (404 otherwise, as the station itself), and in it only the saves after which the
 * station was public: what such a save changed was public before it (the station was public) and after it.
 * The one exception is the save that made the station public: what it replaced was private, so others see
 * only that it was made public, without any of its other changes or earlier values.
 */
export function visibleChanges(row: Pick<StationChangeRow, 'changes' | 'was_public'>, seesEverything: boolean): StationChange[] {
  if (seesEverything || row.was_public !== false) return row.changes;
  return [{ kind: 'visibility', is_public: true }];
}

function toEntry(row: StationChangeRow, seesEverything: boolean): StationHistoryEntry {
  return {
    change_id: row.change_id,
    changed_date: toIso(row.changed_date),
    username: row.username,
    is_public: row.is_public,
    changes: visibleChanges(row, seesEverything),
  };
}

export interface HistoryQuery {
  cursor?: number;
  limit: number;
}

/** GET /battlestations/id/{id}/history: one page, newest first, and whether the station is public now. */
export async function getStationHistory(
  db: Database,
  user: AuthUser | null,
  id: number,
  query: HistoryQuery,
): Promise<{ history: StationHistoryResponse; isPublic: boolean }> {
  const station = assertVisible(user, await findBattlestation(db, id));
  const seesEverything = isOwnerOrStaff(user, station);
  // One row more than the page tells whether an older page exists.
  const rows = await listStationChanges(db, id, { before: query.cursor, limit: query.limit + 1, publicOnly: !seesEverything });
  const page = rows.slice(0, query.limit);
  const next = rows.length > query.limit ? page[page.length - 1].change_id : null;
  return { history: { entries: page.map((row) => toEntry(row, seesEverything)), next_cursor: next }, isPublic: station.is_public };
}
