import {
  PAIRED_MIN_SUPPORT,
  PAIRED_PARTS_COUNT,
  PART_NOT_FOUND,
  SIMILAR_STATIONS_COUNT,
  type BattlestationCard,
  type PairedPart,
} from '@battledeck/shared/contract';
import type { AuthUser } from '../auth/auth-user';
import type { Database } from '../db/database';
import { notFound } from '../errors';
import { findBattlestation, listFeaturedBattlestations, type BattlestationCardRow } from '../repositories/battlestations-repository';
import { listPairedParts, listPublicCards, rankSimilarStations } from '../repositories/discovery-repository';
import { findPartDetail } from '../repositories/parts-catalogue-repository';
import { assertVisible } from './battlestation-access';
import { toBattlestationCard } from './battlestation-cards';

/**
 * GET /battlestations/id/{id}/similar: public stations most like this one (decision 014), seen by whoever
 * may see the station. Fewer alike than the page shows (few parts, or only unique ones): filled up with the
 * featured order (most favorited, newest), so a station page always offers somewhere to go next.
 */
export async function getSimilarBattlestations(
  db: Database,
  user: AuthUser | null,
  id: number,
): Promise<{ stations: BattlestationCard[]; isPublic: boolean }> {
  // Ranked while the station is read (one round trip less); the ranking is dropped if the caller may not see it.
  const [found, ranked] = await Promise.all([findBattlestation(db, id), rankSimilarStations(db, id, SIMILAR_STATIONS_COUNT)]);
  const station = assertVisible(user, found);
  const cards = new Map((await listPublicCards(db, ranked.map((r) => r.battlestation_id))).map((c) => [c.battlestation_id, c]));
  const chosen = ranked.flatMap((r) => cards.get(r.battlestation_id) ?? []);
  if (chosen.length < SIMILAR_STATIONS_COUNT) {
    const taken = new Set([id, ...chosen.map((c) => c.battlestation_id)]);
    const fill = await listFeaturedBattlestations(db, SIMILAR_STATIONS_COUNT + taken.size);
    chosen.push(...fill.filter((row: BattlestationCardRow) => !taken.has(row.battlestation_id)).slice(0, SIMILAR_STATIONS_COUNT - chosen.length));
  }
  return { stations: chosen.map(toBattlestationCard), isPublic: station.is_public };
}

/** GET /parts/id/{id}/paired: parts listed with this one on public stations more often than chance. */
export async function getPairedParts(db: Database, partId: number): Promise<PairedPart[]> {
  const [part, paired] = await Promise.all([findPartDetail(db, partId), listPairedParts(db, partId, PAIRED_PARTS_COUNT, PAIRED_MIN_SUPPORT)]);
  if (!part) throw notFound(PART_NOT_FOUND);
  return paired;
}
