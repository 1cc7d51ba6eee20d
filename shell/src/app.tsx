import { createQueryClient } from '@battledeck/shared/api';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router-dom';
import { AppRoutes } from './routes';

/** The site's one QueryClient; a server-rendered page's data is put into it before hydration. */
export const queryClient = createQueryClient();

/**
 * The host's providers: the one QueryClient and the router every remote shares. A plain <BrowserRouter>,
 * not a data router: the data router's code was about 13 KB gzip on every public page (ADR 012 addendum);
 * the server renders the same <AppRoutes> under a <StaticRouter>.
 */
export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </QueryClientProvider>
  );
}
