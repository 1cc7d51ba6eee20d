import { useSession } from '@battledeck/shared/session';
import { PageSkeleton } from '@battledeck/shared/ui';
import { Suspense } from 'react';
import { NavLink, Outlet } from 'react-router-dom';
import { sectionsFor } from '../lib/sections';
import { useBasePath } from '../lib/base-path';
import styles from './admin-layout.module.css';

/** The admin frame: the side menu with the sections the role may use (decision 5), and the page. */
export function AdminLayout() {
  const isAdmin = useSession((s) => s.isAdmin);
  const base = useBasePath();
  return (
    <div className={`page ${styles.layout}`}>
      <nav aria-label="Admin sections" className={styles.nav}>
        <ul className={styles.menu}>
          {sectionsFor(isAdmin).map((section) => (
            <li key={section.path}>
              <NavLink
                to={section.path ? `${base}/${section.path}` : base}
                end={!section.path}
                className={({ isActive }) => `${styles.link} ${isActive ? styles.active : ''}`}
              >
                {section.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className={styles.content}>
        <Suspense fallback={<PageSkeleton />}>
          <Outlet />
        </Suspense>
      </div>
    </div>
  );
}
