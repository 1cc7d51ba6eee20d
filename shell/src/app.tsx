import { createQueryClient } from '@battledeck/shared/api';
import { QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { AppRoutes } from './routes';

const queryClient = createQueryClient();

/**
 * A data router around the shell's route table (rather than <BrowserRouter>), so a page can guard unsaved
 * changes with useBlocker (the battlestation form does); the routes themselves stay in <AppRoutes>.
 */
const router = createBrowserRouter([{ path: '*', element: <AppRoutes /> }]);

/** The host's providers: the one QueryClient and the router every remote shares. */
export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
