import { apiRequest } from '@battledeck/shared/api';
import { useMutation } from '@tanstack/react-query';

/** DELETE /users/{uid}: the account with its stations, photos and favorites. */
export function deleteAccount(uid: string): Promise<void> {
  return apiRequest<void>(`/users/${encodeURIComponent(uid)}`, { method: 'DELETE', auth: 'required' });
}

type Wrap = <T>(run: () => Promise<T>) => Promise<T>;
const direct: Wrap = (run) => run();

/**
 * The caller signs out and leaves; the cache is then reset (see useLeaveSignedOut). `withRecentSignIn`
 * (useRecentSignIn) asks for the password when the API wants a recent sign-in, and retries: the mutation
 * stays pending meanwhile.
 */
export function useDeleteAccount(uid: string, withRecentSignIn: Wrap = direct) {
  return useMutation({ mutationFn: () => withRecentSignIn(() => deleteAccount(uid)) });
}
