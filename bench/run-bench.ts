import path from 'node:path';
import { benchUser } from './lib/auth';
import { dataPath, SEARCHES } from './lib/data-path';
import { prepareDataset, type Dataset } from './lib/dataset';
import { discoveryLatency } from './lib/discovery';
import { bundleSizes, lighthouse, mainThreadBlocking, pageJavaScript, type LighthouseFigures } from './lib/frontend';
import { makePhoto, pipelineRatio, worstAcceptedUpload } from './lib/images';
import { load, type LoadResult } from './lib/load';
import { memoryOf, ROOT, serverPid, startApi, startHello, type Service } from './lib/processes';
import { writeReport, type Row } from './lib/report';
import { startSite } from './lib/site';
import { round, sequentialLatency } from './lib/stats';

/**
 * `npm run bench [-- --quick]`: measures the API against the framework ceiling, deep pages, search, the image
 * pipeline, bundle sizes and Lighthouse, on PostgreSQL when DATABASE_URL is set (else PGlite), and writes
 * bench/results/latest.{json,md}. --quick: a smaller dataset and shorter runs (CI smoke, under 3 minutes).
 * --frontend: the front end alone on the demo data, into bench/results/frontend.{json,md}.
 * --data-path: the database path at 100,000 and 1,000,000 stations (issue 18), into bench/results/data-path.{json,md}.
 */
const quick = process.argv.includes('--quick');
/** --frontend: only the site's figures (bundles, page JavaScript, the front door, Lighthouse) on the demo data. */
const frontEndOnly = process.argv.includes('--frontend');
/** --data-path [--sizes 100000,1000000]: issue 18's section alone (PostgreSQL, cache off, the mixed trace). */
const dataPathOnly = process.argv.includes('--data-path');
const sizesArgument = process.argv[process.argv.indexOf('--sizes') + 1];
const DATA_PATH_SIZES = process.argv.includes('--sizes') && sizesArgument ? sizesArgument.split(',').map(Number) : [100_000, 1_000_000];
const engine: 'postgres' | 'pglite' = process.env.DATABASE_URL ? 'postgres' : 'pglite';
const STATIONS = quick ? 10_000 : 100_000;
const CONNECTIONS = 50;
const DURATION_S = quick ? 3 : 10;
const SAMPLES = quick ? 30 : 200;
const PORTS = { hello: 8901, api: 8902, site: 8903 };
const RELAXED_LIMITS = { RATE_LIMIT_UPLOAD_MAX: '100000', RATE_LIMIT_SIGN_UP_MAX: '100000', RATE_LIMIT_FAVORITE_MAX: '100000' };

const rows: Row[] = [];
const results: Record<string, unknown> = { command: `npm run bench${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(' ')}` : ''}`, engine, stations: STATIONS, quick };
const log = (message: string) => console.info(`[bench] ${message}`);

async function withService<T>(start: () => Promise<Service>, work: (service: Service) => Promise<T>): Promise<T> {
  const service = await start();
  try {
    return await work(service);
  } finally {
    await service.stop();
  }
}

/** The public read routes of the load test (page 1, 12 a page). */
function loadRoutes(stationId: number): [string, string][] {
  return [
    ['battlestations by name', '/api/battlestations?sortBy=name&pageNumber=1&resultsPerPage=12'],
    ['battlestations by favorites', '/api/battlestations?sortBy=favorites&direction=desc&pageNumber=1&resultsPerPage=12'],
    ['battlestations by date', '/api/battlestations?sortBy=created_date&direction=desc&pageNumber=1&resultsPerPage=12'],
    ['battlestation detail', `/api/battlestations/id/${stationId}`],
    ['featured', '/api/battlestations/featured'],
    ['parts by name', '/api/parts?sortBy=name&pageNumber=1&resultsPerPage=12'],
    ['parts by popularity', '/api/parts?sortBy=battlestation_count&direction=desc&pageNumber=1&resultsPerPage=12'],
    ['parts of a type', '/api/parts?partType=gpu&sortBy=name&pageNumber=1&resultsPerPage=12'],
    ['autocomplete', '/api/parts/autocomplete?searchTerm=cors'],
  ];
}

async function apiLoad(dataset: Dataset, hello: LoadResult): Promise<LoadResult[]> {
  return withService(
    () => startApi(PORTS.api, { ...dataset.env, ...RELAXED_LIMITS }),
    async (api) => {
      const loads: LoadResult[] = [];
      for (const [name, route] of loadRoutes(2)) {
        const result = await load(name, api.url, route, CONNECTIONS, DURATION_S);
        loads.push(result);
        const ratio = round(result.rps / hello.rps, 2);
        const search = name === 'autocomplete';
        rows.push({
          section: 'API load (50 connections)',
          measure: name,
          value: `${result.rps} req/s (${ratio} of ceiling), p50 ${result.p50} ms, p99 ${result.p99} ms${result.non2xx || result.errors ? `, ${result.non2xx + result.errors} failed` : ''}`,
          target: search ? 'p95 ≤ 50 ms (see search)' : '≥ 0.5 of ceiling, p99 ≤ 50 ms',
          met: search ? undefined : ratio >= 0.5 && result.p99 <= 50 && result.non2xx === 0,
        });
        log(`${name}: ${result.rps} req/s, p99 ${result.p99} ms`);
      }

      // Depth: page 1 against page 1,000 and the last page, for each sort, read from the database (cache bypassed).
      const total = ((await (await fetch(`${api.url}/api/battlestations?resultsPerPage=12`)).json()) as { total: number }).total;
      const lastPage = Math.max(1, Math.ceil(total / 12));
      const depth: Record<string, Record<string, number>> = {};
      for (const sort of ['name', 'favorites', 'created_date']) {
        const at = async (page: number) =>
          (await sequentialLatency(`${api.url}/api/battlestations?sortBy=${sort}&pageNumber=${page}&resultsPerPage=12`, SAMPLES, true)).p50;
        const first = await at(1);
        const deep = await at(Math.min(1000, lastPage));
        const last = await at(lastPage);
        depth[sort] = { page1: first, page1000: deep, last };
        const worst = round(Math.max(deep, last) / first, 2);
        rows.push({ section: 'Depth (p50, from the database)', measure: `sort ${sort}`, value: `page 1 ${first} ms, page ${Math.min(1000, lastPage)} ${deep} ms, last (${lastPage}) ${last} ms: ×${worst}`, target: '≤ 2× page 1', met: worst <= 2 });
      }
      results.depth = depth;

      // Search: selective, unselective and misspelt terms, p95 of sequential calls, from the database (cache bypassed).
      const search: Record<string, { p50: number; p95: number }> = {};
      for (const [name, route] of SEARCHES) {
        const latency = await sequentialLatency(`${api.url}${route}`, SAMPLES, true);
        search[name] = latency;
        rows.push({ section: 'Search (sequential, from the database)', measure: name, value: `p50 ${latency.p50} ms, p95 ${latency.p95} ms`, target: 'p95 ≤ 50 ms', met: latency.p95 <= 50 });
      }
      results.search = search;
      results.discovery = await discoveryLatency(api.url, SAMPLES, rows);
      return loads;
    },
  );
}

/** The same reads with the response cache off: what the database path alone sustains. */
async function uncachedLoad(dataset: Dataset, hello: LoadResult): Promise<void> {
  await withService(
    () => startApi(PORTS.api, { ...dataset.env, ...RELAXED_LIMITS, RESPONSE_CACHE_ENTRIES: '0' }),
    async (api) => {
      const routes = loadRoutes(2).filter(([name]) => ['battlestations by date', 'battlestation detail', 'parts by name'].includes(name));
      const loads: LoadResult[] = [];
      for (const [name, route] of routes) {
        const result = await load(name, api.url, route, CONNECTIONS, DURATION_S);
        loads.push(result);
        rows.push({
          section: 'API load, response cache off',
          measure: name,
          value: `${result.rps} req/s (${round(result.rps / hello.rps, 2)} of ceiling), p50 ${result.p50} ms, p99 ${result.p99} ms`,
        });
      }
      results.loadWithoutCache = loads;
    },
  );
}

async function imagePipeline(dataset: Dataset): Promise<void> {
  log('making 6 photos of about 3 MB');
  const photos = await Promise.all(Array.from({ length: 6 }, (_, i) => makePhoto(3 * 1024 * 1024, i + 1)));
  const ratio = await pipelineRatio(photos, quick ? 1 : 3);
  results.imagePipeline = ratio;
  const worst = await worstAcceptedUpload(quick ? 1 : 3);
  results.worstAcceptedUpload = worst;
  rows.push({
    section: 'Images',
    measure: 'worst accepted upload (decode budget), CPU time',
    value: `${worst.worst}: ${worst.worstCpuMs} ms CPU (${worst.worstWallMs} ms wall); a 7000×7000 16-bit PNG (${worst.refusedBombKb} KB) refused in ${worst.refusedBombCpuMs} ms`,
    target: '≤ 1500 ms',
    met: worst.worstCpuMs <= 1500,
  });
  rows.push({ section: 'Images', measure: 'pipeline vs plain sharp (same photos)', value: `${ratio.pipelineMsPerPhoto} vs ${ratio.plainMsPerPhoto} ms a photo: ${ratio.throughputRatio}`, target: '≥ 0.8', met: ratio.throughputRatio >= 0.8 });

  await withService(
    () => startApi(PORTS.api, { ...dataset.env, ...RELAXED_LIMITS }),
    async (api) => {
      const user = await benchUser(api.url);
      const partId = ((await (await fetch(`${api.url}/api/parts?resultsPerPage=12`)).json()) as { parts: { part_id: number }[] }).parts[0].part_id;
      const created: number[] = [];
      const create = async () => {
        const form = new FormData();
        form.set('name', 'Benchmark station');
        form.set('is_public', 'false');
        form.set('added_parts', JSON.stringify([partId]));
        photos.forEach((photo, i) => form.append('images', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), `photo-${i}.jpg`));
        const started = performance.now();
        const response = await fetch(`${api.url}/api/battlestations/`, { method: 'POST', body: form, headers: { authorization: `Bearer ${user.token}` } });
        if (!response.ok) throw new Error(`create answered ${response.status}: ${await response.text()}`);
        created.push(((await response.json()) as { newId: number }).newId);
        return performance.now() - started;
      };
      try {
        const pid = serverPid(api);
        const before = memoryOf(pid);
        const times: number[] = [];
        for (let i = 0; i < (quick ? 1 : 3); i += 1) times.push(await create());
        const createMs = round(times.sort((a, b) => a - b)[Math.floor(times.length / 2)], 0);
        const idle = memoryOf(pid).rssMb;
        await Promise.all(Array.from({ length: 4 }, create));
        const peak = memoryOf(pid).peakMb;
        results.imageCreate = { photos: 6, photoMb: round(photos[0].length / 2 ** 20, 1), createMs, rssBeforeMb: before.rssMb, rssIdleMb: idle, peakDuring4Mb: peak };
        rows.push({ section: 'Images', measure: '6-photo create (3 MB JPEGs), end to end', value: `${createMs} ms` });
        rows.push({ section: 'Images', measure: 'API memory, 4 concurrent creates', value: `RSS ${idle} MB before, peak ${peak} MB` });
      } finally {
        for (const id of created) await fetch(`${api.url}/api/battlestations/id/${id}`, { method: 'DELETE', headers: { authorization: `Bearer ${user.token}` } });
        await user.stop();
      }
    },
  );
}

/** The public pages of issue 17 on the demo data. */
async function publicPages(siteUrl: string): Promise<[string, string][]> {
  const part = ((await (await fetch(`${siteUrl}/api/parts?resultsPerPage=12`)).json()) as { parts: { part_id: number }[] }).parts[0].part_id;
  const type = ((await (await fetch(`${siteUrl}/api/parts/types`)).json()) as { type_path: string }[])[0].type_path;
  return [
    ['home', '/'],
    ['browse', '/battlestations'],
    ['detail', '/battlestations/1'],
    ['parts', '/parts'],
    ['category', `/parts/${type}`],
    ['part', `/parts/view/${part}`],
  ];
}

async function frontEnd(hello: LoadResult): Promise<void> {
  // Every page rendered on the server, however long it takes: the load rows measure rendering, not the fallback.
  await withService(
    () => startSite(PORTS.site, path.join(ROOT, '.tmp', 'bench-site'), { SERVER_RENDER_BUDGET_MS: '60000' }),
    async (site) => {
      const sizes = await bundleSizes(site.url);
      results.bundles = sizes;
      rows.push({ section: 'Front end (gzip)', measure: 'home: JS before first paint', value: `${sizes.homeFirstPaintJsKb} KB`, target: '≤ 170 KB', met: sizes.homeFirstPaintJsKb <= 170 });
      rows.push({ section: 'Front end (gzip)', measure: 'home: everything', value: `${sizes.homeTotalKb} KB`, target: '≤ 650 KB', met: sizes.homeTotalKb <= 650 });
      for (const [remote, size] of Object.entries(sizes.remoteOwnKb)) {
        rows.push({ section: 'Front end (gzip)', measure: `${remote}: entry + first route (own code)`, value: `${size} KB`, target: '≤ 120 KB', met: size <= 120 });
      }
      const pages = await publicPages(site.url);
      const javaScript: Record<string, unknown> = {};
      for (const [name, route] of pages) {
        const js = await pageJavaScript(site.url, route);
        javaScript[name] = js;
        rows.push({
          section: 'Public pages: JavaScript on the wire (cold visit)',
          measure: `${name} (${route})`,
          value: `${js.kb} KB in ${js.files} files${js.antd ? ', antd loaded' : ''}`,
          target: '≤ 110 KB, no antd',
          met: js.kb <= 110 && !js.antd,
        });
      }
      results.publicPageJs = javaScript;

      // The front door: /api through it against the API's own port, and server-rendered pages against the ceiling.
      const apiRoute = '/api/battlestations?sortBy=name&pageNumber=1&resultsPerPage=12';
      const direct = await load('API on its own port', `http://127.0.0.1:${PORTS.site + 1}`, apiRoute, CONNECTIONS, DURATION_S);
      const proxied = await load('API through the front door', site.url, apiRoute, CONNECTIONS, DURATION_S);
      const ratio = round(proxied.rps / direct.rps, 2);
      rows.push({ section: 'Front door (50 connections)', measure: '/api through the site vs the API port', value: `${proxied.rps} vs ${direct.rps} req/s: ${ratio}`, target: '≥ 0.8', met: ratio >= 0.8 });
      const rendered = await renderedPageRows(site.url, pages, hello, 'kept 1 s for visitors');
      results.frontDoor = { direct, proxied, ratio, rendered };
      if (quick) return;

      const figures: LighthouseFigures[] = [];
      for (const [name, route] of pages) {
        log(`Lighthouse: ${name}`);
        const f = await lighthouse(name, `${site.url}${route}`, 3);
        figures.push(f);
        rows.push({
          section: 'Lighthouse (mobile, median of 3)',
          measure: name,
          value: `score ${f.performance}, LCP ${f.lcpMs} ms, TBT ${f.tbtMs} ms, CLS ${f.cls}`,
          target: '≥ 95, ≤ 1800 ms, ≤ 150 ms, ≤ 0.02',
          met: f.performance >= 95 && f.lcpMs <= 1800 && f.tbtMs <= 150 && f.cls <= 0.02,
        });
      }
      results.lighthouse = figures;

      const blocking: Record<string, unknown> = {};
      for (const [name, route] of pages) {
        log(`Main thread at 4× CPU: ${name}`);
        const b = await mainThreadBlocking(site.url, route, 9);
        blocking[name] = b;
        rows.push({
          section: 'Main thread, 4× slower CPU (longtask API, median of 9 cold loads)',
          measure: name,
          value: `blocking ${b.blockingMs} ms after FCP, longest task ${b.longestTaskMs} ms`,
          target: '≤ 150 ms',
          met: b.blockingMs <= 150,
        });
      }
      results.mainThread = blocking;
    },
  );
  // The same pages with every request rendered (no page cache): what a render costs.
  results.frontDoorUncached = await withService(
    () => startSite(PORTS.site, path.join(ROOT, '.tmp', 'bench-site'), { SERVER_RENDER_BUDGET_MS: '60000', SERVER_RENDER_CACHE_MS: '0', SERVER_RENDER_MAX_IN_FLIGHT: '1000' }),
    async (site) => renderedPageRows(site.url, await publicPages(site.url), hello, 'every request rendered'),
  );
}

/** Server-rendered browse and station pages under load, as a browser asks (compressed). */
async function renderedPageRows(siteUrl: string, pages: [string, string][], hello: LoadResult, how: string): Promise<LoadResult[]> {
  const rendered: LoadResult[] = [];
  for (const [name, route] of pages.filter(([page]) => page === 'browse' || page === 'detail')) {
    const result = await load(`server-rendered ${name}`, siteUrl, route, CONNECTIONS, DURATION_S, { 'accept-encoding': 'gzip, deflate, br' });
    rendered.push(result);
    const share = round(result.rps / hello.rps, 2);
    rows.push({
      section: 'Front door (50 connections)',
      measure: `server-rendered ${route} (${how})`,
      value: `${result.rps} req/s (${share} of ceiling), p50 ${result.p50} ms, p99 ${result.p99} ms${result.errors + result.non2xx ? `, ${result.errors + result.non2xx} errors` : ''}`,
      target: '≥ 0.2 of ceiling, p99 ≤ 100 ms',
      met: share >= 0.2 && result.p99 <= 100 && result.errors + result.non2xx === 0,
    });
  }
  return rendered;
}

/** The same list queries on the embedded engine and on the server: how much the default set-up gives up. */
async function embeddedRatio(): Promise<void> {
  const routes = loadRoutes(2).slice(0, 3).concat(loadRoutes(2).slice(5, 7));
  const measure = async (dataset: Dataset) =>
    withService(
      () => startApi(PORTS.api, { ...dataset.env, ...RELAXED_LIMITS }),
      async (api) => {
        const out: Record<string, number> = {};
        for (const [name, route] of routes) out[name] = (await load(name, api.url, route, 10, DURATION_S)).rps;
        return out;
      },
    );
  const server = await measure(await prepareDataset('postgres', STATIONS));
  const embedded = await measure(await prepareDataset('pglite', STATIONS));
  const ratios: Record<string, number> = {};
  for (const [name] of routes) {
    ratios[name] = round(embedded[name] / server[name], 2);
    rows.push({ section: 'PGlite vs PostgreSQL (10 connections)', measure: name, value: `${embedded[name]} vs ${server[name]} req/s: ${ratios[name]}` });
  }
  results.embeddedVsServer = { embedded, server, ratios };
}

async function main(): Promise<void> {
  const started = Date.now();
  const hello = await withService(() => startHello(PORTS.hello), (service) => load('hello', service.url, '/hello', CONNECTIONS, DURATION_S));
  rows.push({ section: 'API load (50 connections)', measure: 'bare Fastify hello (ceiling)', value: `${hello.rps} req/s, p50 ${hello.p50} ms, p99 ${hello.p99} ms` });
  results.hello = hello;
  if (dataPathOnly) {
    if (engine !== 'postgres') throw new Error('--data-path measures PostgreSQL: set DATABASE_URL.');
    results.stations = DATA_PATH_SIZES;
    results.dataPath = await dataPath({ sizes: DATA_PATH_SIZES, ceiling: hello, seconds: DURATION_S, ports: PORTS, rows, log });
  } else if (frontEndOnly) {
    await frontEnd(hello);
  } else {
    await backEnd(hello);
    await frontEnd(hello);
    if (engine === 'postgres' && !quick) await embeddedRatio();
  }

  results.seconds = round((Date.now() - started) / 1000, 0);
  const markdown = writeReport(path.join(ROOT, 'bench', 'results'), results, rows, dataPathOnly ? 'data-path' : frontEndOnly ? 'frontend' : 'latest');
  console.info(`\n${markdown}`);
  log(`done in ${results.seconds as number} s`);
}

/** The API on the scale dataset: load against the ceiling, the cache off, search, the image pipeline. */
async function backEnd(hello: LoadResult): Promise<void> {
  log(`preparing the ${STATIONS.toLocaleString('en')}-station dataset on ${engine}`);
  const dataset = await prepareDataset(engine, STATIONS);
  if (dataset.seedSeconds) results.seedSeconds = round(dataset.seedSeconds, 1);
  results.load = await apiLoad(dataset, hello);
  await uncachedLoad(dataset, hello);
  await imagePipeline(dataset);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
