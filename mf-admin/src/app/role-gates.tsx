import { canUseAdmin, useSession } from '@battledeck/shared/session';
import { Spinner } from '@battledeck/shared/ui';
import type { ReactNode } from 'react';
import { NotAdmin } from '../components/not-admin';

/** The whole area: admins and moderators (the shell checks too; this covers the standalone dev page). */
export function RequireStaff({ children }: { children: ReactNode }) {
  const session = useSession();
  if (session.loading) return <Spinner label="Checking access" />;
  if (!canUseAdmin(session)) {
    return (
      <div className="page">
        <NotAdmin />
      </div>
    );
  }
  return <>{children}</>;
}

/** Stores and users: admins only; moderators get the spec's message (decision 5). */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const isAdmin = useSession((s) => s.isAdmin);
  return isAdmin ? <>{children}</> : <NotAdmin />;
}
