import { BRAND } from '@battledeck/shared/format';
import { useSession } from '@battledeck/shared/session';
import { MenuIcon, PlusIcon } from '@battledeck/shared/ui';
import { lazy, Suspense, useState } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { PartsMenu } from './parts-menu';
import styles from './top-bar.module.css';
import { UserMenu } from './user-menu';

const MobileDrawer = lazy(() => import('./mobile-drawer'));

/** Login/Register, the avatar, or a placeholder while the session loads. */
function Account() {
  const user = useSession((s) => s.user);
  const loading = useSession((s) => s.loading);
  if (loading) return <span className={styles.accountPending} aria-hidden="true" />;
  if (user) return <UserMenu />;
  return (
    <>
      <Link className={styles.buttonLink} to="/login">
        Login
      </Link>
      <Link className={styles.buttonLink} to="/register">
        Register
      </Link>
    </>
  );
}

export function TopBar() {
  const [drawerOpen, setDrawerOpen] = useState(false);
  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <Link to="/" className={styles.logo} aria-label={`${BRAND} home`}>
          <img src="/favicon.svg" alt="" width={32} height={32} />
          <span aria-hidden="true">{BRAND}</span>
        </Link>
        <nav className={styles.nav} aria-label="Main">
          <NavLink className={styles.navLink} to="/battlestations">
            View Battlestations
          </NavLink>
          <PartsMenu />
        </nav>
        <span className={styles.spacer} />
        <Link className={styles.newBuild} to="/battlestations/new">
          <PlusIcon /> New Build
        </Link>
        <div className={styles.account}>
          <Account />
        </div>
        <button
          type="button"
          className={styles.menuButton}
          aria-label="Open menu"
          aria-haspopup="dialog"
          aria-expanded={drawerOpen}
          onClick={() => setDrawerOpen(true)}
        >
          <MenuIcon />
        </button>
      </div>
      {drawerOpen && (
        <Suspense fallback={null}>
          <MobileDrawer onClose={() => setDrawerOpen(false)} />
        </Suspense>
      )}
    </header>
  );
}
