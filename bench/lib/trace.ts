import { percentile, round } from './stats';

/**
 * The mixed-traffic scenario of issue 18: a replayable trace (one seed, one sequence) of what visitors and
 * members do at the site's front door, spread over the whole scale dataset so that most requests miss any
 * response cache, and a runner that replays it at a fixed concurrency and reports per kind.
 */

export type TraceKind = 'station' | 'list' | 'search' | 'category' | 'part' | 'autocomplete' | 'favorite' | 'edit' | 'create';

export interface TraceStep {
  kind: TraceKind;
  /** GET path, or the write's target station for favorites. */
  path: string;
  /** Which signed-in member makes a write. */
  member?: number;
}

/** What the trace needs to know of the scale dataset (api/src/seed/scale.ts lays it out deterministically). */
export interface TraceDataset {
  stations: number;
  parts: number;
  partTypes: string[];
  /** Words the stations are named and described with, and the parts' brands and models. */
  vocabulary: string[];
  brands: string[];
}

/** Small, fast and seedable: the same seed gives the same trace on every machine. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Ranks 1..n drawn with probability ∝ 1/rank (Zipf, s = 1), from a cumulative table and a binary search. */
function zipf(n: number, random: () => number): () => number {
  const cumulative = new Float64Array(n);
  let sum = 0;
  for (let rank = 1; rank <= n; rank += 1) cumulative[rank - 1] = sum += 1 / rank;
  return () => {
    const target = random() * sum;
    let low = 0;
    let high = n - 1;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (cumulative[mid] < target) low = mid + 1;
      else high = mid;
    }
    return low + 1;
  };
}

/** One typing mistake: a letter dropped, doubled, swapped with the next or replaced. */
function misspell(word: string, random: () => number): string {
  if (word.length < 4) return word;
  const at = 1 + Math.floor(random() * (word.length - 2));
  switch (Math.floor(random() * 4)) {
    case 0:
      return word.slice(0, at) + word.slice(at + 1);
    case 1:
      return word.slice(0, at) + word[at] + word.slice(at);
    case 2:
      return word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2);
    default:
      return word.slice(0, at) + String.fromCharCode(97 + Math.floor(random() * 26)) + word.slice(at + 1);
  }
}

/** The mix (percent): reads by visitors, 5 % writes by members. */
const MIX: [TraceKind, number][] = [
  ['station', 33],
  ['list', 25],
  ['search', 12],
  ['category', 8],
  ['part', 9],
  ['autocomplete', 8],
  ['favorite', 3],
  ['edit', 1],
  ['create', 1],
];
const SORTS = ['name', 'favorites', 'created_date'];
const PART_SORTS = ['name', 'battlestation_count'];

export function makeTrace(dataset: TraceDataset, length: number, seed: number, members: number): TraceStep[] {
  const random = mulberry32(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const weighted = <T>(choices: [T, number][]) => {
    let roll = random() * choices.reduce((sum, [, weight]) => sum + weight, 0);
    for (const [choice, weight] of choices) if ((roll -= weight) < 0) return choice;
    return choices[choices.length - 1]![0];
  };
  const stationRank = zipf(dataset.stations, random);
  const partRank = zipf(dataset.parts, random);
  // Popularity is spread over all ids (rank → id through a multiplication modulo n); every 20th station is
  // private in the scale seed, so views go to its public neighbour.
  const stationId = () => {
    const id = ((stationRank() * 7919) % dataset.stations) + 1;
    return id % 20 === 0 ? id - 1 : id;
  };
  const partId = () => ((partRank() * 7919) % dataset.parts) + 1;
  const publicStations = dataset.stations - Math.floor(dataset.stations / 20);
  const listPage = (perPage: number, total: number) => {
    const last = Math.max(1, Math.ceil(total / perPage));
    // Nine in ten visits look at the first ten pages (mostly the first); the rest anywhere up to the last.
    return random() < 0.9 ? Math.min(last, 1 + Math.floor(-Math.log(1 - random()) * 2) % 10) : 1 + Math.floor(random() * last);
  };
  const perPage = () => weighted<number>([[12, 70], [24, 15], [48, 10], [96, 5]]);
  const query = (params: Record<string, string | number>) => new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();

  const steps: TraceStep[] = [];
  for (let i = 0; i < length; i += 1) {
    const kind = weighted(MIX);
    const member = Math.floor(random() * members);
    switch (kind) {
      case 'station':
        steps.push({ kind, path: `/api/battlestations/id/${stationId()}` });
        break;
      case 'list': {
        const size = perPage();
        steps.push({ kind, path: `/api/battlestations?${query({ sortBy: pick(SORTS), direction: pick(['asc', 'desc']), resultsPerPage: size, pageNumber: listPage(size, publicStations) })}` });
        break;
      }
      case 'search': {
        const words = Array.from({ length: random() < 0.6 ? 1 : 2 }, () => pick(dataset.vocabulary).toLowerCase());
        const typed = words.map((word) => (random() < 0.1 ? misspell(word, random) : word)).join(' ');
        steps.push({ kind, path: `/api/battlestations?${query({ searchTerm: typed, sortBy: pick(SORTS), direction: pick(['asc', 'desc']), pageNumber: random() < 0.8 ? 1 : 2, resultsPerPage: 12 })}` });
        break;
      }
      case 'category':
        steps.push({ kind, path: `/api/parts?${query({ partType: pick(dataset.partTypes), sortBy: pick(PART_SORTS), direction: pick(['asc', 'desc']), pageNumber: 1 + Math.floor(random() * 5), resultsPerPage: 12 })}` });
        break;
      case 'part':
        steps.push({ kind, path: random() < 0.5 ? `/api/parts/id/${partId()}` : `/api/parts/id/${partId()}/battlestations` });
        break;
      case 'autocomplete': {
        const brand = pick(dataset.brands).toLowerCase();
        steps.push({ kind, path: `/api/parts/autocomplete?${query({ searchTerm: brand.slice(0, 2 + Math.floor(random() * Math.max(1, brand.length - 1))) })}` });
        break;
      }
      case 'favorite':
        steps.push({ kind, path: String(stationId()), member });
        break;
      default:
        steps.push({ kind, path: '', member });
    }
  }
  return steps;
}

/** A signed-in member of the run: a token, and the stations they created (edits go to these). */
export interface Member {
  token: string;
  stations: number[];
  favorites: Set<number>;
}

export interface TraceResult {
  seconds: number;
  requests: number;
  rps: number;
  errors: number;
  /** Share of public GETs answered from the response cache (x-cache: hit). */
  cacheHitRate: number;
  kinds: Record<string, { count: number; p50: number; p95: number; p99: number }>;
  p50: number;
  p95: number;
  p99: number;
  firstErrors: string[];
}

/**
 * Replays the trace from its start with `connections` requests in flight for `seconds`, wrapping around at
 * its end. Writes: a favorite toggles (add, then remove), an edit renames one of the member's stations, a
 * create posts a station with one small photo and one part.
 */
export async function replayTrace(
  base: string,
  steps: TraceStep[],
  members: Member[],
  options: { connections: number; seconds: number; photo: Buffer; partId: number },
): Promise<TraceResult> {
  const times = new Map<TraceKind, number[]>();
  const firstErrors: string[] = [];
  let errors = 0;
  let cacheable = 0;
  let hits = 0;
  let next = 0;
  const deadline = performance.now() + options.seconds * 1000;

  const send = async (step: TraceStep): Promise<Response> => {
    if (step.member === undefined) return fetch(`${base}${step.path}`);
    const member = members[step.member % members.length]!;
    const headers = { authorization: `Bearer ${member.token}` };
    if (step.kind === 'favorite') {
      const id = Number(step.path);
      const action = member.favorites.has(id) ? 'remove' : 'add';
      if (action === 'add') member.favorites.add(id);
      else member.favorites.delete(id);
      return fetch(`${base}/api/battlestations/favorites/${id}`, { method: 'PUT', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ action }) });
    }
    const form = new FormData();
    if (step.kind === 'edit' && member.stations.length > 0) {
      form.set('name', `Edited at ${Date.now().toString(36)}`);
      return fetch(`${base}/api/battlestations/id/${member.stations[next % member.stations.length]}`, { method: 'PUT', headers, body: form });
    }
    form.set('name', `Trace station ${Date.now().toString(36)}`);
    form.set('added_parts', JSON.stringify([options.partId]));
    form.append('images', new Blob([new Uint8Array(options.photo)], { type: 'image/png' }), 'desk.png');
    const response = await fetch(`${base}/api/battlestations/`, { method: 'POST', headers, body: form });
    if (response.ok) {
      const copy = response.clone();
      member.stations.push(((await copy.json()) as { newId: number }).newId);
    }
    return response;
  };

  const worker = async () => {
    while (performance.now() < deadline) {
      const step = steps[next++ % steps.length]!;
      const started = performance.now();
      try {
        const response = await send(step);
        await response.arrayBuffer();
        // A 404 for a removed part or an empty page is an answer; only server errors and refusals count.
        if (response.status >= 500 || response.status === 429 || response.status === 400 || response.status === 401) {
          errors += 1;
          if (firstErrors.length < 5) firstErrors.push(`${response.status} ${step.kind} ${step.path}`);
        }
        if (step.member === undefined) {
          cacheable += 1;
          if (response.headers.get('x-cache') === 'hit') hits += 1;
        }
      } catch (error) {
        errors += 1;
        if (firstErrors.length < 5) firstErrors.push(`${step.kind} ${step.path}: ${(error as Error).message}`);
      }
      const list = times.get(step.kind) ?? [];
      list.push(performance.now() - started);
      times.set(step.kind, list);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: options.connections }, worker));
  const seconds = (performance.now() - started) / 1000;
  const all = [...times.values()].flat();
  const kinds: TraceResult['kinds'] = {};
  for (const [kind, list] of times) kinds[kind] = { count: list.length, p50: round(percentile(list, 50)), p95: round(percentile(list, 95)), p99: round(percentile(list, 99)) };
  return {
    seconds: round(seconds),
    requests: all.length,
    rps: round(all.length / seconds, 0),
    errors,
    cacheHitRate: round(cacheable ? hits / cacheable : 0, 3),
    kinds,
    p50: round(percentile(all, 50)),
    p95: round(percentile(all, 95)),
    p99: round(percentile(all, 99)),
    firstErrors,
  };
}
