import type { RemoteAppProps } from '@battledeck/shared/remote';
import { AntdProvider } from '@battledeck/shared/widgets';
import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { ProfileLayout } from './components/profile-layout';

const SettingsPage = lazy(() => import('./features/settings/components/settings-page'));
const MyBattlestationsPage = lazy(() => import('./features/my-battlestations/components/my-battlestations-page'));
const FavoritesPage = lazy(() => import('./features/favorites/components/favorites-page'));

/** mf-profile: the profile area, mounted at /profile behind sign-in (SPEC "Profile area"). */
export default function App({ basePath }: RemoteAppProps) {
  return (
    <AntdProvider>
      <Routes>
        <Route element={<ProfileLayout basePath={basePath} />}>
          <Route index element={<SettingsPage />} />
          <Route path="settings" element={<SettingsPage />} />
          <Route path="battlestations" element={<MyBattlestationsPage />} />
          <Route path="favorites" element={<FavoritesPage />} />
          <Route path="*" element={<Navigate to={basePath} replace />} />
        </Route>
      </Routes>
    </AntdProvider>
  );
}
