import { apiRequest, queryKeys } from '@battledeck/shared/api';
import type { UserFavoritesResponse } from '@battledeck/shared/contract';
import { useSession } from '@battledeck/shared/session';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** GET /users/{uid}/favorites: the stations the signed-in user favorited and may still see. */
export function getFavorites(uid: string): Promise<UserFavoritesResponse> {
  return apiRequest<UserFavoritesResponse>(`/users/${encodeURIComponent(uid)}/favorites`, { auth: 'required' });
}

/** Under ['users', uid]: the battlestations remote's favorite toggle invalidates ['users'], so this refreshes. */
export function favoritesQueryOptions(uid: string) {
  return queryOptions({
    queryKey: queryKeys.users.favorites(uid),
    queryFn: () => getFavorites(uid),
  });
}

export function useFavorites() {
  const uid = useSession((s) => s.user?.uid) ?? '';
  return useQuery({ ...favoritesQueryOptions(uid), enabled: uid !== '' });
}
