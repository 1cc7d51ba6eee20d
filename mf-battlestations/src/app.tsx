import type { RemoteAppProps } from '@battledeck/shared/remote';
import { PageSkeleton, RequireAuth } from '@battledeck/shared/ui';
import { lazy, Suspense, type ComponentType } from 'react';
import { Route, Routes } from 'react-router-dom';
import { BasePathProvider } from './lib/base-path';

/**
 * A page that needs antd (the editor's forms), loaded together with antd and wrapped in its theme. The
 * public pages never import antd (issue 17): it is a federated singleton, so one static import anywhere on
 * their path would make every visitor download all of it.
 */
function withAntd(load: () => Promise<{ default: ComponentType }>) {
  return lazy(async () => {
    const [{ AntdProvider }, { default: Page }] = await Promise.all([import('@battledeck/shared/widgets'), load()]);
    return {
      default: function AntdPage() {
        return (
          <AntdProvider>
            <Page />
          </AntdProvider>
        );
      },
    };
  });
}

// One chunk per page: the browse grid never downloads the editor (dnd-kit, the form) or the gallery.
const BrowsePage = lazy(() => import('./features/browse/components/browse-page'));
const DetailPage = lazy(() => import('./features/detail/components/detail-page'));
const CreatePage = withAntd(() => import('./features/editor/components/create-page'));
const EditPage = withAntd(() => import('./features/editor/components/edit-page'));
const PeoplePage = lazy(() => import('./features/people/components/people-page'));

/** Where the shell mounts this remote's people pages (SPEC decision 29): /users/{username}. */
export const PEOPLE_BASE_PATH = '/users';

const pageSkeleton = (
  <div className="page">
    <PageSkeleton />
  </div>
);

/**
 * mf-battlestations: browse, detail, create and edit, mounted by the shell at /battlestations, and the people
 * pages (a member's stations), which the shell mounts at /users.
 */
export default function App({ basePath }: RemoteAppProps) {
  if (basePath.replace(/\/$/, '') === PEOPLE_BASE_PATH) {
    return (
      <Suspense fallback={pageSkeleton}>
        <Routes>
          <Route path="*" element={<PeoplePage />} />
        </Routes>
      </Suspense>
    );
  }
  return (
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
  );
}
