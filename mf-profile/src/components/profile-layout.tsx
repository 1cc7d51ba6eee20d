import { Spinner } from '@battledeck/shared/ui';
import { DesktopOutlined, HeartOutlined, UserOutlined } from '@ant-design/icons';
import { Suspense, type ReactNode } from 'react';
import { Link, Outlet, useLocation } from 'react-router-dom';
import styles from './profile-layout.module.css';

interface NavItem {
  to: string;
  label: string;
  icon: ReactNode;
  /** Further paths (relative to the profile area; '' is its index) where the item is the current one. */
  alsoAt?: string[];
}

const NAV: NavItem[] = [
  { to: 'settings', label: 'Account', icon: <UserOutlined />, alsoAt: [''] },
  { to: 'battlestations', label: 'Battlestations', icon: <DesktopOutlined /> },
  { to: 'favorites', label: 'Favorites', icon: <HeartOutlined /> },
];

function trimSlash(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

/**
 * The profile area's menu: a side menu from medium screens up, tabs along the top on phones (SPEC "Profile
 * area"). Links are absolute from `basePath`: relative ones would resolve against the shell's splat route.
 */
export function ProfileLayout({ basePath }: { basePath: string }) {
  const current = trimSlash(useLocation().pathname);
  const base = trimSlash(basePath);
  const pathOf = (path: string) => (path ? `${base}/${path}` : base);
  const isCurrent = (item: NavItem) => [item.to, ...(item.alsoAt ?? [])].some((path) => current === pathOf(path));

  return (
    <div className={`page ${styles.layout}`}>
      <nav className={styles.nav} aria-label="Profile">
        <ul className={styles.list}>
          {NAV.map((item) => (
            <li key={item.to}>
              <Link to={pathOf(item.to)} className={styles.link} aria-current={isCurrent(item) ? 'page' : undefined}>
                <span className={styles.icon} aria-hidden="true">
                  {item.icon}
                </span>
                {item.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className={styles.content}>
        <Suspense fallback={<Spinner />}>
          <Outlet />
        </Suspense>
      </div>
    </div>
  );
}
