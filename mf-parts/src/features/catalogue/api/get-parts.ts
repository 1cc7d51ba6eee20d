import { apiRequest, queryKeys } from '@battledeck/shared/api';
import type { PartsListParams, PartsListResponse } from '@battledeck/shared/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** GET /parts: one page of the catalogue (the server sorts, filters and searches). */
export function getParts(params: PartsListParams, signal?: AbortSignal): Promise<PartsListResponse> {
  return apiRequest<PartsListResponse>('/parts', { query: { ...params }, signal, cache: 'no-cache' });
}

export function partsQueryOptions(params: PartsListParams) {
  return queryOptions({
    queryKey: queryKeys.parts.list(params),
    queryFn: ({ signal }) => getParts(params, signal),
  });
}

export function useParts(params: PartsListParams) {
  return useQuery(partsQueryOptions(params));
}
