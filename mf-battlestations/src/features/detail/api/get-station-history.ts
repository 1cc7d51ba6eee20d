import { apiRequest, queryKeys } from '@battledeck/shared/api';
import type { StationHistoryResponse } from '@battledeck/shared/contract';
import { useSession } from '@battledeck/shared/session';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';

/** GET /battlestations/id/{id}/history: one page, newest first; sends the token (the owner and staff see more). */
export function getStationHistory(id: number, cursor: number | null, signal?: AbortSignal): Promise<StationHistoryResponse> {
  return apiRequest<StationHistoryResponse>(`/battlestations/id/${id}/history`, { auth: 'optional', query: { cursor }, signal });
}

/** The answer depends on who asks, so the viewer is part of the key; every station write invalidates it. */
export function stationHistoryQueryOptions(id: number, viewer: string | null) {
  return infiniteQueryOptions({
    queryKey: [...queryKeys.battlestations.history(id), { viewer }] as const,
    queryFn: ({ pageParam, signal }) => getStationHistory(id, pageParam, signal),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.next_cursor,
  });
}

/**
 * The server renders the visitor's first page with the station (server.tsx, in parallel with its other
 * reads); a signed-in viewer's own answer follows once the session is known (the owner's token is sent), the
 * visitor's entries shown meanwhile.
 */
export function useStationHistory(id: number) {
  const loading = useSession((s) => s.loading);
  const viewer = useSession((s) => s.user?.uid ?? null);
  return useInfiniteQuery({ ...stationHistoryQueryOptions(id, viewer), enabled: !loading, placeholderData: (previous) => previous });
}
