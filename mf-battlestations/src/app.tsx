import type { RemoteAppProps } from '@battledeck/shared/remote';
import { PageSkeleton, RequireAuth } from '@battledeck/shared/ui';
import { AntdProvider } from '@battledeck/shared/widgets';
import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { BasePathProvider } from './lib/base-path';

// One chunk per page: the browse grid never downloads the editor (dnd-kit, the form) or the gallery.
const BrowsePage = lazy(() => import('./features/browse/components/browse-page'));
const DetailPage = lazy(() => import('./features/detail/components/detail-page'));
const CreatePage = lazy(() => import('./features/editor/components/create-page'));
const EditPage = lazy(() => import('./features/editor/components/edit-page'));

const pageSkeleton = (
  <div className="page">
    <PageSkeleton />
  </div>
);

/** mf-battlestations: browse, detail, create and edit, mounted by the shell at /battlestations. */
export default function App({ basePath }: RemoteAppProps) {
  return (
    <AntdProvider>
      <BasePathProvider basePath={basePath}>
        <Suspense fallback={pageSkeleton}>
          <Routes>
            <Route index element={<BrowsePage />} />
            <Route
              path="new"
              element={
                <RequireAuth>
                  <CreatePage />
                </RequireAuth>
              }
            />
            <Route path=":stationId" element={<DetailPage />} />
            <Route
              path=":stationId/edit"
              element={
                <RequireAuth>
                  <EditPage />
                </RequireAuth>
              }
            />
          </Routes>
        </Suspense>
      </BasePathProvider>
    </AntdProvider>
  );
}
