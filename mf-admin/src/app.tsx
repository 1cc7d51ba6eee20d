import type { RemoteAppProps } from '@battledeck/shared/remote';
import { AntdProvider } from '@battledeck/shared/widgets';
import { AdminRoutes } from './app/admin-routes';
import { BasePathProvider } from './lib/base-path';

/** mf-admin: the admin area, mounted at /admin for admins and moderators (decision 5). */
export default function App({ basePath }: RemoteAppProps) {
  return (
    <AntdProvider>
      <BasePathProvider basePath={basePath}>
        <AdminRoutes />
      </BasePathProvider>
    </AntdProvider>
  );
}
