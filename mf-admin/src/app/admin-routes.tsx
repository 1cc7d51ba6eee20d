import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { useBasePath } from '../lib/base-path';
import { AdminLayout } from './admin-layout';
import { RequireAdmin, RequireStaff } from './role-gates';

// One chunk per page: an admin opening the figures does not download the part form.
const HomePage = lazy(() => import('../features/home/components/home-page'));
const PartsPage = lazy(() => import('../features/parts/components/parts-page'));
const PendingPartsPage = lazy(() => import('../features/parts/components/pending-parts-page'));
const StoresPage = lazy(() => import('../features/stores/components/stores-page'));
const BattlestationsPage = lazy(() => import('../features/battlestations/components/battlestations-page'));
const UsersPage = lazy(() => import('../features/users/components/users-page'));
const StoreLinksPage = lazy(() => import('../features/store-links/components/store-links-page'));

/** An unknown admin path goes to the admin home. */
function ToAdminHome() {
  return <Navigate to={useBasePath()} replace />;
}

/** The admin area's routes, relative to where the shell mounted it (SPEC route table). */
export function AdminRoutes() {
  return (
    <RequireStaff>
      <Routes>
        <Route element={<AdminLayout />}>
          <Route index element={<HomePage />} />
          <Route path="battlestations" element={<BattlestationsPage />} />
          <Route path="parts" element={<PartsPage />} />
          <Route path="parts/:partType" element={<PartsPage />} />
          <Route path="pending_parts" element={<PendingPartsPage />} />
          <Route
            path="stores"
            element={
              <RequireAdmin>
                <StoresPage />
              </RequireAdmin>
            }
          />
          <Route
            path="store_links"
            element={
              <RequireAdmin>
                <StoreLinksPage />
              </RequireAdmin>
            }
          />
          <Route
            path="users"
            element={
              <RequireAdmin>
                <UsersPage />
              </RequireAdmin>
            }
          />
          <Route path="*" element={<ToAdminHome />} />
        </Route>
      </Routes>
    </RequireStaff>
  );
}
