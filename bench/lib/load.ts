import autocannon from 'autocannon';
import { round } from './stats';

export interface LoadResult {
  name: string;
  path: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/** autocannon against one URL: mean requests/s and latency percentiles (ms). */
export async function load(name: string, base: string, path: string, connections: number, duration: number, headers: Record<string, string> = {}): Promise<LoadResult> {
  // A short warm-up so JIT and caches are in the same state for every route.
  await autocannon({ url: `${base}${path}`, connections, duration: 1, headers });
  const result = await autocannon({ url: `${base}${path}`, connections, duration, headers });
  return {
    name,
    path,
    rps: round(result.requests.mean, 0),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}
