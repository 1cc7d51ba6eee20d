import { apiRequest, queryKeys } from '@battledeck/shared/api';
import type { UpdateUserBody, UpdateUserResponse } from '@battledeck/shared/contract';
import { sessionStore } from '@battledeck/shared/session';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** PUT /users/{uid} with only the changed fields. */
export function updateProfile(uid: string, body: UpdateUserBody): Promise<UpdateUserResponse> {
  return apiRequest<UpdateUserResponse>(`/users/${encodeURIComponent(uid)}`, { method: 'PUT', json: body, auth: 'required' });
}

/**
 * On success the profile is refetched (SPEC §4) and everything showing the username refreshes: station
 * cards and lists, the profile tables, a part's station list, the admin lists. The top bar's avatar reads the
 * display name from the session store, which the shell fills only when the auth state changes; the server's
 * answer is exactly what the shell would load, so it is written there (the one write from a remote).
 */
export function useUpdateProfile(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateUserBody) => updateProfile(uid, body),
    onSuccess: async ({ profile, signedOut }) => {
      if (signedOut) return;
      queryClient.setQueryData(queryKeys.users.profile(uid), profile);
      sessionStore.setState((state) =>
        state.user?.uid === uid ? { user: { ...state.user, displayName: profile.username, email: profile.email } } : {},
      );
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.users.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.battlestations.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.parts.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.all }),
      ]);
    },
  });
}
