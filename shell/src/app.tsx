import { createQueryClient } from '@battledeck/shared/api';
import { QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { SITE_ROUTES } from './site-routes';

/** The site's one QueryClient; a server-rendered page's data is put into it before hydration. */
export const queryClient = createQueryClient();

const router = createBrowserRouter(SITE_ROUTES);

/** The host's providers: the one QueryClient and the router every remote shares. */
export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
