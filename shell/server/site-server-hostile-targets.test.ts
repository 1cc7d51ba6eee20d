import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createSiteServer, originFormTarget, type SiteServer } from './site-server';

/**
 * Issue 15, findings 1, 2 and 11 (source maps): the front door forwards only its own origin's /api and
 * /images paths to the configured API, whatever the request target or headers say, and no request ends the
 * process. Requests go over a raw socket, byte for byte, so no URL parser normalises them on the way.
 */
let root: string;
let remotesFile: string;
let site: SiteServer;
let api: http.Server;
let bystander: http.Server;
let sitePort: number;
let bystanderPort: number;
/** What reached the API and the bystander (a service on another loopback port, like the Auth emulator). */
let apiSaw: { url: string; host: string; headers: http.IncomingHttpHeaders }[];
let bystanderHits: number;

function write(file: string, content: string) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
}

async function listen(server: http.Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/**
 * Sends `head` (request line and headers, CRLF-separated) as is and resolves with the status and the raw
 * answer, once the server closes the connection or has been quiet for a moment after answering.
 */
function raw(head: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(sitePort, '127.0.0.1');
    let text = '';
    let quiet: NodeJS.Timeout | undefined;
    const done = () => {
      clearTimeout(quiet);
      socket.destroy();
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0), text });
    };
    socket.setTimeout(5000, () => socket.destroy(new Error(`no answer to ${JSON.stringify(head.split('\r\n')[0])}`)));
    socket.on('data', (chunk) => {
      text += chunk.toString('latin1');
      clearTimeout(quiet);
      quiet = setTimeout(done, 200);
    });
    socket.on('error', reject);
    socket.on('close', done);
    socket.write(head.includes('\r\n\r\n') ? head : `${head}\r\nHost: localhost\r\nConnection: close\r\n\r\n`);
  });
}

beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), 'bd-site-hostile-'));
  write(path.join(root, 'shell/dist/index.html'), '<!doctype html><title>Battledeck</title>');
  write(path.join(root, 'shell/dist/main.0badc0de.js'), 'self.main = 1;\n//# sourceMappingURL=main.0badc0de.js.map');
  write(path.join(root, 'shell/dist/main.0badc0de.js.map'), '{"version":3,"sources":["secret.tsx"]}');
  write(path.join(root, 'mf-parts/dist/remoteEntry.0badc0de.js.map'), '{"version":3,"sources":["secret.tsx"]}');
  // What a remote's build writes for the site's server and for its tools, never for a browser.
  write(path.join(root, 'mf-parts/dist/mf-manifest.json'), '{"name":"mf_parts"}');
  write(path.join(root, 'mf-parts/dist/server/ssr-manifest.json'), '{"entry":"server.0badc0de.js"}');
  write(path.join(root, 'mf-parts/dist/server/server.0badc0de.js'), 'require("/work/main/shared/src/singletons/antd.ts");');
  write(path.join(root, 'mf-parts/dist/mf-manifest-stats.json'), '{"metaData":{"buildInfo":"/work/main"}}');
  write(path.join(root, 'mf-parts/dist/singletons.json'), '{"react":["/work/main"]}');
  write(path.join(root, 'mf-parts/releases/v1/server/ssr-manifest.json'), '{"entry":"server.0badc0de.js"}');
  write(path.join(root, 'shell/dist/mf-manifest-stats.json'), '{"metaData":{"buildInfo":"/work/main"}}');
  write(path.join(root, 'shell/dist/singletons.json'), '{"react":["/work/main"]}');
  // The development copies in shell/public, which the site never serves under these names.
  write(path.join(root, 'shell/public/config.js'), 'window.DEVELOPMENT_COPY = 1;');
  write(path.join(root, 'shell/public/remotes.json'), '{"development":"copy"}');
  remotesFile = path.join(root, 'remotes.json');
  write(remotesFile, JSON.stringify({ mf_parts: '/remotes/mf-parts/mf-manifest.json' }));

  api = http.createServer((req, res) => {
    apiSaw.push({ url: req.url ?? '', host: req.headers.host ?? '', headers: req.headers });
    res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"from":"api"}');
  });
  bystander = http.createServer((_req, res) => {
    bystanderHits += 1;
    res.writeHead(200, { 'Content-Type': 'text/html' }).end('<script>alert(document.domain)</script>');
  });
  const apiPort = await listen(api);
  bystanderPort = await listen(bystander);
  site = await createSiteServer({
    port: 0,
    apiOrigin: `http://127.0.0.1:${apiPort}`,
    publicOrigin: 'https://deck.example',
    shellDir: path.join(root, 'shell/dist'),
    publicDir: path.join(root, 'shell/public'),
    remoteDirs: { 'mf-parts': path.join(root, 'mf-parts/dist') },
    remoteReleaseDirs: { 'mf-parts': path.join(root, 'mf-parts/releases') },
    remotesFile,
    clientConfig: { imageBaseUrl: '/images' },
    // These clients connect from loopback, which the site trusts as a proxy by default: here it trusts none.
    trustProxy: 'false',
  });
  await site.listen({ port: 0, host: '127.0.0.1' });
  sitePort = (site.server.address() as AddressInfo).port;
});
beforeEach(() => {
  apiSaw = [];
  bystanderHits = 0;
});
afterAll(async () => {
  await site.close();
  await Promise.all([api, bystander].map((server) => new Promise((resolve) => server.close(resolve))));
  rmSync(root, { recursive: true, force: true });
});

describe('a request target that is not origin-form', () => {
  const targets = () => [
    `//127.0.0.1:${bystanderPort}/api/x`,
    `//127.0.0.1:${bystanderPort}/api/page.html`,
    `//127.0.0.1:${bystanderPort}/images/x.png`,
    `http://127.0.0.1:${bystanderPort}/api/x`,
    `http://localhost:8080//127.0.0.1:${bystanderPort}/api/page.html`,
    `HTTP://127.0.0.1:${bystanderPort}/images/a.png`,
    'https://127.0.0.1:1/api/x',
    '//a:99999/api/x',
    '//[::1/api/x',
    `/\\127.0.0.1:${bystanderPort}/api/x`,
    `/\\\\127.0.0.1:${bystanderPort}/api/x`,
    '*',
    'api/x',
  ];

  it('is refused with 400 before routing, and nothing reaches the API or any other listener', async () => {
    for (const target of targets()) {
      const { status } = await raw(`GET ${target} HTTP/1.1`);
      expect({ target, status }).toEqual({ target, status: 400 });
    }
    expect(bystanderHits).toBe(0);
    expect(apiSaw).toEqual([]);
  });

  it('is refused for every method, a body or not', async () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'OPTIONS', 'HEAD']) {
      const { status } = await raw(`${method} //127.0.0.1:${bystanderPort}/api/x HTTP/1.1\r\nHost: localhost\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}`);
      expect({ method, status }).toEqual({ method, status: 400 });
    }
    expect(bystanderHits).toBe(0);
  });
});

it('forwards an origin-form /api or /images request to the configured API only, whatever Host says', async () => {
  const answer = await raw(`GET /api/battlestations?x=//127.0.0.1:${bystanderPort}/ HTTP/1.1\r\nHost: 127.0.0.1:${bystanderPort}\r\nConnection: close\r\n\r\n`);
  expect(answer.status).toBe(200);
  expect(answer.text).toContain('{"from":"api"}');
  // Dot segments are resolved before routing, and what is forwarded is the path that was routed.
  // A path those leave authority-like is refused as the raw one is.
  expect((await raw(`GET /images/..//127.0.0.1:${bystanderPort}/x.png HTTP/1.1`)).status).toBe(400);
  expect((await raw(`GET /.//127.0.0.1:${bystanderPort}/api/x HTTP/1.1`)).status).toBe(400);
  await raw('GET /api/%2e%2e/images/../api/users/x HTTP/1.1');
  expect(apiSaw.map((r) => r.url)).toEqual([`/api/battlestations?x=//127.0.0.1:${bystanderPort}/`, '/api/users/x']);
  expect(apiSaw[0].host).not.toContain(String(bystanderPort));
  expect(bystanderHits).toBe(0);
});

it('sets X-Forwarded-For itself and drops hop-by-hop headers, including those Connection names', async () => {
  await raw(
    'GET /api/x HTTP/1.1\r\nHost: localhost\r\nX-Forwarded-For: 203.0.113.9\r\nConnection: close, X-Internal\r\nX-Internal: 1\r\nUpgrade: h2c\r\nProxy-Authorization: Basic eA==\r\n\r\n',
  );
  expect(apiSaw).toHaveLength(1);
  const { headers } = apiSaw[0];
  expect(headers['x-forwarded-for']).toBe('127.0.0.1');
  expect(headers['x-internal']).toBeUndefined();
  expect(headers.upgrade).toBeUndefined();
  expect(headers['proxy-authorization']).toBeUndefined();
});

it('never ends the process: hostile targets, encodings, headers and methods get a 4xx and the site keeps serving', async () => {
  const heads = [
    'GET //a:99999/api/x HTTP/1.1',
    'GET //[::1/api/x HTTP/1.1',
    'GET https://127.0.0.1:1/api/x HTTP/1.1',
    'GET /%E0%A4%A HTTP/1.1',
    'GET /remotes/mf-parts/%ZZ HTTP/1.1',
    'GET /api/\u00e9 HTTP/1.1',
    `GET /${'a'.repeat(9000)} HTTP/1.1`,
    'GET / HTTP/1.1\r\nHost: localhost\r\nX-Bad: a\u0000b\r\n\r\n',
    'GET / HTTP/1.1\r\nHost: localhost\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n',
    'GET / HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\n',
    `CONNECT 127.0.0.1:${bystanderPort} HTTP/1.1\r\nHost: 127.0.0.1:${bystanderPort}\r\n\r\n`,
    'BREW / HTTP/1.1',
    'GET / HTTP/9.9',
  ];
  for (const head of heads) {
    const { status } = await raw(head);
    const line = head.split('\r\n')[0].slice(0, 60);
    // 0: the connection was closed without an answer (CONNECT, an upgrade nobody serves).
    expect({ line, ok: status === 0 || (status >= 400 && status < 500) }).toEqual({ line, ok: true });
  }
  expect(bystanderHits).toBe(0);
  expect((await raw('GET / HTTP/1.1')).status).toBe(200);
});

it('answers 404 for a file path naming no file, even an inherited property as a remote, a NUL byte, a name too long or a path through a file, and logs nothing', async () => {
  const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  try {
    const targets = [
      // ENAMETOOLONG and ENOTDIR from the file system: were a 500 and a logged stack trace.
      `/${'a'.repeat(300)}.js`,
      `/remotes/mf-parts/${'a'.repeat(300)}.js`,
      '/main.0badc0de.js/x.js',
      '/remotes/mf-parts/mf-manifest.json/x',
      '/remotes/constructor/x.js',
      '/remotes/__proto__/x.js',
      '/remotes/toString/releases/v1/x.js',
      '/remotes/hasOwnProperty/releases/v1/remoteEntry.js',
      '/x%00.js',
      '/remotes/mf-parts/a%00.js',
      '/main.0badc0de%0a.js',
    ];
    for (const target of targets) {
      const { status } = await raw(`GET ${target} HTTP/1.1`);
      expect({ target, status }).toEqual({ target, status: 404 });
    }
    expect(error).not.toHaveBeenCalled();
  } finally {
    error.mockRestore();
  }
  expect((await raw('GET /main.0badc0de.js HTTP/1.1')).status).toBe(200);
});

it('answers 500 and keeps serving when a request makes the handler throw (last resort)', async () => {
  const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  try {
    // A remotes.json that cannot be parsed makes working out the CSP throw.
    write(remotesFile, '{ not json');
    const later = new Date(Date.now() + 5000);
    utimesSync(remotesFile, later, later);
    // The site looks at the file at most every 200 ms (site-server.ts fileState).
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect((await raw('GET /battlestations HTTP/1.1')).status).toBe(500);
    expect(error).toHaveBeenCalled();
  } finally {
    error.mockRestore();
    write(remotesFile, JSON.stringify({ mf_parts: '/remotes/mf-parts/mf-manifest.json' }));
    const later = new Date(Date.now() + 10_000);
    utimesSync(remotesFile, later, later);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  expect((await raw('GET /battlestations HTTP/1.1')).status).toBe(200);
});

it("serves none of a remote's build-only files: its server build and the build's statistics", async () => {
  expect((await raw('GET /remotes/mf-parts/mf-manifest.json HTTP/1.1')).status).toBe(200);
  for (const target of [
    '/remotes/mf-parts/server/ssr-manifest.json',
    '/remotes/mf-parts/server/server.0badc0de.js',
    '/remotes/mf-parts/%73erver/server.0badc0de.js',
    '/remotes/mf-parts/releases/v1/server/ssr-manifest.json',
    '/remotes/mf-parts/mf-manifest-stats.json',
    '/remotes/mf-parts/singletons.json',
    '/mf-manifest-stats.json',
    '/singletons.json',
  ]) {
    const { status, text } = await raw(`GET ${target} HTTP/1.1`);
    expect({ target, status }).toEqual({ target, status: 404 });
    expect(text).not.toContain('/work/');
  }
});

it('serves no source maps, of the shell or of a remote', async () => {
  expect((await raw('GET /main.0badc0de.js HTTP/1.1')).status).toBe(200);
  for (const target of [
    '/main.0badc0de.js.map',
    '/remotes/mf-parts/remoteEntry.0badc0de.js.map',
    // Percent-encoded, the name is the same file: the rule reads the decoded path.
    '/main.0badc0de.js.%6dap',
    '/main.0badc0de.js.MA%50',
    '/remotes/mf-parts/remoteEntry.0badc0de.js.ma%70',
    '/remote%73/mf-parts/remoteEntry.0badc0de.js.map',
  ]) {
    const { status, text } = await raw(`GET ${target} HTTP/1.1`);
    expect({ target, status }).toEqual({ target, status: 404 });
    expect(text).not.toContain('secret.tsx');
  }
});

it('answers /config.js and /remotes.json, however encoded, with the running configuration, never the development copies', async () => {
  for (const target of ['/config.js', '/c%6fnfig.js', '/%63onfig.js']) {
    const { status, text } = await raw(`GET ${target} HTTP/1.1`);
    expect({ target, status, development: text.includes('DEVELOPMENT_COPY') }).toEqual({ target, status: 200, development: false });
    expect(text).toContain('__BATTLEDECK_CONFIG__');
  }
  // Reached through an encoded slash and a dot segment, the file is the development copy: never served.
  for (const target of ['/x%2f..%2fconfig.js', '/x%2F..%2Fremotes.json', '/x/..%2fconfig.js']) {
    const { status, text } = await raw(`GET ${target} HTTP/1.1`);
    expect({ target, status, development: /DEVELOPMENT_COPY|development/.test(text) }).toEqual({ target, status: 404, development: false });
  }
  for (const target of ['/remotes.json', '/remot%65s.json', '/%72emotes.json']) {
    const { status, text } = await raw(`GET ${target} HTTP/1.1`);
    expect({ target, status, development: text.includes('development') }).toEqual({ target, status: 200, development: false });
    expect(text).toContain('mf_parts');
  }
});

it('sends its security headers with every refusal, also those made before routing', async () => {
  for (const head of ['GET //h/x HTTP/1.1', 'GET http://h/x HTTP/1.1', 'GET /a%zz HTTP/1.1', 'GET /nothing-here.js HTTP/1.1']) {
    const { status, text } = await raw(head);
    const headers = text.split('\r\n\r\n', 1)[0].toLowerCase();
    expect({ head, status: status >= 400 }).toEqual({ head, status: true });
    expect(headers).toContain('x-content-type-options: nosniff');
    expect(headers).toContain('x-frame-options: deny');
    expect(headers).toMatch(/content-security-policy: [^\r\n]*frame-ancestors 'none'/);
  }
});

describe('originFormTarget', () => {
  it.each(['/', '/api/x?y=1', '/images/battlestations/a_thumb.jpg', '/parts/view/12', "/a/b;c=d/%2F?q='x'"])('accepts %s', (target) => {
    expect(originFormTarget(target)).toBe(target);
  });
  it.each(['', '//h/x', 'http://h/x', '/\\h', '/a\\b', '*', 'x', '/a b', '/\u00e9', '/\u0000'])('refuses %j', (target) => {
    expect(originFormTarget(target)).toBeNull();
  });
});
