import { apiRequest, queryKeys } from '@battledeck/shared/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** DELETE /users/{id}: an admin deletes an account with its battlestations, photos and favorites. */
export function deleteUser(uid: string): Promise<void> {
  return apiRequest<void>(`/users/${encodeURIComponent(uid)}`, { method: 'DELETE', auth: 'required' });
}

/** Their stations leave every list and count: battlestations, parts' counts, profiles, admin lists and figures. */
export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.users.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.battlestations.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.parts.all }),
      ]),
  });
}
