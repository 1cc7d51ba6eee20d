import { existsSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import vm from 'node:vm';
import { BRAND, escapeHtml } from '@battledeck/shared/format';
import type { PageHead, RemoteName, RemoteServerModule } from '@battledeck/shared/remote';
import { oembedDiscoveryLink } from '../embed-card';
import { isLoopbackHost } from '../loopback';
import { withProductionReact } from './production-react';
import { inlineStyles, noStylesInlined, shellStyleFiles, type InlinedStyles, type StyleFile } from './shell-styles';

/**
 * Server rendering of the public pages (ADR 012), on the site server's side: loads the shell's server build
 * (shell/dist-ssr/render.js) and each remote's server build from the release remotes.json names now,
 * renders within a budget, and writes the page into the shell's index.html. Whatever fails or is late,
 * the page goes out unrendered, as before, and the browser renders it.
 */
export interface PageRendererOptions {
  shellDir: string;
  remotesFile: string;
  /** The file on disk the site serves at a URL path (a same-origin remote's files), or null. */
  siteFile(urlPath: string): string | null;
  /** The API's base URL for the server's own data requests, e.g. http://127.0.0.1:8081/api. */
  apiBaseUrl: string;
  /** Where the pages' images are served from, as the browser is told (IMAGE_BASE_URL; default /images). */
  imageBaseUrl?: string;
  budgetMs: number;
  /**
   * The site's public origin (PUBLIC_ORIGIN): a station page's head names its oEmbed answer there (ADR 018),
   * and link previews name the page and its picture by absolute URLs.
   */
  publicOrigin?: string;
  /** For tests: the shell's server build (default shell/dist-ssr/render.js). */
  renderBundle?: string;
}

/** The shell's server build (src/ssr/render.tsx). */
interface ShellRender {
  sharedEntryPoints: Record<string, unknown>;
  configureServer(settings: { apiBaseUrl: string; imageBaseUrl: string }): void;
  renderPage(request: { url: string; loadRemote(name: RemoteName): Promise<RemoteServerModule>; signal: AbortSignal }): Promise<{
    head: PageHead;
    hoisted: string;
    markup: Uint8Array;
    state: string;
  } | null>;
  pageTitle(page?: string): string;
}

export interface PageRenderer {
  (request: { url: string }): Promise<{ status: number; html: Buffer; headers?: Record<string, string> } | null>;
  /**
   * Renders these pages once, with no budget (the site calls it once it listens): the first render compiles
   * React's server code and evaluates each remote's build, which would otherwise push the first visitors past it.
   */
  warmUp(urls: string[]): Promise<void>;
}

/** Singletons a remote's server build may require, besides the shared package (webpack.common.js leaves them out of it). */
const NPM_SINGLETONS = ['react', 'react/jsx-runtime', 'react-dom', 'react-dom/server', 'react-router-dom', '@tanstack/react-query', 'zustand', 'zustand/vanilla'];

/** How long a file of a remote on another origin is reused before it is fetched again. */
const REFETCH_AFTER_MS = 5000;

function withTimeout<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(new Error('over the server render budget'));
    if (signal.aborted) return abort();
    signal.addEventListener('abort', abort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}

/** A file read again only when it changed. */
function cachedByMtime<T>(read: (file: string) => T): (file: string) => T {
  const cache = new Map<string, { mtime: number; value: T }>();
  return (file) => {
    const mtime = statSync(file).mtimeMs;
    const hit = cache.get(file);
    if (hit && hit.mtime === mtime) return hit.value;
    const value = read(file);
    cache.set(file, { mtime, value });
    return value;
  };
}

export function createPageRenderer(options: PageRendererOptions): PageRenderer {
  const bundleFile = options.renderBundle ?? path.join(options.shellDir, '..', 'dist-ssr', 'render.js');
  let shell: ShellRender | null = null;
  let singletons: Record<string, unknown> = {};
  const evaluated = new Map<string, RemoteServerModule>();

  function shellRender(): ShellRender | null {
    if (shell) return shell;
    if (!existsSync(bundleFile)) return null;
    // The shell's server build and the npm singletons come from the same node_modules: one React.
    const requireFromBundle = createRequire(bundleFile);
    const { loaded, npm } = withProductionReact(() => ({
      loaded: requireFromBundle(bundleFile) as ShellRender,
      npm: Object.fromEntries(NPM_SINGLETONS.map((id) => [id, requireFromBundle(id)])),
    }));
    singletons = { ...npm, ...loaded.sharedEntryPoints };
    loaded.configureServer({ apiBaseUrl: options.apiBaseUrl, imageBaseUrl: options.imageBaseUrl ?? '/images' });
    shell = loaded;
    return shell;
  }

  const readJsonFile = cachedByMtime((file) => JSON.parse(readFileSync(file, 'utf8')) as unknown);
  const readText = cachedByMtime((file) => readFileSync(file, 'utf8'));

  const fetched = new Map<string, { at: number; text: Promise<string> }>();

  /**
   * A site URL (relative, same origin: read from disk, again when the file changes) or an absolute one (a
   * remote on another origin: fetched at most every few seconds, so a release shows within that time).
   */
  async function fetchText(url: string): Promise<string> {
    if (/^https?:\/\//i.test(url)) {
      // What is fetched here runs in the site's process: over plain http anyone on the way could replace it.
      const { protocol, hostname } = new URL(url);
      if (protocol !== 'https:' && !isLoopbackHost(hostname)) throw new Error(`${url}: a remote's server build is fetched over https only (or from this machine)`);
      const hit = fetched.get(url);
      if (hit && Date.now() - hit.at < REFETCH_AFTER_MS) return hit.text;
      const text = fetch(url, { signal: AbortSignal.timeout(options.budgetMs) }).then((response) => {
        if (!response.ok) throw new Error(`${url} answered ${response.status}`);
        return response.text();
      });
      fetched.set(url, { at: Date.now(), text });
      text.catch(() => fetched.delete(url));
      return text;
    }
    const file = options.siteFile(new URL(url, 'http://site').pathname);
    if (!file) throw new Error(`${url} is not a file of this site`);
    return readText(file);
  }

  /** Evaluates a remote's server build with the site's singletons as the only modules it may require. */
  function evaluate(code: string, url: string): RemoteServerModule {
    const module = { exports: {} as Record<string, unknown> };
    const requireShared = (id: string) => {
      if (id in singletons) return singletons[id];
      throw new Error(`${url} requires "${id}", which the site does not share with server builds`);
    };
    const factory = vm.runInThisContext(`(function (exports, require, module) {${code}\n})`, { filename: url }) as (
      exports: unknown,
      require: (id: string) => unknown,
      module: unknown,
    ) => void;
    factory(module.exports, requireShared, module);
    const loaded = module.exports as unknown as RemoteServerModule;
    if (typeof loaded.default !== 'function' || typeof loaded.prefetch !== 'function') throw new Error(`${url} is not a remote server build`);
    return loaded;
  }

  /** The remote's server build of the release remotes.json names now; each build is evaluated once. */
  async function loadRemote(name: RemoteName): Promise<RemoteServerModule> {
    const manifestUrl = (readJsonFile(options.remotesFile) as Partial<Record<RemoteName, string>>)[name];
    if (!manifestUrl) throw new Error(`${name} is not listed in remotes.json`);
    const base = manifestUrl.replace(/[^/]*$/, '');
    const { entry } = JSON.parse(await fetchText(`${base}server/ssr-manifest.json`)) as { entry: string };
    const url = `${base}server/${entry}`;
    let module = evaluated.get(url);
    if (!module) {
      module = evaluate(await fetchText(url), url);
      evaluated.set(url, module);
    }
    return module;
  }

  /**
   * The shell's page with its styles inlined (no request blocks the first paint), cut where each render writes
   * into it and each piece encoded once: a page is then joined from bytes, not built as one string and encoded
   * (a string built by replacing into 88 KB took about 0.8 ms to encode, a tenth of a render).
   */
  const staticPage = cachedByMtime((indexFile) => readFileSync(indexFile));
  const template = cachedByMtime((indexFile) => {
    const dist = path.dirname(indexFile);
    const inlined = noStylesInlined();
    const styles = inlineStyles(shellStyleFiles(dist), inlined);
    const index = readFileSync(indexFile, 'utf8');
    if (!index.includes('<div id="root"></div>')) throw new Error('index.html has no empty #root to render into');
    // The app's scripts start after the page has loaded (public/after-load.js); the page works without them.
    const scripts = [...index.matchAll(/<script defer="defer" src="([^"]+)"><\/script>/g)].map((match) => match[1]);
    const html = index
      .replace(/<script defer="defer" src="[^"]+"><\/script>/g, '')
      .replace('</head>', () => `<script defer src="/after-load.js" data-scripts="${escapeHtml(scripts.join(' '))}"></script>${styles}</head>`)
      .replace(/<noscript>[^<]*<\/noscript>/, '');
    const defaultDescription = /<meta name="?description"? content="([^"]*)"/.exec(html)?.[1];
    return { ...cutAtSlots(html), inlined, defaultDescription: defaultDescription && unescapeAttribute(defaultDescription) };
  });

  /**
   * The remote's style tags for its exposed App and the pages it loads (named in its mf-manifest.json), less
   * what the shell's page holds already; kept per shell page, as the shell's build decides what that is.
   */
  const stylesOfShell = new WeakMap<InlinedStyles, Map<string, Promise<Buffer>>>();

  async function remoteStyles(name: RemoteName, shellInlined: InlinedStyles): Promise<Buffer> {
    let stylesOf = stylesOfShell.get(shellInlined);
    if (!stylesOf) stylesOfShell.set(shellInlined, (stylesOf = new Map()));
    const manifestUrl = (readJsonFile(options.remotesFile) as Partial<Record<RemoteName, string>>)[name];
    if (!manifestUrl) return Buffer.alloc(0);
    const manifestText = await fetchText(manifestUrl);
    // Collected once per manifest: its CSS files are content-hashed and never change under their names.
    const key = `${manifestUrl}\n${manifestText}`;
    let styles = stylesOf.get(key);
    if (!styles) {
      const manifest = JSON.parse(manifestText) as { exposes?: { assets: { css: { sync: string[]; async: string[] } } }[] };
      const base = manifestUrl.replace(/[^/]*$/, '');
      const files = [...new Set((manifest.exposes ?? []).flatMap((expose) => [...expose.assets.css.sync, ...expose.assets.css.async]))];
      const page = { texts: new Set(shellInlined.texts), names: new Set(shellInlined.names) };
      styles = Promise.all(files.map(async (file): Promise<StyleFile> => ({ name: file, text: await fetchText(`${base}${file}`) }))).then((loaded) =>
        Buffer.from(inlineStyles(loaded, page)),
      );
      stylesOf.set(key, styles);
      styles.catch(() => stylesOf.delete(key));
    }
    return styles;
  }

  async function renderWithin(url: string, budgetMs: number): Promise<{ status: number; html: Buffer; headers?: Record<string, string> } | null> {
    // Loading the shell's server build (once) is not the page's time; what follows is.
    const render = shellRender();
    const indexFile = path.join(options.shellDir, 'index.html');
    if (!render || !existsSync(indexFile)) return null;
    const signal = AbortSignal.timeout(budgetMs);
    let remote: RemoteName | undefined;
    const page = await withTimeout(
      render.renderPage({
        url,
        signal,
        loadRemote: (name) => {
          remote = name;
          return loadRemote(name);
        },
      }),
      signal,
    );
    if (!page) return null;
    if (page.head.redirect !== undefined) {
      // Only a path of this site: a remote's answer must not send visitors elsewhere.
      const target = sitePath(page.head.redirect);
      return target ? { status: 302, html: Buffer.alloc(0), headers: { Location: target } } : null;
    }
    // The static page, as it is sent when nothing is rendered, with the status the page says (a 404).
    if (page.head.renderInBrowser) return { status: page.head.status ?? 200, html: staticPage(indexFile) };
    const shellPage = template(indexFile);
    const styles = remote ? await withTimeout(remoteStyles(remote, shellPage.inlined), signal) : Buffer.alloc(0);
    const pathname = new URL(url, 'http://site').pathname;
    const discovery = options.publicOrigin ? oembedDiscoveryLink(options.publicOrigin, pathname, page.head.title) : '';
    const description = page.head.description;
    const title = render.pageTitle(page.head.title);
    const status = page.head.status ?? 200;
    // The page's address as it names itself: a path of this site only (a request for //host/… is no page of it).
    const address = sitePath(page.head.canonical ?? pathname) ?? undefined;
    const preview = linkPreviewTags({
      title,
      description: description ?? shellPage.defaultDescription,
      image: page.head.image,
      pathname: address,
      publicOrigin: options.publicOrigin,
    });
    const canonical = status === 200 && address && options.publicOrigin ? `<link rel="canonical" href="${escapeHtml(new URL(address, options.publicOrigin).href)}">` : '';
    const html = fillSlots(shellPage, {
      title: [`<title>${escapeHtml(title)}</title>`],
      description: description ? [`<meta name="description" content="${escapeHtml(description)}">`] : undefined,
      head: [`${page.hoisted}${canonical}${preview}${discovery}`, styles, '</head>'],
      root: ['<div id="root">', page.markup, '</div><script type="application/json" id="battledeck-state">', page.state, '</script>'],
    });
    return { status, html };
  }

  return Object.assign(({ url }: { url: string }) => renderWithin(url, options.budgetMs), {
    warmUp: async (urls: string[]) => void (await Promise.allSettled(urls.map((url) => renderWithin(url, 30_000)))),
  });
}

/**
 * `target` if it is a path and query of this site in origin form (`/parts?x=1`), else null: not `//host`,
 * `/\\host` or a scheme, no control characters, no spaces (a Location header is written as it is given).
 */
export function sitePath(target: string): string | null {
  if (!/^\/(?![/\\])[\x21-\x7e]*$/.test(target) || target.includes('\\')) return null;
  return target;
}

/** Where a render writes into the shell's page: its title, its description, the end of <head>, the empty #root. */
type Slot = 'title' | 'description' | 'head' | 'root';

const SLOTS: [Slot, RegExp][] = [
  ['title', /<title>[^<]*<\/title>/],
  ['description', /<meta name="?description"?[^>]*>/],
  ['head', /<\/head>/],
  ['root', /<div id="root"><\/div>/],
];

/** A page cut at its slots, in document order: the text between them encoded, and what each slot held. */
interface SlottedPage {
  /** One more than `slots`: the bytes before the first slot, between each two, and after the last. */
  between: Buffer[];
  slots: { slot: Slot; original: Buffer }[];
}

/** Cuts a page at the first occurrence of each slot it has. */
function cutAtSlots(html: string): SlottedPage {
  const found = SLOTS.flatMap(([slot, pattern]) => {
    const match = pattern.exec(html);
    return match ? [{ slot, at: match.index, text: match[0] }] : [];
  }).sort((a, b) => a.at - b.at);
  const between: Buffer[] = [];
  let from = 0;
  for (const { at, text } of found) {
    if (at < from) throw new Error("the shell page's slots overlap");
    between.push(Buffer.from(html.slice(from, at)));
    from = at + text.length;
  }
  between.push(Buffer.from(html.slice(from)));
  return { between, slots: found.map(({ slot, text }) => ({ slot, original: Buffer.from(text) })) };
}

/** The page's bytes with each slot given its content; a slot given nothing keeps what the page held. */
function fillSlots(page: SlottedPage, content: Partial<Record<Slot, (string | Uint8Array)[]>>): Buffer {
  const parts: Uint8Array[] = [page.between[0]!];
  page.slots.forEach(({ slot, original }, i) => {
    for (const piece of content[slot] ?? [original]) parts.push(typeof piece === 'string' ? Buffer.from(piece) : piece);
    parts.push(page.between[i + 1]!);
  });
  return Buffer.concat(parts);
}

/** An attribute's text as written in the built index.html (its few entities), to be escaped again as ours are. */
function unescapeAttribute(text: string): string {
  return text.replace(/&(#39|quot|lt|gt|amp);/g, (_, entity: string) => ({ '#39': "'", quot: '"', lt: '<', gt: '>', amp: '&' })[entity]!);
}

/**
 * The link-preview tags (SPEC decision 28: og:title, og:description, og:image, twitter:card) that sites and
 * chat apps read from the first HTML. Previews need absolute URLs: the picture and the page are named on the
 * public origin, or left out without one (a picture already on another origin stays as it is).
 */
export function linkPreviewTags(page: { title: string; description?: string; image?: string; pathname?: string; publicOrigin?: string }): string {
  const absolute = (url: string) => (/^https?:\/\//i.test(url) ? url : page.publicOrigin ? new URL(url, page.publicOrigin).href : undefined);
  const image = page.image ? absolute(page.image) : undefined;
  const tags: [string, string, string | undefined][] = [
    ['property', 'og:type', 'website'],
    ['property', 'og:site_name', BRAND],
    ['property', 'og:title', page.title],
    ['property', 'og:description', page.description],
    ['property', 'og:url', page.publicOrigin && page.pathname ? new URL(page.pathname, page.publicOrigin).href : undefined],
    ['property', 'og:image', image],
    ['name', 'twitter:card', image ? 'summary_large_image' : 'summary'],
  ];
  return tags.map(([attribute, name, content]) => (content ? `<meta ${attribute}="${name}" content="${escapeHtml(content)}">` : '')).join('');
}
