import * as sharedApi from '@battledeck/shared/api';
import * as sharedContract from '@battledeck/shared/contract';
import * as sharedFormat from '@battledeck/shared/format';
import * as sharedRemote from '@battledeck/shared/remote';
import type { PageHead, RemoteModule, RemoteName, RemoteServerModule } from '@battledeck/shared/remote';
import * as sharedSession from '@battledeck/shared/session';
import * as sharedUi from '@battledeck/shared/ui';
import { dehydrate, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { featuredQueryOptions } from '../home/get-featured';
import { NOT_FOUND_TITLE } from '../pages/not-found-page';
import { REMOTE_AREAS } from '../remotes/remote-areas';
import { PreloadedRemotesContext } from '../remotes/preloaded-remotes';
import { AppRoutes, BROWSER_ONLY_SEGMENTS } from '../routes';

/**
 * The shell's server render (ADR 012), built for Node by webpack.prerender.js and loaded by the site
 * server: the same route table and providers as the browser, the page's remote loaded from its current
 * release, its data prefetched into a QueryClient of this request and sent along for hydration.
 */

/**
 * The shared package as the shell's server build holds it: what a remote's server build gets for its
 * `require('@battledeck/shared/…')`, so both render with one session store, one API client and one set of
 * components (the server-side twin of the federation's singletons; antd-based widgets are not among them).
 */
export const sharedEntryPoints: Record<string, unknown> = {
  '@battledeck/shared/api': sharedApi,
  '@battledeck/shared/contract': sharedContract,
  '@battledeck/shared/format': sharedFormat,
  '@battledeck/shared/remote': sharedRemote,
  '@battledeck/shared/session': sharedSession,
  '@battledeck/shared/ui': sharedUi,
};

/**
 * Where the server's data requests go (the API's own address, not the site's), and where the pages it
 * renders take their images from (the site's IMAGE_BASE_URL, which the browser reads from config.js).
 */
export function configureServer({ apiBaseUrl, imageBaseUrl }: { apiBaseUrl: string; imageBaseUrl: string }): void {
  sharedApi.configureApi({ baseUrl: apiBaseUrl });
  sharedFormat.configureImageBase(imageBaseUrl);
}

export interface RenderRequest {
  /** The request's path and query. */
  url: string;
  loadRemote(name: RemoteName): Promise<RemoteServerModule>;
  /** Aborted when the page's budget is spent. */
  signal: AbortSignal;
}

export interface RenderedPage {
  head: PageHead;
  /** Tags React hoists out of the markup (resource hints, meta): they belong in <head>. */
  hoisted: string;
  /** UTF-8, as React streamed it: the site writes it into the page's bytes without decoding it. */
  markup: Uint8Array;
  /** The query cache, dehydrated, as JSON safe inside a <script> element. */
  state: string;
  remote?: RemoteName;
}

async function bytesOf(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/** JSON that cannot end the <script> it is written into, nor be read as HTML. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

const HOISTED = /^(?:<link [^>]*>|<meta [^>]*>|<title>[^<]*<\/title>)*/;

/**
 * The page at `url` as a visitor sees it, or null when it is not rendered on the server: pages for
 * signed-in users, the sign-in forms, data that could not be loaded. A private or missing station or part
 * comes back unrendered with its 404 (`renderInBrowser`); an unknown address is the not-found page, a 404.
 */
export async function renderPage({ url, loadRemote, signal }: RenderRequest): Promise<RenderedPage | null> {
  const location = new URL(url, 'http://site');
  const queryClient = sharedApi.createQueryClient();
  const preloaded: Partial<Record<RemoteName, RemoteModule>> = {};
  // The top bar's Parts menu lists the categories on every page.
  const partTypes = queryClient.prefetchQuery(sharedApi.partTypesQueryOptions());

  let head: PageHead | null;
  let remote: RemoteName | undefined;
  if (location.pathname === '/') {
    await queryClient.prefetchQuery(featuredQueryOptions());
    head = { title: 'Home' };
  } else {
    const segment = location.pathname.split('/')[1] ?? '';
    // The route table ignores case: /Parts is the parts area, which the browser renders under that name.
    const known = segment.toLowerCase();
    const area = REMOTE_AREAS.find((candidate) => candidate.segment === known);
    if (area?.signedInOnly || BROWSER_ONLY_SEGMENTS.has(known) || (area && known !== segment)) return null;
    if (area) {
      const module = await loadRemote(area.remote);
      remote = area.remote;
      preloaded[remote] = module;
      head = await module.prefetch({ path: location.pathname.slice(segment.length + 1), search: location.searchParams, basePath: `/${segment}`, queryClient });
    } else {
      // An address the route table does not know: its not-found page, and a status that says so.
      head = { title: NOT_FOUND_TITLE, status: 404 };
    }
  }
  await partTypes;
  if (!head || signal.aborted) return null;
  // Another address of the site, or a page only the browser may render: nothing to render here.
  if (head.redirect !== undefined || head.renderInBrowser) return { head, hoisted: '', markup: new Uint8Array(), state: '', remote };
  // A failed request would render an error the browser, retrying, might not show: the browser renders it.
  if (queryClient.getQueryCache().getAll().some((query) => query.state.status === 'error')) return null;

  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <PreloadedRemotesContext.Provider value={preloaded}>
          <StaticRouter location={`${location.pathname}${location.search}`}>
            <AppRoutes />
          </StaticRouter>
        </PreloadedRemotesContext.Provider>
      </QueryClientProvider>
    </StrictMode>,
    {
      signal,
      // Every boundary inline: outlined ones would need inline scripts, which the CSP refuses.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      // A component that throws is rendered by the browser instead (React marks its boundary): say which.
      onError(error) {
        if (!signal.aborted) console.error(`server render of ${location.pathname}:`, error);
      },
    },
  );
  const rendered = await bytesOf(prelude);
  // Read as latin1, a character is a byte, and the tags' delimiters are ASCII: the match's length is in bytes.
  const hoistedBytes = HOISTED.exec(rendered.toString('latin1'))?.[0].length ?? 0;
  return {
    head,
    hoisted: rendered.toString('utf8', 0, hoistedBytes),
    markup: rendered.subarray(hoistedBytes),
    state: scriptSafeJson({ remote, queries: dehydrate(queryClient) }),
    remote,
  };
}

export { pageTitle } from '@battledeck/shared/format';
