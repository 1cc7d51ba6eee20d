import { createQueryClient } from '@battledeck/shared/api';
import { LocationProbe } from '@battledeck/shared/testing';
import { AntdProvider } from '@battledeck/shared/widgets';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation, useNavigationType, type Location, type NavigationType } from 'react-router-dom';
import { BasePathProvider } from '../lib/base-path';

export interface RenderRouteOptions {
  /** The route pattern of the page, e.g. '/battlestations/:stationId'. */
  path: string;
  /** The URL to start at. */
  route: string;
  queryClient?: QueryClient;
}

/** The router's current location and how it got there, as the last render saw them. */
export interface Navigation {
  location: Location;
  historyAction: NavigationType;
}

function NavigationProbe({ into }: { into: Partial<Navigation> }) {
  into.location = useLocation();
  into.historyAction = useNavigationType();
  return null;
}

/**
 * Renders a page of this remote the way the shell mounts it: a plain router (like the shell's <BrowserRouter>),
 * the site's QueryClient defaults, antd with the site theme, and a location probe. Other paths render an
 * empty page, so navigations away can be asserted; `navigation` is where the router is and how it got there.
 */
export function renderRoute(ui: ReactElement, { path, route, queryClient = createQueryClient() }: RenderRouteOptions) {
  const navigation: Partial<Navigation> = {};
  const result = render(
    <QueryClientProvider client={queryClient}>
      <AntdProvider>
        <BasePathProvider basePath="/battlestations">
          <MemoryRouter initialEntries={[route]}>
            <Routes>
              <Route path={path} element={ui} />
              <Route path="*" element={<p>Another page</p>} />
            </Routes>
            <LocationProbe />
            <NavigationProbe into={navigation} />
          </MemoryRouter>
        </BasePathProvider>
      </AntdProvider>
    </QueryClientProvider>,
  );
  return { ...result, navigation: navigation as Navigation, queryClient };
}
