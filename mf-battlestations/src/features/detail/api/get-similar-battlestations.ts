import { apiRequest, queryKeys } from '@battledeck/shared/api';
import type { BattlestationCard } from '@battledeck/shared/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** GET /battlestations/id/{id}/similar: public stations like this one (sends the token for a private station's owner). */
export function getSimilarBattlestations(id: number, signal?: AbortSignal): Promise<BattlestationCard[]> {
  return apiRequest<BattlestationCard[]>(`/battlestations/id/${id}/similar`, { auth: 'optional', signal });
}

/** The same list for everyone who may see the station, so the viewer is not part of the key. */
export function similarBattlestationsQueryOptions(id: number) {
  return queryOptions({
    queryKey: queryKeys.battlestations.similar(id),
    queryFn: ({ signal }) => getSimilarBattlestations(id, signal),
  });
}

export function useSimilarBattlestations(id: number) {
  return useQuery(similarBattlestationsQueryOptions(id));
}
