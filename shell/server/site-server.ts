import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { readFileSync, statSync, type Stats } from 'node:fs';
import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { EMBED_MESSAGES, embedCardHeaders, embedCardHtml, embedMessageHtml, embedStationId, fetchEmbedStation } from './embed-card';
import { forwardingHeaders, peerTrust, type PeerTrust } from './forwarded-for';
import { robotsTxt, sitemapPath, sitemapXml } from './crawlers';
import { registerApiProxy } from './site-proxy';
import { SINGLETONS_FILE } from './remote-releases';
import { createPageCache, pageBody, type PageBody, type PageEncoding } from './ssr/page-cache';

/** What a page renderer (server rendering) gets: the routed URL (path and query) and the request's headers. */
export interface PageRequest {
  url: string;
  headers: Record<string, string | string[] | undefined>;
}

/** A rendered page; `headers` override the defaults (Cache-Control: no-cache). */
export interface RenderedPage {
  status: number;
  /** The page's bytes (UTF-8), or its text. */
  html: Buffer | string;
  headers?: Record<string, string>;
}

/**
 * The composed site on one origin: the shell's files, each remote's files under /remotes/<folder>/,
 * remotes.json and config.js, and /api + /images passed through to the data service.
 */
export interface SiteServerOptions {
  port: number;
  host?: string;
  apiOrigin: string;
  /**
   * The API in this process (npm start's embedded default): /api and /images are handed to it instead of
   * passed through to `apiOrigin` (which the server renderer still uses for its data).
   */
  apiHandler?: (request: IncomingMessage, response: ServerResponse) => void;
  /** The site's public origin (PUBLIC_ORIGIN, site-options.ts): robots.txt and the sitemap name their addresses on it. */
  publicOrigin: string;
  /** TRUST_PROXY: the proxies in front of the site whose X-Forwarded-For it passes on (default: loopback). */
  trustProxy?: string;
  /** The shell's build output. */
  shellDir: string;
  /** Static files beside the build (privacy page, favicon). */
  publicDir: string;
  /** Folder name under /remotes/ → that remote's build output. */
  remoteDirs: Record<string, string>;
  /** Folder name → that remote's releases (`npm run build:remote`), served at /remotes/<folder>/releases/<version>/. */
  remoteReleaseDirs?: Record<string, string>;
  remotesFile: string;
  /** The object assigned to window.__BATTLEDECK_CONFIG__. */
  clientConfig: Record<string, unknown>;
  /**
   * Server rendering of a page (a GET or HEAD that no file answers): null, or a throw (logged), falls back
   * to the single-page app's HTML file.
   */
  renderPage?: (request: PageRequest) => Promise<RenderedPage | null>;
  /**
   * How long a rendered page is served again to other visitors of its URL (0: never). Emptied after every
   * successful write passed to the API through this site, and when remotes.json or the shell's build changes.
   * A render must then depend on the URL alone (visitors' pages: no credentials reach the renderer).
   */
  pageCacheMs?: number;
  /**
   * At most this many renders at once (default 16): beyond it a page is sent unrendered, as the browser
   * renders it, at once. Renders share the site's one thread (10-20 ms of CPU each), so without a bound a burst
   * of pages no visitor shares (a query string made up per request) queued every visitor behind it.
   */
  maxRendersInFlight?: number;
  /** Run once the server listens, in the background (the renderer's warm-up). */
  onListen?: () => Promise<void>;
}

export type SiteServer = FastifyInstance;

/** Text types: their build-time .br/.gz siblings are chosen by Accept-Encoding, so caches must vary on it. */
const TEXT_TYPES = new Set(['.html', '.js', '.css', '.json', '.svg', '.txt']);
const HASHED = /\.[0-9a-f]{8}\.(js|css)$|\/assets\//;
const IMMUTABLE = 'public, max-age=31536000, immutable';
const MAX_TARGET_LENGTH = 8192;
export const DEFAULT_MAX_RENDERS_IN_FLIGHT = 16;

/** The absolute (http/https) URLs among `urls`; relative ones are same-origin already. */
const absoluteUrls = (urls: string[]) => urls.filter((url) => /^https?:\/\//i.test(url)).map((url) => new URL(url));

/** Origins (scheme://host[:port]) of absolute URLs. */
const originsOf = (urls: string[]) => [...new Set(absoluteUrls(urls).map((url) => url.origin))];

/**
 * Where absolute remote URLs may load from: the folder of each (`https://cdn.example/mf-parts/v3/`), not its
 * whole origin, which may serve other things (another release, another site's scripts on a shared CDN). A
 * remote's files sit below its manifest (publicPath 'auto'). `;` and `,` would end the source list: encoded.
 */
const remoteSourcesOf = (urls: string[]) => [
  ...new Set(
    absoluteUrls(urls).map(({ origin, pathname }) => `${origin}${pathname.slice(0, pathname.lastIndexOf('/') + 1).replace(/;/g, '%3B').replace(/,/g, '%2C')}`),
  ),
];

/**
 * The site's Content-Security-Policy: scripts only from this origin and the remotes' folders in remotes.json,
 * API and identity calls only to this origin and Firebase Auth, images from here or the image CDN, no
 * framing. antd writes its styles at run time, hence 'unsafe-inline' for styles (never for scripts).
 */
export function contentSecurityPolicy(options: { remoteUrls: string[]; imageBaseUrl: string; authUrls: string[] }): string {
  const remotes = remoteSourcesOf(options.remoteUrls);
  const images = originsOf([options.imageBaseUrl]);
  const auth = originsOf(options.authUrls);
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...remotes],
    'style-src': ["'self'", "'unsafe-inline'", ...remotes],
    'img-src': ["'self'", 'data:', 'blob:', ...images],
    'font-src': ["'self'", 'data:', ...remotes],
    'connect-src': ["'self'", ...remotes, ...auth],
    'frame-src': ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

/** Headers of every page and file the site server answers (not the proxied /api and /images). */
export function securityHeaders(csp: string, https: boolean): Record<string, string> {
  return {
    'Content-Security-Policy': csp,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
    ...(https ? { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}

/** How long what a path holds on disk is taken as known (a build or a release shows within this time). */
const FILE_STATE_MS = 200;
const FILE_STATE_ENTRIES = 10_000;
const fileStates = new Map<string, { at: number; isFile: boolean; mtimeMs: number }>();

/**
 * The path's stat, or nothing when it names no file: missing, but also a name too long for the file system
 * (ENAMETOOLONG) or a path through a file (`/favicon.svg/x.js`, ENOTDIR). Paths come from requests, and
 * those are 404s, not failures of the site.
 */
function statOrNothing(file: string): Stats | undefined {
  try {
    return statSync(file, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}

/**
 * Whether a path is a file, and its mtime (0 when missing), looked up on disk at most every FILE_STATE_MS:
 * a page costs several such checks, and under load the stat calls were a quarter of the front door's CPU.
 */
function fileState(file: string): { isFile: boolean; mtimeMs: number } {
  const now = Date.now();
  let state = fileStates.get(file);
  if (!state || now - state.at > FILE_STATE_MS) {
    const stat = statOrNothing(file);
    state = { at: now, isFile: stat?.isFile() ?? false, mtimeMs: stat?.mtimeMs ?? 0 };
    // Paths come from requests: the memory stays bounded whatever is asked.
    if (fileStates.size >= FILE_STATE_ENTRIES) fileStates.clear();
    fileStates.set(file, state);
  }
  return state;
}

/** The remotes' URLs from remotes.json, re-read when the file changes (a remote deploy). */
function remoteUrlsReader(file: string): () => string[] {
  let seen = -1;
  let urls: string[] = [];
  return () => {
    const mtime = fileState(file).mtimeMs;
    if (mtime !== seen) {
      seen = mtime;
      urls = mtime ? Object.values(readJson<Record<string, string>>(file)) : [];
    }
    return urls;
  };
}

function decodable(urlPath: string): boolean {
  try {
    decodeURIComponent(urlPath);
    return true;
  } catch {
    return false;
  }
}

/** The file at `decodedPath` (already percent-decoded, once) under `root`, if it is there and stays inside. */
function resolveInside(root: string, decodedPath: string): string | null {
  // A NUL byte names no file, and makes the file system calls throw.
  if (decodedPath.includes('\0')) return null;
  const file = path.normalize(path.join(root, decodedPath));
  if (file !== root && !file.startsWith(root + path.sep)) return null;
  return fileState(file).isFile ? file : null;
}

/** `record[key]` for the record's own keys only: the key comes from a request, and `constructor` is no remote. */
const ownEntry = (record: Record<string, string> | undefined, key: string) => (record && Object.hasOwn(record, key) ? record[key] : undefined);

/** A remote's file: from one of its releases (/remotes/<folder>/releases/<version>/…) or its plain build. */
function remoteFile(options: SiteServerOptions, folder: string, rest: string): string | null {
  const release = /^\/releases\/([\w-]+)(\/.*)$/.exec(rest);
  if (release) {
    const releases = ownEntry(options.remoteReleaseDirs, folder);
    return releases ? resolveInside(path.join(releases, release[1]), release[2]) : null;
  }
  const dir = ownEntry(options.remoteDirs, folder);
  return dir ? resolveInside(dir, rest) : null;
}

/**
 * The request target, if it is origin-form: one leading slash, then a path and query of visible ASCII
 * (RFC 9112 3.2.1). Anything else is refused before routing: an absolute-form target (`http://host/…`), an
 * authority (`//host/…`, `/\\host`), `*`, or bytes a URL parser would rewrite. This is what keeps a request
 * from choosing where the proxy connects.
 */
export function originFormTarget(target: string | undefined): string | null {
  if (!target || target.length > MAX_TARGET_LENGTH) return null;
  if (target[0] !== '/' || target[1] === '/') return null;
  return /^[\x21-\x7e]+$/.test(target) && !target.includes('\\') ? target : null;
}

/**
 * The file on disk the site serves at `urlPath` (a path without query: `/main.1a2b3c4d.js`,
 * `/remotes/mf-parts/mf-manifest.json`, `/remotes/mf-parts/releases/<version>/remoteEntry.js`,
 * `/remotes.json`), or null when it serves none there (a page, config.js, a source map, a missing file).
 * The server renderer reads same-origin remotes' files through it.
 */
/** shell/public's files that the site answers itself at run time (`/config.js`, `/remotes.json`). */
const DEVELOPMENT_COPIES = new Set(['config.js', 'remotes.json']);

export function siteFileFor(options: SiteServerOptions, urlPath: string): string | null {
  if (!decodable(urlPath)) return null;
  // Every rule below reads the decoded path or the file it names: `/x.js.%6dap` is `/x.js.map`.
  const decoded = decodeURIComponent(urlPath);
  if (decoded === '/remotes.json') return fileState(options.remotesFile).isFile ? options.remotesFile : null;
  const remote = /^\/remotes\/([\w-]+)(\/.*)$/.exec(decoded);
  const file = remote
    ? remoteFile(options, remote[1], remote[2])
    : (resolveInside(options.shellDir, decoded) ?? resolveInside(options.publicDir, decoded));
  // Source maps stay build artefacts (they rebuild the source for anyone who asks); the site never serves them.
  if (!file || path.extname(file) === '.map') return null;
  // The development copies of what the site answers itself (however the path reached them: `/x/..%2fconfig.js`).
  const developmentCopy = path.dirname(file) === options.publicDir && DEVELOPMENT_COPIES.has(path.basename(file));
  return file.endsWith('index.html') || developmentCopy ? null : file;
}

/**
 * What a build writes for the site's own server and for its tools, never for a browser: a remote's server
 * build (`server/`, which the renderer reads from disk through siteFileFor), the federation plugin's build
 * statistics and the singletons list (`release:remote` reads it from disk). They name the build machine's
 * paths and hold server code, so the site does not serve them.
 */
const BUILD_ONLY_FILES = new Set(['mf-manifest-stats.json', SINGLETONS_FILE]);

function buildOnly(options: SiteServerOptions, file: string): boolean {
  if (BUILD_ONLY_FILES.has(path.basename(file))) return true;
  // A plain build's server build is under <dist>/server/, a release's under <releases>/<version>/server/.
  const under = (root: string, depth: number) => {
    const parts = path.relative(root, file).split(path.sep);
    return parts[0] !== '..' && parts[depth] === 'server';
  };
  return Object.values(options.remoteDirs).some((dist) => under(dist, 0)) || Object.values(options.remoteReleaseDirs ?? {}).some((releases) => under(releases, 1));
}

/** The file the site sends for a GET of `urlPath`: siteFileFor's, less the build-only files. */
function publicSiteFile(options: SiteServerOptions, urlPath: string): string | null {
  const file = siteFileFor(options, urlPath);
  return file && !buildOnly(options, file) ? file : null;
}

/** Sends a file from disk; a build-time .br or .gz sibling when the client accepts it (never compressed here). */
function sendStatic(reply: FastifyReply, file: string, cacheControl: string): FastifyReply {
  reply.header('Cache-Control', cacheControl);
  if (TEXT_TYPES.has(path.extname(file))) reply.header('Vary', 'Accept-Encoding');
  return reply.sendFile(path.basename(file), path.dirname(file), { cacheControl: false });
}

function cacheControlFor(file: string): string {
  return HASHED.test(file) ? IMMUTABLE : 'no-cache';
}

/**
 * The security headers of a plain-text answer that goes out before the site's hooks have set the page
 * ones (a refused target, the router's 400, a failure working out the page headers): it loads nothing.
 */
const PLAIN_TEXT_HEADERS = securityHeaders("default-src 'none'; frame-ancestors 'none'", false);

function answerText(reply: FastifyReply, status: number, text: string): FastifyReply {
  if (!reply.hasHeader('Content-Security-Policy')) reply.headers(PLAIN_TEXT_HEADERS);
  return reply.code(status).type('text/plain; charset=utf-8').header('Cache-Control', 'no-store').send(text);
}

/** The encoding for a rendered page: brotli, else gzip, else none (q=0 refuses one). */
function pageEncoding(acceptEncoding: string | string[] | undefined): PageEncoding | null {
  const accepted = new Set(
    String(acceptEncoding ?? '')
      .toLowerCase()
      .split(',')
      .map((part) => part.trim().split(/\s*;\s*/))
      .filter(([, q]) => !/^q=0(\.0*)?$/.test(q ?? ''))
      .map(([name]) => name),
  );
  if (accepted.has('br')) return 'br';
  return accepted.has('gzip') || accepted.has('*') ? 'gzip' : null;
}

/**
 * Runs at most `max` of its tasks at once; beyond that it runs none and answers undefined at once, so that
 * a burst of costly work (renders, sitemap files) waits in no queue of the site's one thread.
 */
function atMostAtOnce(max: number) {
  let running = 0;
  return async <T>(task: () => Promise<T>): Promise<T | undefined> => {
    if (running >= max) return undefined;
    running += 1;
    try {
      return await task();
    } finally {
      running -= 1;
    }
  };
}

/** Sitemap files made at once at most; more asks wait for a 503's Retry-After. */
const MAX_SITEMAPS_IN_FLIGHT = 2;

class SitemapBusy extends Error {}

/** A server-rendered page (or sitemap): the one thing compressed by this server, once per render and encoding. */
async function sendRenderedPage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: PageBody,
  { type, cacheControl }: { type: string; cacheControl: string } = { type: 'text/html; charset=utf-8', cacheControl: 'no-cache' },
): Promise<FastifyReply> {
  reply.code(page.status).header('Content-Type', type).header('Cache-Control', cacheControl).header('Vary', 'Accept-Encoding');
  for (const [name, value] of Object.entries(page.headers)) reply.header(name, value);
  const encoding = page.html.length >= 1024 ? pageEncoding(request.headers['accept-encoding']) : null;
  if (!encoding) return reply.send(page.html);
  return reply.header('Content-Encoding', encoding).send(await page.encoded(encoding));
}

/**
 * Before routing: only an origin-form target is routed, with its dot segments resolved, and what is routed
 * is also what the proxy forwards. A refused or undecodable target is routed to `/` and answered 400 by the
 * first hook, before any body is read.
 */
function targetRewriter(refused: WeakSet<IncomingMessage>, malformed: WeakSet<IncomingMessage>) {
  return (req: IncomingMessage): string => {
    const routed = routedTarget(req.url);
    if (routed === 'refused') refused.add(req);
    if (routed === 'malformed') malformed.add(req);
    return typeof routed === 'string' && routed.startsWith('/') ? routed : '/';
  };
}

/** The path and query a target is routed by (dot segments resolved), or why it is not routed at all. */
function routedTarget(raw: string | undefined): string | 'refused' | 'malformed' {
  const target = originFormTarget(raw);
  if (!target) return 'refused';
  const url = new URL(target, 'http://site');
  // Dot segments can leave an authority-like path (`/.//host/x`): refused as `//host/x` itself is.
  if (url.pathname.startsWith('//')) return 'refused';
  // A malformed percent-encoding would make decoding the path throw later.
  if (!decodable(url.pathname)) return 'malformed';
  return `${url.pathname}${url.search}`;
}

const isApiPath = (routed: string) => routed === '/api' || /^\/(api|images)[/?]/.test(routed);
const isWrite = (method: string | undefined) => method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS';
/** A write the API refused (4xx) changed nothing; one that failed (5xx) may have failed after its commit. */
const mayHaveChanged = (status: number) => status < 400 || status >= 500;

export async function createSiteServer(options: SiteServerOptions): Promise<SiteServer> {
  const configJs =
    `window.__BATTLEDECK_CONFIG__ = ${JSON.stringify(options.clientConfig)};\n` +
    `window.__BATTLEDECK_IMAGE_BASE__ = window.__BATTLEDECK_CONFIG__.imageBaseUrl;\n`;
  const indexFile = path.join(options.shellDir, 'index.html');
  // The prerendered home page, when the build made one.
  const homeFile = path.join(options.shellDir, 'home.html');
  const remoteUrls = remoteUrlsReader(options.remotesFile);
  const clientConfig = options.clientConfig as { imageBaseUrl?: string; authEmulatorUrl?: string };
  const authUrls = clientConfig.authEmulatorUrl
    ? [clientConfig.authEmulatorUrl]
    : ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com'];
  const trustedPeer = peerTrust(options.trustProxy);
  const refused = new WeakSet<IncomingMessage>();
  const malformed = new WeakSet<IncomingMessage>();
  const pageCache = createPageCache({
    ttlMs: options.pageCacheMs ?? 0,
    maxEntries: 500,
    version: () => `${fileState(options.remotesFile).mtimeMs}:${fileState(indexFile).mtimeMs}`,
  });
  // Sitemap files (up to 10,000 addresses each) are made and compressed once per ten minutes, whoever asks,
  // and made again after a write, as pages are: a new public station is listed at once.
  const sitemapCache = createPageCache({ ttlMs: 10 * 60_000, maxEntries: 256, version: () => '' });
  const written = () => {
    pageCache.clear();
    sitemapCache.clear();
  };

  // Made again only when remotes.json names other remotes (remoteUrls() returns the same array until then).
  let headersFor: { urls: string[]; plain: Record<string, string>; https: Record<string, string> } | null = null;
  /** The security headers of every page and file the site answers itself (not the proxied /api and /images). */
  function addSecurityHeaders(request: FastifyRequest, reply: FastifyReply): void {
    const urls = remoteUrls();
    if (headersFor?.urls !== urls) {
      const csp = contentSecurityPolicy({ remoteUrls: urls, imageBaseUrl: clientConfig.imageBaseUrl ?? '/images', authUrls });
      headersFor = { urls, plain: securityHeaders(csp, false), https: securityHeaders(csp, true) };
    }
    // Behind a TLS-terminating proxy the original scheme arrives in X-Forwarded-Proto: believed from a
    // trusted proxy only, as the forwarding headers are (forwarded-for.ts).
    const socket = request.raw.socket;
    const https = 'encrypted' in socket || (request.headers['x-forwarded-proto'] === 'https' && trustedPeer(socket.remoteAddress ?? ''));
    reply.headers(https ? headersFor.https : headersFor.plain);
  }

  const app = Fastify({
    logger: false,
    // With the API in this process, its requests go to it before the site's router: the same target checks
    // (a refused target is the site's to answer), the routed path, X-Forwarded-For set as the proxy sets it.
    ...(options.apiHandler ? { serverFactory: inProcessApiServer(options.apiHandler, trustedPeer, written) } : {}),
    rewriteUrl: targetRewriter(refused, malformed),
    // A request target may be 8 KiB long, and the page routes are one wildcard.
    routerOptions: { maxParamLength: MAX_TARGET_LENGTH },
    // The router's own 400 (a path it cannot decode) in the site's words.
    frameworkErrors: (_error, _request, reply) => answerText(reply, 400, 'Bad request'),
  });
  // @fastify/static only for its sending (sendFile): this server picks the file itself.
  await app.register(fastifyStatic, { serve: false, preCompressed: true });

  if (options.onListen) {
    const onListen = options.onListen;
    app.addHook('onListen', (done) => {
      onListen().catch((error: unknown) => console.error('site server: the warm-up failed', error));
      done();
    });
  }

  // A callback hook, not an async one: it runs on every request, the proxied ones included.
  app.addHook('onRequest', (request, reply, done) => {
    if (refused.has(request.raw)) return void answerText(reply, 400, 'Bad request');
    done();
  });

  // The last resort: whatever a request makes throw is logged and answered; the process goes on serving.
  app.setErrorHandler((error: { statusCode?: number }, request, reply) => {
    if (reply.raw.headersSent) return void reply.raw.destroy();
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) return answerText(reply, status, status === 400 ? 'Bad request' : 'Request refused');
    console.error('site server: request failed', { method: request.method, url: request.originalUrl.slice(0, 200) }, error);
    return answerText(reply, 500, 'Internal server error');
  });

  app.setNotFoundHandler((request, reply) => {
    addSecurityHeaders(request, reply);
    if (request.method === 'GET' || request.method === 'HEAD') return answerText(reply, 404, 'Not found');
    return reply.code(405).header('Allow', 'GET, HEAD').send();
  });

  if (!options.apiHandler) {
    // A write the API accepted may change any page: rendered pages kept for visitors are dropped at once.
    app.addHook('onResponse', (request, reply, done) => {
      if (isWrite(request.method) && mayHaveChanged(reply.statusCode) && request.url.startsWith('/api/')) written();
      done();
    });
    await registerApiProxy(app, options.apiOrigin, '/api', ['/', '/*'], trustedPeer);
    await registerApiProxy(app, options.apiOrigin, '/images', ['/*'], trustedPeer);
  }

  // Renders share the site's one thread: as many as the site allows, beyond that a page goes unrendered.
  const render = atMostAtOnce(options.maxRendersInFlight ?? DEFAULT_MAX_RENDERS_IN_FLIGHT);
  const renderedPage = async (renderPage: NonNullable<SiteServerOptions['renderPage']>, request: FastifyRequest): Promise<PageBody | null> => {
    const rendered = await render(() => renderPage({ url: request.url, headers: request.headers as IncomingHttpHeaders }));
    return rendered ? pageBody(rendered) : null;
  };

  async function servePage(request: FastifyRequest, reply: FastifyReply, pathname: string): Promise<FastifyReply> {
    const renderPage = options.renderPage;
    if (renderPage) {
      try {
        const page = await pageCache.get(request.url, () => renderedPage(renderPage, request));
        if (page) return await sendRenderedPage(request, reply, page);
      } catch (error) {
        console.error('site server: rendering the page failed, serving the static page instead', { url: request.url.slice(0, 200) }, error);
      }
    }
    return sendStatic(reply, pathname === '/' && fileState(homeFile).isFile ? homeFile : indexFile, 'no-cache');
  }

  await app.register(async (site) => {
    // A callback hook: it runs on every page and file, and an async one costs a promise each time.
    site.addHook('onRequest', (request, reply, done) => {
      addSecurityHeaders(request, reply);
      if (malformed.has(request.raw)) return void answerText(reply, 400, 'Bad request');
      done();
    });

    // Pages and files only read: any other method is refused before a body is read.
    site.route({
      method: ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
      url: '/*',
      onRequest: async (_request, reply) => reply.code(405).header('Allow', 'GET, HEAD').send(),
      handler: async () => undefined,
    });

    // A public station's embeddable card (ADR 018): the one route any site may frame.
    site.get('/embed/battlestations/:id', async (request, reply) => {
      reply.removeHeader('X-Frame-Options').headers(embedCardHeaders(clientConfig.imageBaseUrl ?? '/images'));
      reply.type('text/html; charset=utf-8');
      const id = embedStationId(request.url.split('?', 1)[0]);
      const station = id === null ? null : await fetchEmbedStation(options.apiOrigin, id).catch((error: unknown) => {
        console.error('site server: the embed card could not load its station', { id }, error);
        return undefined;
      });
      if (station === undefined) return reply.code(503).header('Cache-Control', 'no-store').send(embedMessageHtml(EMBED_MESSAGES.unavailable));
      if (station === null) return reply.code(404).header('Cache-Control', 'no-store').send(embedMessageHtml(EMBED_MESSAGES.notFound));
      // Other sites' pages show it: a shared cache may keep it a minute (as the oEmbed answer).
      return reply.header('Cache-Control', 'public, max-age=60').send(embedCardHtml(station, clientConfig.imageBaseUrl ?? '/images'));
    });

    // What crawlers read (ADR 025): addresses on the configured public origin, never on the request's Host.
    site.get('/robots.txt', async (_request, reply) =>
      reply.type('text/plain; charset=utf-8').header('Cache-Control', 'public, max-age=86400').send(robotsTxt(options.publicOrigin)),
    );
    // A file is a range scan of 10,000 rows, made again after any write: two made at once at most, so that a
    // client asking for every file after each write of its own cannot make the site do more (crawlers retry a 503).
    const makeSitemap = atMostAtOnce(MAX_SITEMAPS_IN_FLIGHT);
    const sendSitemap = async (request: FastifyRequest, reply: FastifyReply) => {
      const pathname = request.url.split('?', 1)[0];
      const where = sitemapPath(pathname);
      if (!where) return answerText(reply, 404, 'Not found');
      const origins = { apiOrigin: options.apiOrigin, publicOrigin: options.publicOrigin };
      const body = await sitemapCache
        .get(pathname, async () => {
          const xml = await makeSitemap(() => sitemapXml(where, origins));
          if (xml === undefined) throw new SitemapBusy();
          return xml === null ? null : pageBody({ status: 200, html: xml });
        })
        .catch((error: unknown) => {
          if (!(error instanceof SitemapBusy)) console.error('site server: the sitemap could not be made', { url: request.url.slice(0, 200) }, error);
          return undefined;
        });
      if (body === undefined) return answerText(reply.header('Retry-After', '60'), 503, 'The sitemap is not available now.');
      if (body === null) return answerText(reply, 404, 'Not found');
      return sendRenderedPage(request, reply, body, { type: 'application/xml; charset=utf-8', cacheControl: 'public, max-age=3600' });
    };
    site.get('/sitemap.xml', sendSitemap);
    site.get('/sitemaps/*', sendSitemap);

    site.get('/*', async (request, reply) => {
      const pathname = request.url.split('?', 1)[0];
      // Routed targets decode (routedTarget checked); `/c%6fnfig.js` is the runtime config too, not the public file.
      if (decodeURIComponent(pathname) === '/config.js') {
        return reply.type('text/javascript; charset=utf-8').header('Cache-Control', 'no-cache').send(configJs);
      }
      // A path without an extension is a page of the app (the builds write no file without one).
      if (pathname === '/' || (!path.extname(pathname) && !pathname.startsWith('/remotes/'))) return servePage(request, reply, pathname);
      const file = publicSiteFile(options, pathname);
      if (file) return sendStatic(reply, file, file === options.remotesFile ? 'no-cache' : cacheControlFor(file));
      return answerText(reply, 404, 'Not found');
    });
  });

  return app;
}

/**
 * The site's HTTP server when the API runs in this process: /api and /images go to the API's own handler
 * before any body is read (uploads stream to it untouched), with the URL the site would route and
 * X-Forwarded-For set to the peer, as the proxy sets it; everything else, refused targets included, goes to
 * the site. `written` runs after every write the API did not refuse.
 */
function inProcessApiServer(handle: NonNullable<SiteServerOptions['apiHandler']>, trustedPeer: PeerTrust, written: () => void) {
  return (site: (request: IncomingMessage, response: ServerResponse) => void, fastifyOptions: FastifyServerOptions) => {
    const server = http.createServer((request, response) => {
      const routed = routedTarget(request.url);
      if (routed === 'refused' || routed === 'malformed' || !isApiPath(routed)) return site(request, response);
      request.url = routed;
      forwardingHeaders(request.headers, request.socket.remoteAddress ?? '', trustedPeer);
      if (isWrite(request.method)) {
        response.once('finish', () => {
          if (mayHaveChanged(response.statusCode)) written();
        });
      }
      handle(request, response);
    });
    // Fastify sets its keep-alive time (72 s by default, longer than load balancers' 60 s) on a server it
    // creates, not on a factory's: Node's own 5 s would close an idle connection as a client (a load balancer,
    // a test's request context) sends on it again, a reset.
    if (fastifyOptions.keepAliveTimeout) server.keepAliveTimeout = fastifyOptions.keepAliveTimeout;
    return server;
  };
}

export function readJson<T>(file: string): T {
  return JSON.parse(readFileSync(file, 'utf8')) as T;
}
