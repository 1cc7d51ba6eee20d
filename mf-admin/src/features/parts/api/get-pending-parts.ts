import { apiRequest, queryKeys } from '@battledeck/shared/api';
import type { PendingPart } from '@battledeck/shared/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** GET /parts/pending: the part requests, pending ones first. */
export function getPendingParts(signal?: AbortSignal): Promise<PendingPart[]> {
  return apiRequest<PendingPart[]>('/parts/pending', { auth: 'required', signal });
}

export function pendingPartsQueryOptions() {
  return queryOptions({ queryKey: queryKeys.parts.pending(), queryFn: ({ signal }) => getPendingParts(signal) });
}

export function usePendingParts() {
  return useQuery(pendingPartsQueryOptions());
}
