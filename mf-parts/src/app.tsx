import type { RemoteAppProps } from '@battledeck/shared/remote';
import { PageSkeleton } from '@battledeck/shared/ui';
import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { BUILD_LABEL } from './build-label';
import { BasePathProvider } from './lib/base-path';

const BrowsePage = lazy(() => import('./features/catalogue/components/browse-page'));
const PartPage = lazy(() => import('./features/part-detail/components/part-page'));

const pageFallback = (
  <div className="page">
    <PageSkeleton />
  </div>
);

/**
 * mf-parts: the parts catalogue (all or one category), a part's page and the submit-part dialog, mounted at
 * /parts. No antd here: only the submit-part dialog uses it, and loads it when opened (issue 17).
 */
export default function App({ basePath }: RemoteAppProps) {
  return (
    <>
      {/* React puts it in <head>: which release of this remote the page runs (checked after a deploy). */}
      {BUILD_LABEL && <meta name="battledeck-build:mf_parts" content={BUILD_LABEL} />}
      <BasePathProvider basePath={basePath}>
        <Suspense fallback={pageFallback}>
          <Routes>
            <Route index element={<BrowsePage />} />
            <Route path="view/:partId" element={<PartPage />} />
            <Route path=":partType" element={<BrowsePage />} />
            <Route path="*" element={<Navigate to={basePath} replace />} />
          </Routes>
        </Suspense>
      </BasePathProvider>
    </>
  );
}
