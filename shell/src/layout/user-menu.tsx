import { canUseAdmin, useSession } from '@battledeck/shared/session';
import { Link } from 'react-router-dom';
import styles from './menus.module.css';
import { usePopover } from './use-popover';

/** Links of a signed-in user's menu (SPEC "Shared layout"); Admin for admins and moderators (decision 5). */
export function accountLinks(showAdmin: boolean) {
  return [
    ...(showAdmin ? [{ to: '/admin', label: 'Admin' }] : []),
    { to: '/profile', label: 'Profile' },
    { to: '/profile/battlestations', label: 'My Battlestations' },
    { to: '/profile/favorites', label: 'Favorites' },
  ];
}

/** The avatar (first letter of the display name) and its menu. */
export function UserMenu() {
  const session = useSession();
  const { open, close, containerRef, buttonProps, popupProps } = usePopover();
  if (!session.user) return null;
  const name = session.user.displayName || session.user.email;
  return (
    <div className={styles.wrap} ref={containerRef}>
      <button className={styles.avatar} {...buttonProps} aria-label={`Account menu for ${name}`}>
        <span aria-hidden="true">{name.charAt(0)}</span>
      </button>
      <ul className={`${styles.popup} ${styles.alignEnd}`} {...popupProps}>
        {open && (
          <>
            <li className={styles.signedInAs}>Signed in as {name}</li>
            {accountLinks(canUseAdmin(session)).map((link) => (
              <li key={link.to}>
                <Link className={styles.item} to={link.to}>
                  {link.label}
                </Link>
              </li>
            ))}
            <li className={styles.separated}>
              <button
                className={styles.item}
                type="button"
                onClick={() => {
                  close();
                  void session.signOut();
                }}
              >
                Logout
              </button>
            </li>
          </>
        )}
      </ul>
    </div>
  );
}
