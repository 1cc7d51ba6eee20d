import { createQueryClient } from '@battledeck/shared/api';
import { LocationProbe } from '@battledeck/shared/testing';
import { AntdProvider } from '@battledeck/shared/widgets';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router-dom';
import { BasePathProvider } from '../lib/base-path';

export interface RenderRouteOptions {
  /** The route pattern of the page, e.g. '/battlestations/:stationId'. */
  path: string;
  /** The URL to start at. */
  route: string;
  queryClient?: QueryClient;
}

/**
 * Renders a page of this remote the way the shell mounts it: a data router (like the shell's, so useBlocker
 * works), the site's QueryClient defaults, antd with the site theme, and a location probe. Other paths
 * render an empty page, so navigations away can be asserted.
 */
export function renderRoute(ui: ReactElement, { path, route, queryClient = createQueryClient() }: RenderRouteOptions) {
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <Outlet />
            <LocationProbe />
          </>
        ),
        children: [
          { path, element: ui },
          { path: '*', element: <p>Another page</p> },
        ],
      },
    ],
    { initialEntries: [route] },
  );
  const result = render(
    <QueryClientProvider client={queryClient}>
      <AntdProvider>
        <BasePathProvider basePath="/battlestations">
          <RouterProvider router={router} />
        </BasePathProvider>
      </AntdProvider>
    </QueryClientProvider>,
  );
  return { ...result, router, queryClient };
}
