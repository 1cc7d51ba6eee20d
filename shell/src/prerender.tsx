import { createQueryClient } from '@battledeck/shared/api';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { AppRoutes } from './routes';

/**
 * The markup the browser's first render produces at `url` (session still loading, no data yet), for the
 * build to put into the page: the browser then hydrates it instead of painting from nothing.
 */
export function renderPage(url: string): string {
  return renderToString(
    <StrictMode>
      <QueryClientProvider client={createQueryClient()}>
        <StaticRouter location={url}>
          <AppRoutes />
        </StaticRouter>
      </QueryClientProvider>
    </StrictMode>,
  );
}
