import { apiRequest, queryKeys } from '@battledeck/shared/api';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** GET /stores/count: how many stores exist ('Viewing X of Y stores.'). */
export function getStoreCount(signal?: AbortSignal): Promise<{ total: number }> {
  return apiRequest<{ total: number }>('/stores/count', { signal });
}

export function storeCountQueryOptions() {
  return queryOptions({ queryKey: queryKeys.stores.count(), queryFn: ({ signal }) => getStoreCount(signal) });
}

export function useStoreCount() {
  return useQuery(storeCountQueryOptions());
}
