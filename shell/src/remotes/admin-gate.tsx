import { MESSAGES } from '@battledeck/shared/format';
import { canUseAdmin, useSession } from '@battledeck/shared/session';
import { Spinner, usePageTitle } from '@battledeck/shared/ui';
import { RemoteSection } from './remote-section';

function NotAdmin() {
  usePageTitle('Admin');
  return (
    <div className="page">
      <h1>Admin</h1>
      <p role="alert">{MESSAGES.notAdmin}</p>
    </div>
  );
}

/**
 * /admin/*: the admin remote is requested only for admins and moderators (decision 5); others get the
 * message without downloading the bundle. A hexagon-like spinner shows while the session loads.
 */
export function AdminGate() {
  const session = useSession();
  if (session.loading) return <Spinner label="Checking access" />;
  if (!canUseAdmin(session)) return <NotAdmin />;
  return <RemoteSection name="mf_admin" basePath="/admin" />;
}
