import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { ROOT } from '../bundles';
import { runToEnd } from '../processes';
import { createPageRenderer, linkPreviewTags, type PageRenderer } from './page-renderer';

/**
 * The site server's page renderer with the shell's real server build (built here) and remote server
 * builds written by hand: which release renders, what happens when one fails or is slow, what reaches the
 * HTML. The real remotes' server builds are exercised in the browser tests (e2e/tests/server-rendering.spec.ts).
 */
let root: string;
let api: http.Server;
let render: PageRenderer;
let renderWithTightBudget: PageRenderer;
const remotesFile = () => path.join(root, 'remotes.json');
let partTypes: unknown[] = [];

function write(file: string, content: string) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
}

/** A remote release whose server build renders `heading` (or whose code is `code`). */
function release(version: string, body: { heading?: string; code?: string; prefetch?: string }) {
  const dir = path.join(root, 'mf-parts/releases', version);
  const code =
    body.code ??
    `const { jsx } = require('react/jsx-runtime');
     module.exports = {
       default: function App({ basePath }) { return jsx('h1', { children: ${JSON.stringify(body.heading)} + ' at ' + basePath }); },
       prefetch: ${body.prefetch ?? "async ({ path }) => (path === '' ? { title: 'All Parts', description: 'Every <part>' } : null)"},
     };`;
  // Two chunks of a build can hold the same CSS (webpack names both files by that content's hash).
  write(path.join(dir, 'mf-manifest.json'), JSON.stringify({ exposes: [{ assets: { css: { sync: ['app.css'], async: ['page.css', 'copy.css', 'main.css', 'shared.css'] } } }] }));
  // The shared package's CSS is in every build: here under the shell's own name and under another one.
  write(path.join(dir, 'main.css'), 'body { margin: 0 }');
  write(path.join(dir, 'shared.css'), 'body { margin: 0 }');
  write(path.join(dir, 'app.css'), `.parts-${version} { color: red }`);
  write(path.join(dir, 'page.css'), `.page-${version} { color: blue }`);
  write(path.join(dir, 'copy.css'), `.page-${version} { color: blue }`);
  write(path.join(dir, 'server/ssr-manifest.json'), JSON.stringify({ entry: `server.${version}.js` }));
  write(path.join(dir, `server/server.${version}.js`), code);
}

function useRelease(version: string) {
  write(remotesFile(), JSON.stringify({ mf_parts: `/remotes/mf-parts/releases/${version}/mf-manifest.json` }));
}

beforeAll(async () => {
  // Inside the repository: the server build requires react & co. from its node_modules.
  mkdirSync(path.join(ROOT, '.tmp'), { recursive: true });
  root = mkdtempSync(path.join(ROOT, '.tmp', 'ssr-test-'));
  await runToEnd(process.execPath, [require.resolve('webpack-cli/bin/cli.js'), '-c', 'webpack.prerender.js', '--output-path', path.join(root, 'dist-ssr')], {
    cwd: path.join(ROOT, 'shell'),
  });
  write(path.join(root, 'shell/index.html'), '<!doctype html><html><head><meta name="description" content="Battledeck"><title>Battledeck</title><script defer="defer" src="/config.js"></script><script defer="defer" src="/main.0badc0de.js"></script></head><body><noscript>Battledeck needs JavaScript to run.</noscript><div id="root"></div></body></html>');
  write(path.join(root, 'shell/main.css'), 'body { margin: 0 }');
  api = http.createServer((req, res) => {
    res.setHeader('Content-Type', 'application/json');
    if (req.url === '/api/parts/types') return void res.end(JSON.stringify(partTypes));
    res.statusCode = 404;
    res.end('{}');
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  release('v1', { heading: 'Parts v1' });
  useRelease('v1');
  const options = {
    shellDir: path.join(root, 'shell'),
    remotesFile: remotesFile(),
    siteFile: (urlPath: string) => (urlPath.startsWith('/remotes/mf-parts/') ? path.join(root, 'mf-parts', urlPath.slice('/remotes/mf-parts/'.length)) : null),
    apiBaseUrl: `http://127.0.0.1:${(api.address() as AddressInfo).port}/api`,
    imageBaseUrl: 'https://cdn.example/img',
    publicOrigin: 'https://deck.example',
    renderBundle: path.join(root, 'dist-ssr/render.js'),
  };
  // A first render compiles React's server code: done once here. The other tests are not about time, so
  // their budget is generous (a loaded CI machine took longer than 300 ms for a warm page); the budget test
  // has its own tight one.
  await createPageRenderer({ ...options, budgetMs: 30_000 })({ url: '/parts' });
  render = createPageRenderer({ ...options, budgetMs: 30_000 });
  renderWithTightBudget = createPageRenderer({ ...options, budgetMs: 300 });
}, 120_000);

afterAll(async () => {
  await new Promise((resolve) => api.close(resolve));
  rmSync(root, { recursive: true, force: true });
});

beforeEach(() => {
  partTypes = [];
  useRelease('v1');
});

describe('server rendering through the remotes (ADR 012)', () => {
  it("renders a remote's page into the shell: markup, title, description, the remote's styles and the query cache", async () => {
    const page = await render({ url: '/parts' });
    expect(page?.status).toBe(200);
    const html = page!.html.toString();
    expect(html).toContain('<h1>Parts v1 at /parts</h1>');
    expect(html).toContain('<title>All Parts | Battledeck</title>');
    expect(html).toContain('<meta name="description" content="Every &#60;part&#62;">');
    // Each file's style tag carries the file's name, so the chunk loader in the browser does not fetch it
    // again; a style that two files of the build hold is inlined once, its second name marked empty.
    expect(html).toContain('<style data-href="main.css">body { margin: 0 }</style>');
    expect(html).toContain('<style data-href="app.css">.parts-v1 { color: red }</style>');
    expect(html).toContain('<style data-href="page.css">.page-v1 { color: blue }</style>');
    expect(html).toContain('<style data-href="copy.css"></style>');
    expect(html.split('.page-v1 { color: blue }')).toHaveLength(2);
    // What the shell's tags hold already is not inlined again for the remote: one tag per name, one copy of a text.
    expect(html.split('data-href="main.css"')).toHaveLength(2);
    expect(html).toContain('<style data-href="shared.css"></style>');
    expect(html.split('body { margin: 0 }')).toHaveLength(2);
    const state = JSON.parse(/<script type="application\/json" id="battledeck-state">(.*?)<\/script>/.exec(html)![1]) as { remote: string; queries: { queries: unknown[] } };
    expect(state.remote).toBe('mf_parts');
    expect(state.queries.queries).toHaveLength(1);
  });

  it('sends the status the remote gives its page: a page saying its member or thing does not exist is a 404', async () => {
    release('v404', { heading: 'Nobody here', prefetch: "async ({ path }) => (path === '/nobody' ? { title: 'User not found', status: 404 } : null)" });
    useRelease('v404');
    const page = await render({ url: '/parts/nobody' });
    expect(page?.status).toBe(404);
    expect(page!.html.toString()).toContain('<title>User not found | Battledeck</title>');
    expect(page!.html.toString()).toContain('<h1>Nobody here at /parts</h1>');
  });

  it('sends the static page with its 404 when the remote leaves a missing thing to the browser (a private station is one to visitors)', async () => {
    release('vhidden', { heading: 'Hidden', prefetch: "async ({ path }) => (path === '/hidden' ? { title: 'Error', status: 404, renderInBrowser: true } : null)" });
    useRelease('vhidden');
    const page = await render({ url: '/parts/hidden' });
    expect(page?.status).toBe(404);
    // The page as the site sends it unrendered: the browser renders it, signed in if its visitor is.
    expect(page!.html.toString()).toBe(readFileSync(path.join(root, 'shell/index.html'), 'utf8'));
  });

  it("renders an address the route table does not know as the shell's not-found page, a 404", async () => {
    for (const url of ['/nowhere', '/nowhere/at/all?x=1', '/%3Cscript%3E']) {
      const page = await render({ url });
      expect(page?.status).toBe(404);
      const html = page!.html.toString();
      expect(html).toContain('<title>Page not found | Battledeck</title>');
      expect(html).toContain('<h1>Page not found</h1>');
      expect(html).toContain('id="battledeck-state"');
      expect(html).not.toContain('<script>');
    }
  });

  it('names the canonical address the page gives, else its path without the query, and none on a 404', async () => {
    const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]*)">/.exec(html)?.[1];
    const plain = await render({ url: '/parts?utm_source=x&pageNumber=1' });
    expect(canonicalOf(plain!.html.toString())).toBe('https://deck.example/parts');
    expect(plain!.html.toString()).toContain('<meta property="og:url" content="https://deck.example/parts">');

    release('vcanon', {
      heading: 'Sorted',
      prefetch: `async ({ path }) => ({
        '': { title: 'All Parts', canonical: '/parts?sortBy=name&q=%3Cb%3E' },
        '/away': { title: 'x', canonical: '//evil.example/x' },
        '/gone': { title: 'Not here', status: 404 },
      })[path] ?? null`,
    });
    useRelease('vcanon');
    const sorted = (await render({ url: '/parts?direction=asc&sortBy=name&x=1' }))!.html.toString();
    expect(canonicalOf(sorted)).toBe('https://deck.example/parts?sortBy=name&#38;q=%3Cb%3E');
    expect(sorted).toContain('<meta property="og:url" content="https://deck.example/parts?sortBy=name&#38;q=%3Cb%3E">');
    // Not a path of this site: no canonical address and no og:url rather than another site's.
    const away = (await render({ url: '/parts/away' }))!.html.toString();
    expect(away).not.toContain('evil.example');
    expect(canonicalOf(away)).toBeUndefined();
    const gone = await render({ url: '/parts/gone' });
    expect(gone?.status).toBe(404);
    expect(canonicalOf(gone!.html.toString())).toBeUndefined();
  });

  it('answers 302 to the page a remote names instead (a list page past the end), and only to a path of this site', async () => {
    release('vmove', {
      heading: 'Moved',
      prefetch: `async ({ path }) => ({
        '/deep': { title: 'All Parts', redirect: '/parts?sortBy=name' },
        '/away': { title: 'x', redirect: '//evil.example/x' },
        '/scheme': { title: 'x', redirect: 'https://evil.example/x' },
        '/slash': { title: 'x', redirect: '/\\\\evil.example' },
        '/split': { title: 'x', redirect: '/parts\\r\\nSet-Cookie: a=b' },
      })[path] ?? null`,
    });
    useRelease('vmove');
    const moved = await render({ url: '/parts/deep?pageNumber=999' });
    expect([moved?.status, moved?.headers, moved?.html.length]).toEqual([302, { Location: '/parts?sortBy=name' }, 0]);
    for (const url of ['/parts/away', '/parts/scheme', '/parts/slash', '/parts/split']) expect([url, await render({ url })]).toEqual([url, null]);
  });

  it('keeps text beyond ASCII whole, in what React hoists into <head> and in the markup, and the description it was built with', async () => {
    release('utf8', {
      code: `const { jsx, jsxs } = require('react/jsx-runtime');
        module.exports = {
          default: () => jsxs('main', { children: [jsx('meta', { name: 'theme-color', content: 'Café – 🎧' }), jsx('h1', { children: 'Über – 🎧 desk' })] }),
          prefetch: async () => ({ title: 'Parts' }),
        };`,
    });
    useRelease('utf8');
    const html = (await render({ url: '/parts' }))!.html.toString();
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<meta name="theme-color" content="Café – 🎧"/>');
    expect(html).toContain('<main><h1>Über – 🎧 desk</h1></main>');
    // Nothing hoisted is left at the start of the markup.
    expect(html).toContain('<div id="root"><div class=');
    expect(head).toContain('<meta name="description" content="Battledeck">');
  });

  it('writes the link-preview tags (SPEC decision 28) by absolute URLs, and takes images from the configured base', async () => {
    release('preview', {
      code: `const { jsx } = require('react/jsx-runtime');
        const { imageUrl } = require('@battledeck/shared/format');
        module.exports = {
          default: () => jsx('img', { src: imageUrl('battlestations', 'a b.jpg'), alt: '' }),
          prefetch: async ({ path }) => (path === '' ? { title: 'Desk <1> "x"', description: 'A desk & more', image: imageUrl('battlestations', 'a b.jpg') } : { title: 'No picture' }),
        };`,
    });
    useRelease('preview');
    const html = (await render({ url: '/parts?page=2' }))!.html.toString();
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<meta property="og:title" content="Desk &#60;1&#62; &#34;x&#34; | Battledeck">');
    expect(head).toContain('<meta property="og:description" content="A desk &#38; more">');
    expect(head).toContain('<meta property="og:url" content="https://deck.example/parts">');
    expect(head).toContain('<meta property="og:image" content="https://cdn.example/img/battlestations/a%20b.jpg">');
    expect(head).toContain('<meta name="twitter:card" content="summary_large_image">');
    // The markup's images come from the same base as the browser's (IMAGE_BASE_URL), not from /images.
    expect(html).toContain('<img src="https://cdn.example/img/battlestations/a%20b.jpg" alt=""/>');

    const plain = (await render({ url: '/parts/other' }))!.html.toString();
    expect(plain).toContain('<meta name="twitter:card" content="summary">');
    expect(plain).not.toContain('og:image');
    // Without a description of its own, the page's preview says what the site's default description says.
    expect(plain).toContain('<meta property="og:description" content="Battledeck">');
  });

  it('names a picture on the site by its public origin, and leaves out what has no absolute URL', () => {
    const page = { title: 'T', pathname: '/battlestations/1' };
    expect(linkPreviewTags({ ...page, image: '/images/battlestations/x.jpg', publicOrigin: 'https://deck.example' })).toContain(
      '<meta property="og:image" content="https://deck.example/images/battlestations/x.jpg">',
    );
    const withoutOrigin = linkPreviewTags({ ...page, image: '/images/battlestations/x.jpg' });
    expect(withoutOrigin).not.toContain('og:image');
    expect(withoutOrigin).not.toContain('og:url');
    expect(withoutOrigin).toContain('<meta name="twitter:card" content="summary">');
  });

  it('starts the app after the page has loaded, in the order of the deferred scripts, and drops the no-script notice', async () => {
    const html = (await render({ url: '/parts' }))!.html.toString();
    expect(html.match(/<script [^>]*src=[^>]*>/g)).toEqual(['<script defer src="/after-load.js" data-scripts="/config.js /main.0badc0de.js">']);
    expect(html).not.toContain('<noscript>');
  });

  it('renders what the release remotes.json names now: a new release changes the HTML without a restart', async () => {
    release('v2', { heading: 'Parts v2' });
    useRelease('v2');
    expect((await render({ url: '/parts' }))!.html.toString()).toContain('Parts v2');
    useRelease('v1');
    expect((await render({ url: '/parts' }))!.html.toString()).toContain('Parts v1');
  });

  it('leaves the page to the browser when the remote declines it, for other areas and for signed-in pages', async () => {
    expect(await render({ url: '/parts/view/1' })).toBeNull();
    expect(await render({ url: '/profile' })).toBeNull();
    expect(await render({ url: '/admin' })).toBeNull();
    expect(await render({ url: '/login' })).toBeNull();
    expect(await render({ url: '/Login/password-reset' })).toBeNull();
    // The route table ignores case: /Parts is the parts area, not an unknown address.
    expect(await render({ url: '/Parts/view/1' })).toBeNull();
  });

  it('leaves the page to the browser when the server build fails to load or to render', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    release('broken', { code: 'throw new Error("broken build")' });
    useRelease('broken');
    await expect(render({ url: '/parts' })).rejects.toThrow('broken build');
    release('throws', { heading: 'x', prefetch: "async () => { throw new Error('prefetch failed'); }" });
    useRelease('throws');
    await expect(render({ url: '/parts' })).rejects.toThrow('prefetch failed');
    release('unshared', { code: "require('antd'); module.exports = {};" });
    useRelease('unshared');
    await expect(render({ url: '/parts' })).rejects.toThrow('"antd", which the site does not share');
  });

  it("fetches a remote's server build from another origin over https only, or over http from this machine", async () => {
    // A static server on loopback for the remote's files, as another origin.
    const files = http.createServer((req, res) => {
      const file = path.join(root, 'mf-parts', (req.url ?? '').replace(/^\/mf-parts\//, ''));
      try {
        res.end(readFileSync(file));
      } catch {
        res.statusCode = 404;
        res.end();
      }
    });
    await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve));
    const port = (files.address() as AddressInfo).port;
    try {
      release('v7', { heading: 'Parts from another origin' });
      write(remotesFile(), JSON.stringify({ mf_parts: `http://127.0.0.1:${port}/mf-parts/releases/v7/mf-manifest.json` }));
      expect((await render({ url: '/parts' }))!.html.toString()).toContain('Parts from another origin');
      // Over plain http from elsewhere, anyone on the way could change what runs in the site's process.
      write(remotesFile(), JSON.stringify({ mf_parts: `http://remotes.example:${port}/mf-parts/releases/v7/mf-manifest.json` }));
      await expect(render({ url: '/parts' })).rejects.toThrow('is fetched over https only');
    } finally {
      await new Promise((resolve) => files.close(resolve));
    }
  });

  it('gives up on a page over the budget', async () => {
    release('slow', { heading: 'slow', prefetch: "() => new Promise((resolve) => setTimeout(() => resolve({ title: 'Slow' }), 10000).unref())" });
    useRelease('slow');
    const started = Date.now();
    await expect(renderWithTightBudget({ url: '/parts' })).rejects.toThrow('budget');
    // Well before the page would have been ready.
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('writes API data into the page so that it cannot close the script or inject markup', async () => {
    partTypes = [{ type_id: 1, type_name: '</script><script>alert(1)</script>', type_path: 'x\u2028' }];
    const html = (await render({ url: '/parts' }))!.html.toString();
    expect(html).not.toContain('<script>alert(1)');
    const json = /id="battledeck-state">(.*?)<\/script>/s.exec(html)![1];
    expect(json).toContain('\\u003c/script>');
    expect((JSON.parse(json) as { queries: { queries: { state: { data: { type_name: string }[] } }[] } }).queries.queries[0].state.data[0].type_name).toBe(
      '</script><script>alert(1)</script>',
    );
  });
});
