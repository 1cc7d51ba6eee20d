import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream';
import zlib from 'node:zlib';

/**
 * The composed site on one origin: the shell's files, each remote's files under /remotes/<folder>/,
 * remotes.json and config.js, and /api + /images passed through to the data service.
 */
export interface SiteServerOptions {
  port: number;
  host?: string;
  apiOrigin: string;
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
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.json', '.svg', '.map', '.txt']);
const HASHED = /\.[0-9a-f]{8}\.(js|css)$|\/assets\//;

/** Origins (scheme://host[:port]) of absolute URLs; relative ones are same-origin already. */
function originsOf(urls: string[]): string[] {
  const origins = new Set<string>();
  for (const url of urls) {
    if (/^https?:\/\//i.test(url)) origins.add(new URL(url).origin);
  }
  return [...origins];
}

/**
 * The site's Content-Security-Policy: scripts only from this origin and the remotes listed in remotes.json,
 * API and identity calls only to this origin and Firebase Auth, images from here or the image CDN, no
 * framing. antd writes its styles at run time, hence 'unsafe-inline' for styles (never for scripts).
 */
export function contentSecurityPolicy(options: { remoteUrls: string[]; imageBaseUrl: string; authUrls: string[] }): string {
  const remotes = originsOf(options.remoteUrls);
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

/** The remotes' URLs from remotes.json, re-read when the file changes (a remote deploy). */
function remoteUrlsReader(file: string): () => string[] {
  let seen = -1;
  let urls: string[] = [];
  return () => {
    const mtime = existsSync(file) ? statSync(file).mtimeMs : 0;
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

function resolveInside(root: string, urlPath: string): string | null {
  const file = path.normalize(path.join(root, decodeURIComponent(urlPath)));
  if (file !== root && !file.startsWith(root + path.sep)) return null;
  return existsSync(file) && statSync(file).isFile() ? file : null;
}

/** A remote's file: from one of its releases (/remotes/<folder>/releases/<version>/…) or its plain build. */
function remoteFile(options: SiteServerOptions, folder: string, rest: string): string | null {
  const release = /^\/releases\/([\w-]+)(\/.*)$/.exec(rest);
  if (release) {
    const releases = options.remoteReleaseDirs?.[folder];
    return releases ? resolveInside(path.join(releases, release[1]), release[2]) : null;
  }
  const dir = options.remoteDirs[folder];
  return dir ? resolveInside(dir, rest) : null;
}

function sendFile(req: IncomingMessage, res: ServerResponse, file: string, cache: string): void {
  const ext = path.extname(file);
  res.setHeader('Content-Type', TYPES[ext] ?? 'application/octet-stream');
  res.setHeader('Cache-Control', cache);
  const accepts = String(req.headers['accept-encoding'] ?? '');
  if (COMPRESSIBLE.has(ext) && /\bgzip\b/.test(accepts)) {
    res.setHeader('Content-Encoding', 'gzip');
    res.setHeader('Vary', 'Accept-Encoding');
    if (req.method === 'HEAD') return void res.end();
    pipeline(createReadStream(file), zlib.createGzip({ level: 6 }), res, () => {});
    return;
  }
  res.setHeader('Content-Length', statSync(file).size);
  if (req.method === 'HEAD') return void res.end();
  pipeline(createReadStream(file), res, () => {});
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

const MAX_TARGET_LENGTH = 8192;

/** Hop-by-hop headers (RFC 9110 7.6.1) belong to one connection and are never forwarded. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'te', 'trailer', 'transfer-encoding', 'upgrade', 'proxy-authorization']);

function forwardedHeaders(req: IncomingMessage, host: string): http.OutgoingHttpHeaders {
  const named = String(req.headers.connection ?? '').toLowerCase().split(',').map((name) => name.trim());
  const headers: http.OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (!HOP_BY_HOP.has(name) && !named.includes(name) && value !== undefined) headers[name] = value;
  }
  if (req.headers['transfer-encoding']) headers['transfer-encoding'] = 'chunked';
  // The API believes X-Forwarded-For from loopback only (TRUST_PROXY): it is always set here, never passed on.
  return { ...headers, host, 'x-forwarded-for': req.socket.remoteAddress ?? '' };
}

/** Passes an /api or /images request to the API origin: the upstream host and port are fixed, only the path varies. */
function proxy(req: IncomingMessage, res: ServerResponse, api: URL, target: string): void {
  const upstream = http.request(
    { protocol: api.protocol, hostname: api.hostname, port: api.port, path: target, method: req.method, headers: forwardedHeaders(req, api.host) },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      pipeline(answer, res, () => {});
    },
  );
  upstream.on('error', () => {
    if (res.headersSent) return void res.destroy();
    res.writeHead(503, { 'Content-Type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify({ message: 'The service is unavailable right now. Please try again later.' }));
  });
  pipeline(req, upstream, () => {});
}

function answerText(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'Content-Type': TYPES['.txt'], 'Cache-Control': 'no-store' });
  res.end(text);
}

export function createSiteServer(options: SiteServerOptions): http.Server {
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

  const apiOrigin = new URL(options.apiOrigin);

  function handle(req: IncomingMessage, res: ServerResponse): void {
    // Refused before routing: nothing in a request can name another host for the proxy or a file outside the roots.
    const target = originFormTarget(req.url);
    if (!target) return answerText(res, 400, 'Bad request');
    const url = new URL(target, 'http://site');
    const pathname = url.pathname;
    if (pathname.startsWith('/api/') || pathname === '/api' || pathname.startsWith('/images/')) {
      // What was routed is what goes upstream: the path with its dot segments resolved, and the query.
      return proxy(req, res, apiOrigin, `${pathname}${url.search}`);
    }
    // Behind a TLS-terminating proxy the original scheme arrives in X-Forwarded-Proto.
    const https = req.headers['x-forwarded-proto'] === 'https' || 'encrypted' in req.socket;
    const csp = contentSecurityPolicy({ remoteUrls: remoteUrls(), imageBaseUrl: clientConfig.imageBaseUrl ?? '/images', authUrls });
    for (const [name, value] of Object.entries(securityHeaders(csp, https))) res.setHeader(name, value);
    // A malformed percent-encoding would make decodeURIComponent throw inside the handler.
    if (!decodable(pathname)) return answerText(res, 400, 'Bad request');
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD' });
      return void res.end();
    }
    if (pathname === '/config.js') {
      res.writeHead(200, { 'Content-Type': TYPES['.js'], 'Cache-Control': 'no-cache' });
      return void res.end(configJs);
    }
    if (pathname === '/remotes.json') return sendFile(req, res, options.remotesFile, 'no-cache');
    // Source maps stay build artefacts (they rebuild the source for anyone who asks); the site never serves them.
    if (pathname.endsWith('.map')) return answerText(res, 404, 'Not found');

    const remote = /^\/remotes\/([\w-]+)(\/.*)$/.exec(pathname);
    if (remote) {
      const file = remoteFile(options, remote[1], remote[2]);
      if (!file) return answerText(res, 404, 'Not found');
      return sendFile(req, res, file, HASHED.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache');
    }

    const file = resolveInside(options.shellDir, pathname) ?? resolveInside(options.publicDir, pathname);
    if (file && !file.endsWith('index.html')) {
      return sendFile(req, res, file, HASHED.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache');
    }
    if (pathname === '/' && existsSync(homeFile)) return sendFile(req, res, homeFile, 'no-cache');
    // Every other path is a page of the single-page app.
    if (path.extname(pathname) && pathname !== '/') return answerText(res, 404, 'Not found');
    return sendFile(req, res, indexFile, 'no-cache');
  }

  const server = http.createServer((req, res) => {
    // The last resort: whatever a request makes throw is logged and answered; the process goes on serving.
    try {
      handle(req, res);
    } catch (error) {
      console.error('site server: request failed', { method: req.method, url: req.url?.slice(0, 200) }, error);
      if (res.headersSent) return void res.destroy();
      answerText(res, 500, 'Internal server error');
    }
  });
  // A request the HTTP parser cannot read (bad bytes, oversized headers) gets a 400 and its socket closes.
  server.on('clientError', (_error, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
    else socket.destroy();
  });
  return server;
}

export function readJson<T>(file: string): T {
  return JSON.parse(readFileSync(file, 'utf8')) as T;
}
