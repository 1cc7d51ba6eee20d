import { apiRequest, queryKeys } from '@battledeck/shared/api';
import type { UserBattlestationsResponse } from '@battledeck/shared/contract';
import { useSession } from '@battledeck/shared/session';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** GET /users/{uid}/battlestations: the signed-in user's stations, private ones included. */
export function getMyBattlestations(uid: string): Promise<UserBattlestationsResponse> {
  return apiRequest<UserBattlestationsResponse>(`/users/${encodeURIComponent(uid)}/battlestations`, { auth: 'required' });
}

export function myBattlestationsQueryOptions(uid: string) {
  return queryOptions({
    queryKey: queryKeys.users.battlestations(uid),
    queryFn: () => getMyBattlestations(uid),
  });
}

export function useMyBattlestations() {
  const uid = useSession((s) => s.user?.uid) ?? '';
  return useQuery({ ...myBattlestationsQueryOptions(uid), enabled: uid !== '' });
}
