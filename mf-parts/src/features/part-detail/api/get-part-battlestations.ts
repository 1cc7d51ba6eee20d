import { apiRequest, queryKeys } from '@battledeck/shared/api';
import type { BattlestationsListResponse } from '@battledeck/shared/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** GET /parts/id/{id}/battlestations?page_number=N: public battlestations using the part, 10 a page, newest first. */
export function getPartBattlestations(id: number, page: number, signal?: AbortSignal): Promise<BattlestationsListResponse> {
  return apiRequest<BattlestationsListResponse>(`/parts/id/${id}/battlestations`, { query: { page_number: page }, signal, cache: 'no-cache' });
}

export function partBattlestationsQueryOptions(id: number, page: number) {
  return queryOptions({
    queryKey: queryKeys.parts.battlestations(id, page),
    queryFn: ({ signal }) => getPartBattlestations(id, page, signal),
  });
}

export function usePartBattlestations(id: number, page: number) {
  return useQuery(partBattlestationsQueryOptions(id, page));
}
