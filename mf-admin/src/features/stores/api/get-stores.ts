import { apiRequest, queryKeys } from '@battledeck/shared/api';
import type { storesQuery, StoresListResponse } from '@battledeck/shared/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListParams } from '../../../lib/list-params';

type Params = ListParams<typeof storesQuery>;

/** GET /stores: one page of stores. */
export function getStores(params: Params, signal?: AbortSignal): Promise<StoresListResponse> {
  return apiRequest<StoresListResponse>('/stores', { query: { ...params }, signal });
}

export function storesQueryOptions(params: Params) {
  return queryOptions({
    queryKey: queryKeys.stores.list(params),
    queryFn: ({ signal }) => getStores(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useStores(params: Params) {
  return useQuery(storesQueryOptions(params));
}
