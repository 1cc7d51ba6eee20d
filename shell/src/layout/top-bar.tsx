import { BRAND } from '@battledeck/shared/format';
import { useSession } from '@battledeck/shared/session';
import { MenuIcon, PlusIcon, useEarlyClick } from '@battledeck/shared/ui';
import { lazy, Suspense, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
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

/**
 * View Battlestations is current on the list and on a station's page, not on the forms under the same path:
 * there New Build (on /battlestations/new) or nothing (on an edit page) is current.
 */
function isBrowsingBattlestations(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '');
  if (!/^\/battlestations(\/|$)/i.test(path)) return false;
  return !/^\/battlestations\/(new|[^/]+\/edit)$/i.test(path);
}

export function TopBar() {
  const [drawerOpen, setDrawerOpen] = useState(false);
  useEarlyClick('menu', () => setDrawerOpen(true));
  const { pathname } = useLocation();
  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <Link to="/" className={styles.logo} aria-label={`${BRAND} home`}>
          <img src="/favicon.svg" alt="" width={32} height={32} />
          <span aria-hidden="true">{BRAND}</span>
        </Link>
        <nav className={styles.nav} aria-label="Main">
          <Link className={styles.navLink} to="/battlestations" aria-current={isBrowsingBattlestations(pathname) ? 'page' : undefined}>
            View Battlestations
          </Link>
          <PartsMenu />
        </nav>
        <span className={styles.spacer} />
        <NavLink className={styles.newBuild} to="/battlestations/new" end>
          <PlusIcon /> New Build
        </NavLink>
        <div className={styles.account}>
          <Account />
        </div>
        <button
          type="button"
          className={styles.menuButton}
          aria-label="Open menu"
          aria-haspopup="dialog"
          aria-expanded={drawerOpen}
          data-early-click="menu"
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
