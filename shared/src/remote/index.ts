import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';

/** What the shell gives a remote's App. */
export interface RemoteAppProps {
  /** Where the shell mounted the remote, e.g. '/battlestations'. Routes inside are relative to it. */
  basePath: string;
}

/** The contract every remote's exposed `./App` satisfies. */
export interface RemoteModule {
  default: ComponentType<RemoteAppProps>;
}

/** Federation names of the four remotes, as listed in remotes.json. */
export const REMOTE_NAMES = ['mf_battlestations', 'mf_parts', 'mf_profile', 'mf_admin'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

/**
 * How long a remote may take to arrive before its section shows the retry panel (the shell's loader uses
 * it; the browser tests of federation faults measure against it).
 */
export const REMOTE_TIMEOUT_MS = 8000;

/**
 * Server rendering (ADR 012). A remote that renders its public pages on the server builds `src/server.tsx`
 * for Node as well; the site server loads that build from the remote's current release (remotes.json), so
 * releasing the remote alone changes what its pages render on the server too.
 */
export interface ServerPageRequest {
  /** The path inside the remote, '' for its index ('/view/3' under '/parts'). */
  path: string;
  search: URLSearchParams;
  basePath: string;
  /** The request's own client: what prefetch puts in it is rendered, then sent along for hydration. */
  queryClient: QueryClient;
}

/** What the page's HTML head carries besides the markup. */
export interface PageHead {
  title: string;
  description?: string;
  /** The page's picture for link previews (og:image), as the site serves it (imageUrl). */
  image?: string;
  /** The largest image above the fold (LCP): preloaded from the head. */
  preloadImage?: { href: string; srcSet?: string; sizes?: string };
  /**
   * The page's own address, path and query (`/parts?sortBy=battlestation_count`), named as its canonical URL:
   * only the parameters it reads, defaults left out, so that another order or a parameter it ignores is the
   * same page to search engines. Without it, the path alone.
   */
  canonical?: string;
  /** The HTTP status of the rendered page: 404 for a page that says what it names does not exist (default 200). */
  status?: number;
  /**
   * Not this page but another of the site, as a path and query (`/parts?sortBy=name`): the address asks for
   * a page past the end of a list, which the browser would replace at once (decision 3). The server answers
   * 302 to it, so a visitor without scripts, or a crawler, gets the page and not a false 'nothing found'.
   */
  redirect?: string;
  /**
   * Not rendered on the server: the page is sent unrendered with `status`, and the browser renders it. For
   * what a visitor may not see but a signed-in member may (a private station): a 404 to the server and to
   * crawlers, while the owner's browser, signed in, still shows the station.
   */
  renderInBrowser?: boolean;
}

/** The contract of a remote's server build (`mf-…/src/server.tsx`). */
export interface RemoteServerModule {
  default: ComponentType<RemoteAppProps>;
  /**
   * Loads what the page at `path` shows into the query client and says its head, or null when the page is
   * not rendered on the server (signed-in pages: the browser renders those with a 200; a private or missing
   * station is a 404 the browser renders, `renderInBrowser`).
   */
  prefetch(request: ServerPageRequest): Promise<PageHead | null>;
}

/** How long loading a remote's server build, its data and its markup may take before the page is sent unrendered. */
export const SERVER_RENDER_BUDGET_MS = 300;

export { guardTraversal, installTraversalGuards, type TraversalGuard } from './history-traversal';
