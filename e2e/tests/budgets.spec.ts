import type { APIRequestContext, Page } from '@playwright/test';
import { ADMIN_USER, DEMO_USER, expect, signIn, test } from './fixtures';
import { firstPaintJs, kb, leanestColdLoad, loadedAssets, ownRemoteAssets, sharedFilesOf, sum } from '../lib/page-weight';

/**
 * Bundle budgets (issue 8), measured in the browser on the production build. Tighter than the issue's
 * ceilings (first paint 170 KB, the whole home page 650 KB, a remote's own entry + first route 120 KB,
 * gzip) because we beat them: measured 2026-11-25, the home page paints before its JS arrives and loads
 * 209 KB in all; the remotes' own code is 22-37 KB; /battlestations and /parts load 553-555 KB in all.
 * Without antd on the public pages (issue 17), measured 2026-11-26: /battlestations 223 KB, /parts 225 KB,
 * a station 228 KB, a part 224 KB; without zod on them (the same day) /battlestations 191 KB, /parts 193 KB.
 * On 2026-12-08, with one copy of each shared entry point on a page: home 144.5 KB, /battlestations 157.8 KB,
 * /parts 157.9 KB; homeTotal and remotePageTotal are those plus ~10 %, so that a regression of a few
 * kilobytes of JavaScript on every page fails here, not only one the size of antd.
 */
const BUDGETS = { firstPaintJs: 60, homeTotal: 160, remoteOwn: 80, remotePageTotal: 175 };
const REMOTES: [folder: string, path: string, user?: { email: string; password: string }][] = [
  ['mf-battlestations', '/battlestations'],
  ['mf-parts', '/parts'],
  ['mf-profile', '/profile', DEMO_USER],
  ['mf-admin', '/admin', ADMIN_USER],
];

/** Files holding a shared package, from a bundle's mf-manifest.json. */
async function filesOfShared(url: string, names: string[]): Promise<string[]> {
  const manifest = (await (await fetch(url)).json()) as { shared: { name: string; assets: { js: { sync: string[]; async: string[] } } }[] };
  return manifest.shared.filter((s) => names.includes(s.name)).flatMap((s) => [...s.assets.js.sync, ...s.assets.js.async]);
}

test.describe('bundle budgets', () => {
  test('the home page paints with little JavaScript and without antd or Firebase', async ({ browser, baseURL }) => {
    const heavy = await filesOfShared(`${baseURL}/mf-manifest.json`, ['antd', 'firebase/app', 'firebase/auth']);
    expect(heavy.length).toBeGreaterThan(0);
    const assets = await leanestColdLoad(browser, baseURL!, '/', { enoughJsBytes: BUDGETS.firstPaintJs * 1024 });
    const firstPaint = firstPaintJs(assets);
    const firstPaintFiles = firstPaint.map((a) => new URL(a.url).pathname.slice(1));
    expect(firstPaintFiles.filter((file) => heavy.includes(file)), 'antd/Firebase before the first paint').toEqual([]);
    const total = sum(assets);
    console.log(`budgets: home first paint JS ${kb(sum(firstPaint))} KB, all ${kb(total)} KB (gzip)`);
    expect(kb(sum(firstPaint)), 'JS before the first paint (KB gzip)').toBeLessThanOrEqual(BUDGETS.firstPaintJs);
    expect(kb(total), 'everything the home page loads (KB gzip)').toBeLessThanOrEqual(BUDGETS.homeTotal);
  });

  // What a visitor's first remote page costs in all: the shell, the remote and the shared singletons. The
  // singletons that are not tree-shaken (antd, its icons, the router, zod through the contract) are provided
  // as curated subsets; sharing one of them whole again (+60 to +350 KB) fails this.
  for (const path of ['/battlestations', '/parts']) {
    test(`${path} loads at most ${BUDGETS.remotePageTotal} KB in all`, async ({ browser, baseURL }) => {
      const context = await browser.newContext({ baseURL });
      const total = sum(await loadedAssets(await context.newPage(), path));
      await context.close();
      console.log(`budgets: ${path} all ${kb(total)} KB (gzip)`);
      expect(kb(total), `everything ${path} loads (KB gzip)`).toBeLessThanOrEqual(BUDGETS.remotePageTotal);
    });
  }

  // Issue 17: antd (a singleton never tree-shaken, ~260 KB gzip), its icons and the antd-based shared widgets
  // load on the editor, profile, admin and sign-in pages only, never for a visitor of a public page.
  // Nor a stylesheet: the server's HTML holds the page's CSS, each file marked with its name, so the chunk
  // loader finds it there instead of fetching it and restyling the page while it starts (ADR 012).
  test('no public page requests antd, its icons, the shared widgets or a stylesheet', async ({ browser, request, baseURL }) => {
    // Seven pages, each in a fresh browser that waits for the network to settle: past 60 s on a busy 2-core machine.
    test.setTimeout(120_000);
    const antdModules = ['antd', '@ant-design/icons', '@battledeck/shared/widgets'];
    const forbidden = new Set((await filesOfShared(`${baseURL}/mf-manifest.json`, antdModules)).map((file) => `/${file}`));
    for (const [folder] of REMOTES) {
      for (const file of await filesOfShared(`${baseURL}/remotes/${folder}/mf-manifest.json`, antdModules)) forbidden.add(`/remotes/${folder}/${file}`);
    }
    expect(forbidden.size, 'the manifests list the antd files').toBeGreaterThan(0);
    const featured = ((await (await request.get('/api/battlestations/featured')).json()) as { battlestation_id: number; username: string }[])[0];
    const station = featured.battlestation_id;
    const category = ((await (await request.get('/api/parts/types')).json()) as { type_path: string }[])[0].type_path;
    const part = ((await (await request.get('/api/parts')).json()) as { parts: { part_id: number }[] }).parts[0].part_id;
    for (const path of ['/', '/battlestations', `/battlestations/${station}`, '/parts', `/parts/${category}`, `/parts/view/${part}`, `/users/${encodeURIComponent(featured.username)}`]) {
      // A fresh visitor each time: nothing cached from the page before.
      const context = await browser.newContext({ baseURL });
      const page = await context.newPage();
      const requested: string[] = [];
      page.on('request', (req) => requested.push(new URL(req.url()).pathname));
      await page.goto(path, { waitUntil: 'networkidle' });
      await expect(page.getByRole('heading', { level: 1 }).first(), `${path} shows its page`).toBeVisible();
      // Whatever loads after the page settles (prefetches, idle work) counts too.
      await page.waitForTimeout(1500);
      await context.close();
      expect(requested.filter((file) => forbidden.has(file)), `antd files requested by ${path}`).toEqual([]);
      expect(requested.filter((file) => file.endsWith('.css')), `stylesheets requested by ${path}`).toEqual([]);
    }
  });

  for (const [folder, path, user] of REMOTES) {
    test(`${folder}: entry + first route, its own code`, async ({ page, baseURL }) => {
      if (user) await signIn(page, user);
      const shared = await sharedFilesOf(baseURL!, folder);
      const own = ownRemoteAssets(await loadedAssets(page, path), folder, shared);
      expect(own.length, `${folder} loaded nothing`).toBeGreaterThan(0);
      console.log(`budgets: ${folder} own ${kb(sum(own))} KB (gzip)`);
      expect(kb(sum(own)), `${folder} own code (KB gzip)`).toBeLessThanOrEqual(BUDGETS.remoteOwn);
    });
  }
});

// Issue 17: the photos a phone loads. The width copies are WebP (decision 004). On Lighthouse's phone, as PNG or
// JPEG the demo's /battlestations loaded 183 KB of photos and a station 205 KB; as WebP 39 and 59 KB (2026-11-28,
// `npm start`). Here other tests' stations join the lists and lazy photos near the screen load too (10-12 files,
// 89-105 KB measured), so the budget is loose; the WebP check is the strict one.
test.describe('photos a phone loads', () => {
  test.use({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
  const PHOTO_BUDGET_KB = 200;
  for (const [name, pathOf] of [
    ['/battlestations', async () => '/battlestations'],
    ['a station', async (request: APIRequestContext) => `/battlestations/${((await (await request.get('/api/battlestations/featured')).json()) as { battlestation_id: number }[])[0].battlestation_id}`],
  ] as const) {
    test(`${name}: its photos weigh at most ${PHOTO_BUDGET_KB} KB, width copies in WebP`, async ({ page, request }) => {
      const photos: Promise<{ path: string; bytes: number; type: string }>[] = [];
      page.on('response', (response) => {
        const path = new URL(response.url()).pathname;
        if (path.startsWith('/images/')) photos.push(response.body().then((body) => ({ path, bytes: body.length, type: response.headers()['content-type'] ?? '' })));
      });
      await page.goto(await pathOf(request), { waitUntil: 'networkidle' });
      const loaded = await Promise.all(photos);
      const widthCopies = loaded.filter((photo) => /_w\d+\./.test(photo.path));
      expect(widthCopies.length, 'the page shows width copies').toBeGreaterThan(0);
      for (const copy of widthCopies) expect([copy.path, copy.type]).toEqual([expect.stringMatching(/\.webp$/), 'image/webp']);
      const total = loaded.reduce((bytes, photo) => bytes + photo.bytes, 0);
      console.log(`budgets: ${name} phone photos ${loaded.length} files, ${kb(total)} KB`);
      expect(kb(total), `photos of ${name} on a phone (KB): ${loaded.map((photo) => `${photo.path} ${photo.bytes}`).join(', ')}`).toBeLessThanOrEqual(PHOTO_BUDGET_KB);
    });
  }
});

/** Layout shifts (CLS, as Lighthouse counts them) while a page and its remote load on a 4× slower CPU. */
async function layoutShift(page: Page, path: string): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.addInitScript(() => {
    const w = window as unknown as { __shift: number };
    w.__shift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) if (!entry.hadRecentInput) w.__shift += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(path, { waitUntil: 'networkidle' });
  await page.waitForTimeout(1000);
  return page.evaluate(() => (window as unknown as { __shift: number }).__shift);
}

test.describe('no layout shift while remotes load (CLS ≤ 0.02)', () => {
  test.use({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
  const PAGES: [name: string, path: (request: APIRequestContext) => Promise<string>][] = [
    ['browse', async () => '/battlestations'],
    ['parts', async () => '/parts'],
    ['a station', async (request) => `/battlestations/${((await (await request.get('/api/battlestations/featured')).json()) as { battlestation_id: number }[])[0].battlestation_id}`],
    ['a part', async (request) => `/parts/view/${((await (await request.get('/api/parts')).json()) as { parts: { part_id: number }[] }).parts[0].part_id}`],
  ];
  for (const [name, pathOf] of PAGES) {
    test(name, async ({ page, request }) => {
      // The footer used to sit on the first screen until the section arrived and pushed it away (0.19).
      expect(await layoutShift(page, await pathOf(request))).toBeLessThanOrEqual(0.02);
    });
  }
});
