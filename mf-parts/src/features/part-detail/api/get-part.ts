import { apiRequest, queryKeys } from '@battledeck/shared/api';
import type { PartDetail } from '@battledeck/shared/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** GET /parts/id/{id}: a part with its category, manufacturer link and store links. */
export function getPart(id: number, signal?: AbortSignal): Promise<PartDetail> {
  return apiRequest<PartDetail>(`/parts/id/${id}`, { signal, cache: 'no-cache' });
}

export function partQueryOptions(id: number) {
  return queryOptions({
    queryKey: queryKeys.parts.detail(id),
    queryFn: ({ signal }) => getPart(id, signal),
  });
}

export function usePart(id: number) {
  return useQuery(partQueryOptions(id));
}
