import { apiRequest, queryKeys } from '@battledeck/shared/api';
import type { PairedPart } from '@battledeck/shared/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** GET /parts/id/{id}/paired: parts listed with this one on public stations more often than chance. */
export function getPairedParts(id: number, signal?: AbortSignal): Promise<PairedPart[]> {
  return apiRequest<PairedPart[]>(`/parts/id/${id}/paired`, { signal, cache: 'no-cache' });
}

export function pairedPartsQueryOptions(id: number) {
  return queryOptions({
    queryKey: queryKeys.parts.paired(id),
    queryFn: ({ signal }) => getPairedParts(id, signal),
  });
}

export function usePairedParts(id: number) {
  return useQuery(pairedPartsQueryOptions(id));
}
