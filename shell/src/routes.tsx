import { RequireAuth, Spinner } from '@battledeck/shared/ui';
import { Route, Routes } from 'react-router-dom';
import { LoginPage, PasswordResetPage, RegisterPage } from './auth/auth-pages';
import { HomePage } from './home/home-page';
import { MainLayout } from './layout/main-layout';
import { NotFoundPage } from './pages/not-found-page';
import { AdminGate } from './remotes/admin-gate';
import { REMOTE_AREAS } from './remotes/remote-areas';
import { RemoteSection } from './remotes/remote-section';


/**
 * The first path segments of the shell's own pages besides home, which only the browser renders (the sign-in
 * forms and the admin gate): the server render leaves them alone and knows any other segment is no page
 * (src/ssr/render.tsx). A new page of the shell is added here too.
 */
export const BROWSER_ONLY_SEGMENTS: ReadonlySet<string> = new Set(['login', 'register', 'admin']);

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
        {REMOTE_AREAS.map(({ segment, remote, signedInOnly }) => {
          const section = <RemoteSection key={segment} name={remote} basePath={`/${segment}`} />;
          return (
            <Route
              key={segment}
              path={`${segment}/*`}
              element={signedInOnly ? <RequireAuth loading={<Spinner />}>{section}</RequireAuth> : section}
            />
          );
        })}
        <Route path="admin/*" element={<AdminGate />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
