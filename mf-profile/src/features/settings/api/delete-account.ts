import { apiRequest } from '@battledeck/shared/api';
import { useMutation } from '@tanstack/react-query';

/** DELETE /users/{uid}: the account with its stations, photos and favorites. */
export function deleteAccount(uid: string): Promise<void> {
  return apiRequest<void>(`/users/${encodeURIComponent(uid)}`, { method: 'DELETE', auth: 'required' });
}

/** The caller signs out and leaves; the cache is then reset (see useLeaveSignedOut). */
export function useDeleteAccount(uid: string) {
  return useMutation({ mutationFn: () => deleteAccount(uid) });
}
