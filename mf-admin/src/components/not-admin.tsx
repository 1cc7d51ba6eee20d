import { MESSAGES } from '@battledeck/shared/format';
import { usePageTitle } from '@battledeck/shared/ui';

/** For a section the role may not use (decision 5): moderators on stores and users. */
export function NotAdmin() {
  usePageTitle('Admin');
  return (
    <section aria-labelledby="not-admin-heading">
      <h1 id="not-admin-heading">Admin</h1>
      <p role="alert">{MESSAGES.notAdmin}</p>
    </section>
  );
}
