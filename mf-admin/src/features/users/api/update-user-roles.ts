import { apiRequest, queryKeys } from '@battledeck/shared/api';
import type { AdminUser, RolesBody } from '@battledeck/shared/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** PUT /admin/users/{uid}/roles: grants or revokes admin and moderator. */
export function updateUserRoles({ uid, roles }: { uid: string; roles: RolesBody }): Promise<AdminUser> {
  return apiRequest<AdminUser>(`/admin/users/${encodeURIComponent(uid)}/roles`, { method: 'PUT', auth: 'required', json: roles });
}

export function useUpdateUserRoles() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUserRoles,
    onSuccess: (_user, { uid }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.users.profile(uid) }),
      ]),
  });
}
