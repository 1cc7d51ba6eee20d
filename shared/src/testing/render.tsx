import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { createQueryClient } from '../api/query-client';

export interface RenderOptions {
  /** The URL the test starts at. */
  route?: string;
  /** A route pattern to mount the element at (default: everywhere). */
  path?: string;
  queryClient?: QueryClient;
}

/** Shows the current location so tests can assert navigation. */
export function LocationProbe() {
  const location = useLocation();
  return <span data-testid="location">{`${location.pathname}${location.search}`}</span>;
}

/** Renders with the site's providers: a fresh QueryClient with the spec's defaults and a memory router. */
export function renderWithProviders(ui: ReactElement, options: RenderOptions = {}): RenderResult & { queryClient: QueryClient } {
  const queryClient = options.queryClient ?? createQueryClient();
  const result = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[options.route ?? '/']}>
        <Routes>
          <Route path={options.path ?? '*'} element={ui} />
          {options.path && <Route path="*" element={null} />}
        </Routes>
        <LocationProbe />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}

/** A fetch answering JSON by URL path for component tests; unknown paths answer 404. */
export function mockFetch(routes: Record<string, unknown | ((url: URL, init?: RequestInit) => unknown)>): jest.Mock {
  const mock = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const handler = routes[url.pathname];
    if (handler === undefined) return new Response(JSON.stringify({ message: 'Not found' }), { status: 404 });
    const body = typeof handler === 'function' ? await (handler as (u: URL, i?: RequestInit) => unknown)(url, init) : handler;
    if (body instanceof Response) return body;
    return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
  global.fetch = mock as unknown as typeof fetch;
  return mock;
}
