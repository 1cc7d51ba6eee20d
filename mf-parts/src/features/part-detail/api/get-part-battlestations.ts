import { apiRequest, queryKeys } from '@battledeck/shared/api';
import type { BattlestationsListResponse } from '@battledeck/shared/contract';
import { PAGE_NUMBER_MAX } from '@battledeck/shared/plain-contract';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** GET /parts/id/{id}/battlestations?page_number=N: public battlestations using the part, 10 a page, newest first. */
export function getPartBattlestations(id: number, page: number, signal?: AbortSignal): Promise<BattlestationsListResponse> {
  return apiRequest<BattlestationsListResponse>(`/parts/id/${id}/battlestations`, { query: { page_number: page }, signal, cache: 'no-cache' });
}

/** The page asked for in `?page=`; anything else (absent, not a page number, past the API's limit) is the first. */
export function stationsPageOf(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page >= 1 && page <= PAGE_NUMBER_MAX ? page : 1;
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
