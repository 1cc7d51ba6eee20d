import type { StationPart } from '@battledeck/shared/contract';
import type { AuthUser } from '../auth/auth-user';
import type { Database } from '../db/database';
import { findStationPartList } from '../repositories/station-parts-repository';
import { assertVisible } from './battlestation-access';

/** GET /battlestations/id/{id}/parts: the whole parts (issue 20), with the station's visibility rule (404 when hidden). */
export async function getStationParts(db: Database, user: AuthUser | null, id: number): Promise<{ parts: StationPart[]; isPublic: boolean }> {
  const station = assertVisible(user, await findStationPartList(db, id));
  return { parts: station.parts, isPublic: station.is_public };
}
