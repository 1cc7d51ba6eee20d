import { PageSkeleton } from '@battledeck/shared/ui';
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { Footer } from './footer';
import { ScrollToTop } from './scroll-to-top';
import { TopBar } from './top-bar';
import styles from './main-layout.module.css';

/** The frame every page shares: top bar, content and footer (SPEC "Shared layout"). */
export function MainLayout() {
  return (
    <div className={styles.frame}>
      <a className={styles.skipLink} href="#main">
        Skip to content
      </a>
      <ScrollToTop />
      <TopBar />
      <main id="main" className={styles.main} tabIndex={-1}>
        <Suspense
          fallback={
            <div className="page">
              <PageSkeleton />
            </div>
          }
        >
          <Outlet />
        </Suspense>
      </main>
      <Footer />
    </div>
  );
}
