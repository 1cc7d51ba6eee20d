import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useSession } from '@battledeck/shared/session';
import { PageSkeleton } from './loading';

/** Where a redirect to /login came from, so sign-in can return there. */
export interface LoginRedirectState {
  from?: string;
  referrer?: 'register' | 'passwordReset';
}

/**
 * Shows its children to signed-in users; while the session loads shows `loading` (a skeleton by default);
 * without a user goes to /login remembering where it came from (SPEC "Protected routes").
 */
export function RequireAuth({ children, loading }: { children: ReactNode; loading?: ReactNode }) {
  const user = useSession((s) => s.user);
  const isLoading = useSession((s) => s.loading);
  const location = useLocation();
  if (isLoading) return <>{loading ?? <PageSkeleton />}</>;
  if (!user) {
    const state: LoginRedirectState = { from: `${location.pathname}${location.search}${location.hash}` };
    return <Navigate to="/login" replace state={state} />;
  }
  return <>{children}</>;
}
