import { installTraversalGuards, type RemoteName } from '@battledeck/shared/remote';
import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, queryClient } from './app';
import { bootSession } from './auth/session-boot';
import { loadRemoteApp, markFailedAtStart } from './remotes/remote-registry';
import { nextTask } from '@battledeck/shared/next-task';

/** What the server sent beside a page it rendered (ADR 012): its data, and the remote that rendered it. */
interface ServerState {
  remote?: RemoteName;
  queries: DehydratedState;
}

function readServerState(): ServerState | null {
  const script = document.getElementById('battledeck-state');
  if (!script?.textContent) return null;
  try {
    return JSON.parse(script.textContent) as ServerState;
  } catch {
    return null;
  }
}

async function hydrateOrRender(): Promise<void> {
  // Before the router listens to popstate: a page with unsaved changes is asked first.
  installTraversalGuards();
  const container = document.getElementById('root')!;
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  const server = readServerState();
  let markupUsable = true;
  if (server) {
    // The page's data is here already (no second request), and its remote is loaded before hydrating, so
    // the first render in the browser is the server's markup.
    hydrate(queryClient, server.queries);
    if (server.remote) {
      const remote = server.remote;
      await loadRemoteApp(remote).catch(() => {
        // Without its remote the section cannot take over the server's markup: the page renders afresh,
        // its section at the fallback (remote-section.tsx), the rest as usual.
        markFailedAtStart(remote);
        markupUsable = false;
      });
    }
  }
  // From here on React answers clicks itself (on parts not hydrated yet too, once they are): after-load.js keeps
  // only those made before, which their controls answer once hydrated (shared/src/ui/early-click.ts). Kept on
  // after hydration, a click would be answered twice, by React and by the control.
  window.__battledeckStarted = true;
  // A server-rendered page, or the prerendered home page (home.html): take over its markup.
  if (markupUsable && container.firstElementChild) {
    // The markup is on screen and works already: hydration is a transition, which React does in slices
    // that give the main thread back between them (a blocking-lane hydration is one long task), after a
    // yield that ends the task which evaluated the page's modules.
    await nextTask();
    startTransition(() => {
      hydrateRoot(container, app);
    });
  } else {
    container.replaceChildren();
    createRoot(container).render(app);
  }
}

/** Takes over the server's markup (or renders afresh), and starts the session beside it. */
export function start(): Promise<void> {
  const page = hydrateOrRender();
  // Firebase is large: it loads after the first paint, and only for a visitor who may be signed in.
  void bootSession();
  return page;
}
