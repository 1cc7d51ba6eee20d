import { apiRequest, queryKeys } from '@battledeck/shared/api';
import type { StoreOption } from '@battledeck/shared/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** GET /stores/all: every store's id and name, for the part form's store chooser. */
export function getStoreOptions(signal?: AbortSignal): Promise<StoreOption[]> {
  return apiRequest<StoreOption[]>('/stores/all', { signal });
}

export function storeOptionsQueryOptions() {
  return queryOptions({ queryKey: queryKeys.stores.options(), queryFn: ({ signal }) => getStoreOptions(signal) });
}

export function useStoreOptions() {
  return useQuery(storeOptionsQueryOptions());
}
