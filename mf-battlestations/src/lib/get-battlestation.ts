import { apiRequest, queryKeys } from '@battledeck/shared/api';
import type { BattlestationDetail } from '@battledeck/shared/contract';
import { useSession } from '@battledeck/shared/session';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** GET /battlestations/id/{id}: sends the token when signed in (is_favorited, private stations). */
export function getBattlestation(id: number, signal?: AbortSignal): Promise<BattlestationDetail> {
  return apiRequest<BattlestationDetail>(`/battlestations/id/${id}`, { auth: 'optional', signal });
}

/**
 * The answer depends on who asks (is_favorited, access to a private station), so the viewer is part of
 * the key; it stays under `queryKeys.battlestations.detail(id)`, which every mutation invalidates.
 */
export function battlestationQueryOptions(id: number, viewer: string | null) {
  return queryOptions({
    queryKey: [...queryKeys.battlestations.detail(id), { viewer }] as const,
    queryFn: ({ signal }) => getBattlestation(id, signal),
  });
}

/** Every viewer's cached copy of the station's page (not its part list, which shares the prefix). */
export function stationPagesFilter(id: number) {
  return {
    queryKey: queryKeys.battlestations.detail(id),
    predicate: (query: { queryKey: readonly unknown[] }) => typeof query.queryKey[3] === 'object' && query.queryKey[3] !== null,
  };
}

/**
 * The station as the current viewer sees it; waits for the session so the owner's token is sent. While the
 * signed-in viewer's copy loads, the page keeps showing the one it has of the same station (the server's,
 * rendered for a visitor), instead of a skeleton that would drop the focus and an open photo or dialog.
 */
export function useBattlestation(id: number) {
  const loading = useSession((s) => s.loading);
  const viewer = useSession((s) => s.user?.uid ?? null);
  return useQuery({
    ...battlestationQueryOptions(id, viewer),
    enabled: !loading && Number.isInteger(id) && id > 0,
    // Only a visitor's copy stands in: another viewer's may hold what this one may not see (a private station).
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2] === id && previousQuery.queryKey[3].viewer === null ? previous : undefined),
  });
}

/** Owner or staff (admin, moderator) may edit (decisions 5-6). */
export function useCanEdit(station: Pick<BattlestationDetail, 'user_id'> | undefined): boolean {
  return useSession((s) => Boolean(station && s.user && (s.user.uid === station.user_id || s.isAdmin || s.isModerator)));
}
