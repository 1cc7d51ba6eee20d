import { apiRequest, queryKeys } from '@battledeck/shared/api';
import type { BrokenLinksResponse } from '@battledeck/shared/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

export interface BrokenLinksParams {
  pageNumber: number;
  resultsPerPage: number;
}

/** ['admin', 'store-links', …]: under the admin prefix, so admin-wide invalidation reaches it too. */
export const storeLinksKeys = {
  all: [...queryKeys.admin.all, 'store-links'] as const,
  broken: (params: BrokenLinksParams) => [...queryKeys.admin.all, 'store-links', 'broken', params] as const,
};

/** GET /admin/store-links/broken: one page of the links the checker found broken. */
export function getBrokenLinks(params: BrokenLinksParams, signal?: AbortSignal): Promise<BrokenLinksResponse> {
  return apiRequest<BrokenLinksResponse>('/admin/store-links/broken', { query: { ...params }, auth: 'required', signal });
}

export function brokenLinksQueryOptions(params: BrokenLinksParams) {
  return queryOptions({
    queryKey: storeLinksKeys.broken(params),
    queryFn: ({ signal }) => getBrokenLinks(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useBrokenLinks(params: BrokenLinksParams) {
  return useQuery(brokenLinksQueryOptions(params));
}
