import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Link, Route, Routes } from 'react-router-dom';
import { createQueryClient } from '@battledeck/shared/api';
import { sessionStore } from '@battledeck/shared/session';
import { installTraversalGuards } from './history-traversal';
import type { RemoteAppProps } from './index';
import '../ui/global.css';

/**
 * Mounts a remote alone for its team's dev server: the site's providers around the remote's App at its
 * usual path, talking to the API through the dev server's proxy. The session is anonymous here; sign-in
 * needs the shell.
 */
export function mountStandalone(App: ComponentType<RemoteAppProps>, basePath: string): void {
  sessionStore.setState({ loading: false });
  installTraversalGuards();
  const root = createRoot(document.getElementById('root')!);
  root.render(
    <StrictMode>
      <QueryClientProvider client={createQueryClient()}>
        <BrowserRouter>
          <main className="page">
            <Routes>
              <Route path={`${basePath}/*`} element={<App basePath={basePath} />} />
              <Route path="*" element={<Link to={basePath}>Open {basePath}</Link>} />
            </Routes>
          </main>
        </BrowserRouter>
      </QueryClientProvider>
    </StrictMode>,
  );
}
