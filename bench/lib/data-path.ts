import sharp from 'sharp';
import { benchMembers } from './auth';
import { prepareDataset, type Dataset } from './dataset';
import { load, type LoadResult } from './load';
import { startApi, type Service } from './processes';
import type { Row } from './report';
import { startFrontDoor } from './site';
import { round, sequentialLatency } from './stats';
import { makeTrace, replayTrace, type TraceDataset, type TraceResult, type TraceStep } from './trace';

/**
 * Issue 18's section (`npm run bench -- --data-path`): the database path with the response cache off, at
 * each scale (100,000 and 1,000,000 stations), on PostgreSQL: single routes against the ceiling, every
 * search kind, and the mixed-traffic trace at the site's front door with the cache on and off.
 */

const CONNECTIONS = 50;
const TRACE_SEED = 18;
const TRACE_MEMBERS = 20;
export const RELAXED_LIMITS = { RATE_LIMIT_UPLOAD_MAX: '100000', RATE_LIMIT_SIGN_UP_MAX: '100000', RATE_LIMIT_FAVORITE_MAX: '100000' };

/** The words of api/src/seed/scale.ts (stations' names and descriptions, parts' brands and models). */
const SCALE_WORDS = {
  moods: ['Minimal', 'Cozy', 'Neon', 'Walnut', 'Monochrome', 'Pastel', 'Retro', 'Nordic', 'Cyberpunk', 'Studio', 'Compact', 'Ultrawide', 'Standing', 'Streaming', 'Sakura'],
  places: ['Workspace', 'Battlestation', 'Setup', 'Desk', 'Corner', 'Den', 'Office', 'Studio', 'Nook'],
  brands: ['Corsair', 'Logitech', 'Razer', 'ASUS', 'MSI', 'Gigabyte', 'Samsung', 'Noctua', 'NZXT', 'Seasonic', 'Kingston', 'Crucial', 'AMD', 'Intel', 'NVIDIA', 'Dell', 'BenQ', 'Keychron', 'SteelSeries', 'HyperX', 'Sennheiser', 'Elgato', 'Thermalright'],
  models: ['Pro', 'Elite', 'Ultra', 'Max', 'Air', 'Core', 'Nova', 'Vortex', 'Titan', 'Stealth', 'Aurora', 'Carbon', 'Quantum', 'Zenith', 'Apex', 'Fusion'],
  types: ['cpu', 'gpu', 'motherboard', 'memory', 'storage', 'case', 'power-supply', 'cooling', 'monitor', 'keyboard', 'mouse', 'headset'],
};

async function withService<T>(start: () => Promise<Service>, work: (service: Service) => Promise<T>): Promise<T> {
  const service = await start();
  try {
    return await work(service);
  } finally {
    await service.stop();
  }
}

/** The search kinds of the bench (selective, unselective, misspelt), on both lists and the part picker. */
export const SEARCHES: [string, string][] = [
  ['battlestations, selective', '/api/battlestations?searchTerm=Sakura%20Nook%2042'],
  ['battlestations, unselective', '/api/battlestations?searchTerm=setup'],
  ['battlestations, typo', '/api/battlestations?searchTerm=cozzy%20workspce'],
  ['parts, selective', '/api/parts?searchTerm=Noctua%20Apex%20512'],
  ['parts, unselective', '/api/parts?searchTerm=pro'],
  ['parts, typo', '/api/parts?searchTerm=corsiar'],
  // A maker late in the alphabet: a part's name starts with its maker (decision 024's addendum).
  ['parts, a maker late in the alphabet', '/api/parts?searchTerm=thermalright'],
  ['autocomplete', '/api/parts/autocomplete?searchTerm=logit'],
  // The picker's first ask: two letters, which no trigram narrows (decision 007's addendum).
  ['autocomplete, two letters', '/api/parts/autocomplete?searchTerm=th'],
];

/** Issue 19's desk filters (decision 017) on the list, with their facet counts. */
export const FILTERED_LISTS: [string, string][] = [
  ['battlestations, one filter', '/api/battlestations?mainUse=gaming'],
  ['battlestations, two filters, by name', '/api/battlestations?mainUse=gaming&colourFamily=blue&sortBy=name'],
  ['battlestations, three filters, page 20', '/api/battlestations?mainUse=work&colourFamily=green&monitorCount=1&pageNumber=20'],
  ['battlestations, a filter and a selective search', '/api/battlestations?colourFamily=red&searchTerm=Sakura%20Nook'],
];

export interface DataPathOptions {
  sizes: number[];
  ceiling: LoadResult;
  seconds: number;
  ports: { api: number; site: number };
  rows: Row[];
  log: (message: string) => void;
}

export async function dataPath(options: DataPathOptions): Promise<Record<string, unknown>> {
  const { rows, log } = options;
  const results: Record<string, unknown> = {};
  const photo = await tracePhoto();
  for (const size of options.sizes) {
    const label = `${size.toLocaleString('en')} stations`;
    log(`data path: preparing ${label}`);
    const dataset = await prepareDataset('postgres', size);
    const figures: Record<string, unknown> = { seedSeconds: dataset.seedSeconds };
    results[size] = figures;
    if (dataset.seedSeconds) {
      rows.push({ section: `Data path, ${label}`, measure: 'npm run seed -- --scale', value: `${round(dataset.seedSeconds, 0)} s`, target: size >= 1_000_000 ? '< 600 s' : undefined, met: size >= 1_000_000 ? dataset.seedSeconds < 600 : undefined });
    }
    figures.routes = await cacheOffRoutes(dataset, options, label);
    figures.trace = await mixedTrace(dataset, options, label, size, photo);
  }
  return results;
}

async function cacheOffRoutes(dataset: Dataset, options: DataPathOptions, label: string) {
  const { rows, ceiling } = options;
  return withService(
    () => startApi(options.ports.api, { ...dataset.env, ...RELAXED_LIMITS, RESPONSE_CACHE_ENTRIES: '0' }),
    async (api) => {
      const total = ((await (await fetch(`${api.url}/api/battlestations?resultsPerPage=12`)).json()) as { total: number }).total;
      const middle = Math.ceil(total / 12 / 2);
      const routes: [string, string][] = [
        ['battlestations by date, page 1', '/api/battlestations?sortBy=created_date&direction=desc&pageNumber=1&resultsPerPage=12'],
        [`battlestations by name, page ${middle} (the middle)`, `/api/battlestations?sortBy=name&pageNumber=${middle}&resultsPerPage=12`],
        ['a station', '/api/battlestations/id/777'],
        ['parts by name', '/api/parts?sortBy=name&pageNumber=1&resultsPerPage=12'],
        ['parts of a type', '/api/parts?partType=gpu&sortBy=battlestation_count&direction=desc&pageNumber=1&resultsPerPage=12'],
      ];
      const loads: LoadResult[] = [];
      for (const [name, route] of routes) {
        const result = await load(name, api.url, route, CONNECTIONS, options.seconds);
        loads.push(result);
        const share = round(result.rps / ceiling.rps, 2);
        rows.push({
          section: `Data path, ${label}: cache off, 50 connections`,
          measure: name,
          value: `${result.rps} req/s (${share} of ceiling), p50 ${result.p50} ms, p99 ${result.p99} ms`,
          target: '≥ 0.25 of ceiling, p99 ≤ 50 ms',
          met: share >= 0.25 && result.p99 <= 50 && result.errors + result.non2xx === 0,
        });
      }
      const depth: Record<string, number> = {};
      for (const page of [1, middle]) {
        depth[page] = (await sequentialLatency(`${api.url}/api/battlestations?sortBy=name&pageNumber=${page}&resultsPerPage=12`, 100, true)).p50;
      }
      const ratio = round(depth[middle]! / depth[1]!, 2);
      rows.push({ section: `Data path, ${label}: depth (p50, sequential)`, measure: 'by name', value: `page 1 ${depth[1]} ms, page ${middle} ${depth[middle]} ms: ×${ratio}`, target: '≤ 2× page 1', met: ratio <= 2 });

      const searches: [string, string][] = [...SEARCHES, ['battlestations, two common words, page 2', '/api/battlestations?searchTerm=walnut%20desk&pageNumber=2'], ...FILTERED_LISTS];
      const search: Record<string, { p50: number; p95: number }> = {};
      for (const [name, route] of searches) {
        const latency = await sequentialLatency(`${api.url}${route}`, 200, true);
        search[name] = latency;
        rows.push({ section: `Data path, ${label}: search (sequential)`, measure: name, value: `p50 ${latency.p50} ms, p95 ${latency.p95} ms`, target: 'p95 ≤ 50 ms', met: latency.p95 <= 50 });
      }
      return { loads, depth, search };
    },
  );
}

/** What the trace needs to know of the scale dataset of `size` stations. */
function traceDatasetOf(size: number): TraceDataset {
  return {
    stations: size,
    parts: Math.round(size / 5),
    partTypes: SCALE_WORDS.types,
    vocabulary: [...SCALE_WORDS.moods, ...SCALE_WORDS.places, ...SCALE_WORDS.brands, ...SCALE_WORDS.models],
    brands: SCALE_WORDS.brands,
  };
}

/** The bench's trace (seed 18) over the scale dataset of `size` stations. */
export const traceOf = (size: number) => makeTrace(traceDatasetOf(size), 50_000, TRACE_SEED, TRACE_MEMBERS);

/** The trace's small photo for creates. */
export const tracePhoto = () => sharp({ create: { width: 320, height: 200, channels: 3, background: { r: 90, g: 110, b: 140 } } }).png().toBuffer();

/**
 * Replays the trace at the front door (`siteUrl`) for `seconds`, after a short pass so that every run starts
 * warm, with freshly signed-up members for its writes.
 */
export async function replayWarm(apiUrl: string, siteUrl: string, steps: TraceStep[], photo: Buffer, seconds: number): Promise<TraceResult> {
  const members = await benchMembers(apiUrl, TRACE_MEMBERS);
  try {
    const partId = ((await (await fetch(`${apiUrl}/api/parts?resultsPerPage=12`)).json()) as { parts: { part_id: number }[] }).parts[0]!.part_id;
    await replayTrace(siteUrl, steps, members.members, { connections: CONNECTIONS, seconds: 3, photo, partId });
    return await replayTrace(siteUrl, steps, members.members, { connections: CONNECTIONS, seconds, photo, partId });
  } finally {
    await members.stop();
  }
}

async function mixedTrace(dataset: Dataset, options: DataPathOptions, label: string, size: number, photo: Buffer) {
  const steps = traceOf(size);
  const results: Record<string, TraceResult> = {};
  for (const cache of ['off', 'on'] as const) {
    results[cache] = await withService(
      () => startApi(options.ports.api, { ...dataset.env, ...RELAXED_LIMITS, ...(cache === 'off' ? { RESPONSE_CACHE_ENTRIES: '0' } : {}) }),
      (api) =>
        withService(
          () => startFrontDoor(options.ports.site, api.url),
          (site) => replayWarm(api.url, site.url, steps, photo, options.seconds * 2),
        ),
    );
    const r = results[cache]!;
    const share = round(r.rps / options.ceiling.rps, 2);
    const perKind = Object.entries(r.kinds)
      .map(([kind, k]) => `${kind} ${k.p50}/${k.p95}/${k.p99}`)
      .join('; ');
    options.rows.push({
      section: `Data path, ${label}: mixed trace at the front door (seed ${TRACE_SEED}, 50 connections)`,
      measure: `response cache ${cache}`,
      value: `${r.rps} req/s (${share} of ceiling), p50 ${r.p50} ms, p95 ${r.p95} ms, p99 ${r.p99} ms, ${r.errors} errors, cache hits ${round(r.cacheHitRate * 100, 1)} %; p50/p95/p99 ms by kind: ${perKind}`,
      target: '≥ 0.2 of ceiling, p99 ≤ 100 ms, 0 errors',
      met: share >= 0.2 && r.p99 <= 100 && r.errors === 0,
    });
    if (r.firstErrors.length) options.log(`trace errors (${cache}): ${r.firstErrors.join(' | ')}`);
  }
  return results;
}
