import { queryKeys } from '@battledeck/shared/api';
import { sessionStore } from '@battledeck/shared/session';
import type { LoginRedirectState } from '@battledeck/shared/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';

const SIGN_OUT_WAIT_MS = 5000;
const LEAVE_WAIT_MS = 3000;

/** Resolves once the shell has written the signed-out state (Firebase reports it asynchronously). */
function signedOut(): Promise<void> {
  return new Promise((resolve) => {
    if (!sessionStore.getState().user) return resolve();
    const timer = setTimeout(done, SIGN_OUT_WAIT_MS);
    const unsubscribe = sessionStore.subscribe((state) => {
      if (!state.user) done();
    });
    function done() {
      clearTimeout(timer);
      unsubscribe();
      resolve();
    }
  });
}

/**
 * Signs out after the account's sessions ended (e-mail or password change, account deletion) and leaves:
 * - to '/login' (SPEC §4: "Changing email logs the user out"): only once signed out, or the login page would
 *   see a signed-in user and send them away again; signing in returns to `from`.
 * - to '/' (account deletion): first, and only once the profile area has gone (the router renders a
 *   navigation as a transition), so its sign-in guard never sends the user to the login page instead.
 * The user's cached data goes; lists that showed their stations refresh.
 */
export function useLeaveSignedOut() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const onUnmount = useRef<(() => void) | null>(null);
  useEffect(() => () => onUnmount.current?.(), []);

  return useCallback(
    async (to: '/login' | '/', from?: string) => {
      const uid = sessionStore.getState().user?.uid;
      const signOut = sessionStore.getState().signOut;
      if (to === '/') {
        const left = new Promise<void>((resolve) => {
          onUnmount.current = resolve;
          setTimeout(resolve, LEAVE_WAIT_MS);
        });
        navigate('/', { replace: true });
        await left;
        await signOut();
      } else {
        await signOut();
        await signedOut();
        const state: LoginRedirectState = { from };
        navigate('/login', { replace: true, state });
      }
      if (uid) queryClient.removeQueries({ queryKey: queryKeys.users.profile(uid) });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.battlestations.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.parts.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.all }),
      ]);
    },
    [navigate, queryClient],
  );
}
