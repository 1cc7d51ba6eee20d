import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { chromium } from '@playwright/test';
import { firstPaintJs, kb, leanestColdLoad, loadedAssets, ownRemoteAssets, sharedFilesOf, sum } from '../../e2e/lib/page-weight';
import { percentile, round } from './stats';

export const CHROMIUM = '/usr/bin/chromium';
const CHROME_FLAGS = '--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run --disable-quic';

/** gzip sizes of what the home page loads (first paint, all) and of each remote's own entry + first route. */
export async function bundleSizes(baseUrl: string) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    // As the e2e budget measures it: cold loads on a phone's network, the one that needed least.
    const home = await leanestColdLoad(browser, baseUrl, '/');
    const remotes: Record<string, number> = {};
    for (const [folder, route] of [['mf-battlestations', '/battlestations'], ['mf-parts', '/parts']] as const) {
      const fresh = await browser.newPage({ baseURL: baseUrl });
      const own = ownRemoteAssets(await loadedAssets(fresh, route), folder, await sharedFilesOf(baseUrl, folder));
      remotes[folder] = kb(sum(own));
      await fresh.close();
    }
    return {
      homeFirstPaintJsKb: kb(sum(firstPaintJs(home))),
      homeFirstPaintCssKb: kb(sum(home.filter((a) => a.kind === 'css' && a.beforeFirstPaint))),
      homeTotalKb: kb(sum(home)),
      remoteOwnKb: remotes,
    };
  } finally {
    await browser.close();
  }
}

/**
 * The JavaScript a cold visit of `route` downloads until the network is quiet: bytes on the wire (brotli or
 * gzip as served), the figure issue 17's "≤ 110 KB gzip" budget is about.
 */
export async function pageJavaScript(baseUrl: string, route: string): Promise<{ kb: number; files: number; antd: boolean }> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const urls = new Map<string, string>();
    const bytes = new Map<string, number>();
    cdp.on('Network.responseReceived', (event) => urls.set(event.requestId, event.response.url));
    cdp.on('Network.loadingFinished', (event) => bytes.set(event.requestId, event.encodedDataLength));
    await page.goto(`${baseUrl}${route}`, { waitUntil: 'networkidle' });
    const manifest = (await (await fetch(`${baseUrl}/mf-manifest.json`)).json()) as { shared: { name: string; assets: { js: { sync: string[]; async: string[] } } }[] };
    const antdFiles = manifest.shared.filter((shared) => ['antd', '@ant-design/icons'].includes(shared.name)).flatMap((shared) => [...shared.assets.js.sync, ...shared.assets.js.async]);
    const scripts = [...urls].filter(([, url]) => /\.js(\?|$)/.test(url));
    return {
      kb: kb(scripts.reduce((total, [id]) => total + (bytes.get(id) ?? 0), 0)),
      files: scripts.length,
      antd: scripts.some(([, url]) => antdFiles.some((file) => url.endsWith(`/${file}`))),
    };
  } finally {
    await browser.close();
  }
}

/**
 * The main thread of cold visits of `route` on a 4× slower CPU (CDP throttling), as the browser itself
 * reports its long tasks: the blocking time after the first contentful paint (each task's time over 50 ms,
 * TBT's definition) and the longest task, medians over `loads` visits. A direct reading next to
 * Lighthouse's TBT, which is a simulation from one trace and moves by hundreds of milliseconds between runs.
 */
export async function mainThreadBlocking(baseUrl: string, route: string, loads: number): Promise<{ blockingMs: number; longestTaskMs: number }> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
  const blocking: number[] = [];
  const longest: number[] = [];
  try {
    for (let i = 0; i < loads; i += 1) {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
      const page = await context.newPage();
      await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await page.addInitScript(() => {
        const w = window as unknown as { __longTasks: [number, number][] };
        w.__longTasks = [];
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) w.__longTasks.push([entry.startTime, entry.duration]);
        }).observe({ type: 'longtask', buffered: true });
      });
      await page.goto(`${baseUrl}${route}`, { waitUntil: 'load' });
      // The app starts after the load event (after-load.js), then hydrates: a few seconds at 4× slower.
      await page.waitForTimeout(4000);
      const tasks = await page.evaluate(() => {
        const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
        return (window as unknown as { __longTasks: [number, number][] }).__longTasks.filter(([start]) => start >= fcp).map(([, duration]) => duration);
      });
      blocking.push(tasks.reduce((total, duration) => total + Math.max(0, duration - 50), 0));
      longest.push(Math.max(0, ...tasks));
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return { blockingMs: Math.round(percentile(blocking, 50)), longestTaskMs: Math.round(percentile(longest, 50)) };
}

export interface LighthouseFigures {
  page: string;
  performance: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
}

/** Lighthouse (mobile preset) on one URL, median of `runs`. */
export async function lighthouse(page: string, url: string, runs: number): Promise<LighthouseFigures> {
  const bin = require.resolve('lighthouse/cli/index.js');
  const results: LighthouseFigures[] = [];
  for (let i = 0; i < runs; i += 1) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'bd-lh-'));
    const output = path.join(dir, 'report.json');
    try {
      const run = () =>
        promisify(execFile)(process.execPath, [bin, url, '--quiet', '--output=json', `--output-path=${output}`, `--chrome-flags=${CHROME_FLAGS}`], {
          env: { ...process.env, CHROME_PATH: CHROMIUM },
          timeout: 180_000,
          maxBuffer: 64 * 1024 * 1024,
        });
      // Lighthouse now and then fails to record the trace (NO_NAVSTART) on a busy machine; that run says
      // nothing about the page, so it is taken again once.
      await run().catch((error: { stderr?: string }) => {
        if (!/NO_NAVSTART|NO_FCP|trace/i.test(error.stderr ?? '')) throw error;
        return run();
      });
      const report = JSON.parse(readFileSync(output, 'utf8')) as {
        categories: { performance: { score: number } };
        audits: Record<string, { numericValue: number }>;
      };
      results.push({
        page,
        performance: Math.round(report.categories.performance.score * 100),
        lcpMs: Math.round(report.audits['largest-contentful-paint'].numericValue),
        tbtMs: Math.round(report.audits['total-blocking-time'].numericValue),
        cls: round(report.audits['cumulative-layout-shift'].numericValue, 3),
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  const median = (pick: (f: LighthouseFigures) => number) => percentile(results.map(pick), 50);
  return { page, performance: median((f) => f.performance), lcpMs: median((f) => f.lcpMs), tbtMs: median((f) => f.tbtMs), cls: median((f) => f.cls) };
}
