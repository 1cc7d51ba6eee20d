import { queryOptions } from '@tanstack/react-query';
import type { StationPart } from '../contract/station-parts';
import { apiRequest } from './client';
import { queryKeys } from './query-keys';

/** GET /battlestations/id/{id}/parts: a station's whole parts (the copy dialog of two bundles uses it). */
export function getBattlestationParts(id: number): Promise<StationPart[]> {
  return apiRequest<StationPart[]>(`/battlestations/id/${id}/parts`, { auth: 'optional' });
}

export function battlestationPartsQueryOptions(id: number | undefined) {
  return queryOptions({
    queryKey: queryKeys.battlestations.parts(id ?? 0),
    // No id, no call: an empty list (SPEC §7).
    queryFn: () => (id ? getBattlestationParts(id) : Promise.resolve([])),
  });
}
