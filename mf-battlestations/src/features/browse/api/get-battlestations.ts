import { apiRequest, queryKeys } from '@battledeck/shared/api';
import type { BattlestationSort, BattlestationsListResponse, ColourFamily, Direction, MainUse, MonitorFilter } from '@battledeck/shared/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';

export interface BattlestationsParams {
  pageNumber: number;
  resultsPerPage: number;
  sortBy: BattlestationSort;
  direction: Direction;
  searchTerm?: string;
  monitorCount?: MonitorFilter;
  mainUse?: MainUse;
  colourFamily?: ColourFamily;
}

/** GET /battlestations: a page of public stations and the total. */
export function getBattlestations(params: BattlestationsParams, signal?: AbortSignal): Promise<BattlestationsListResponse> {
  return apiRequest<BattlestationsListResponse>('/battlestations', { query: { ...params }, signal });
}

export function battlestationsQueryOptions(params: BattlestationsParams) {
  return queryOptions({
    queryKey: queryKeys.battlestations.list(params),
    queryFn: ({ signal }) => getBattlestations(params, signal),
  });
}

export function useBattlestations(params: BattlestationsParams) {
  return useQuery(battlestationsQueryOptions(params));
}
