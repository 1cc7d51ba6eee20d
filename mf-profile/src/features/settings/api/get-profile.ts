import { apiRequest, queryKeys } from '@battledeck/shared/api';
import type { UserProfile } from '@battledeck/shared/contract';
import { useSession } from '@battledeck/shared/session';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** GET /users/{uid}: the signed-in user's profile (username, e-mail, roles). */
export function getProfile(uid: string): Promise<UserProfile> {
  return apiRequest<UserProfile>(`/users/${encodeURIComponent(uid)}`, { auth: 'required' });
}

export function profileQueryOptions(uid: string) {
  return queryOptions({
    queryKey: queryKeys.users.profile(uid),
    queryFn: () => getProfile(uid),
  });
}

export function useProfile() {
  const uid = useSession((s) => s.user?.uid) ?? '';
  return useQuery({ ...profileQueryOptions(uid), enabled: uid !== '' });
}
