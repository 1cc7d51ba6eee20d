import { RequireAuth, Spinner } from '@battledeck/shared/ui';
import { lazy } from 'react';
import { Route, Routes } from 'react-router-dom';
import { HomePage } from './home/home-page';
import { MainLayout } from './layout/main-layout';
import { NotFoundPage } from './pages/not-found-page';
import { AdminGate } from './remotes/admin-gate';
import { RemoteSection } from './remotes/remote-section';

const LoginPage = lazy(() => import('./auth/login-page'));
const RegisterPage = lazy(() => import('./auth/register-page'));
const PasswordResetPage = lazy(() => import('./auth/password-reset-page'));

/**
 * The shell owns the route table; each feature area is a remote mounted under its path (ARCHITECTURE §2).
 * Each RemoteSection has its own key: going from one area to another mounts a new section instead of
 * rendering the previous remote's App at the new path for a moment (it would act on a path not its own).
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<MainLayout />}>
        <Route index element={<HomePage />} />
        <Route path="login" element={<LoginPage />} />
        <Route path="login/password-reset" element={<PasswordResetPage />} />
        <Route path="register" element={<RegisterPage />} />
        <Route path="battlestations/*" element={<RemoteSection key="mf_battlestations" name="mf_battlestations" basePath="/battlestations" />} />
        <Route path="parts/*" element={<RemoteSection key="mf_parts" name="mf_parts" basePath="/parts" />} />
        <Route
          path="profile/*"
          element={
            <RequireAuth loading={<Spinner />}>
              <RemoteSection key="mf_profile" name="mf_profile" basePath="/profile" />
            </RequireAuth>
          }
        />
        <Route path="admin/*" element={<AdminGate />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
