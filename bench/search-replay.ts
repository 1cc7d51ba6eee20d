import { RELAXED_LIMITS, traceOf } from './lib/data-path';
import { startApi } from './lib/processes';
import { percentile, round } from './lib/stats';

/**
 * The mixed trace's searches one at a time against the API alone (cache off), for A/B runs of a change to
 * the search path (decision 015): `DATABASE_URL=… SIZE=1000000 COUNT=150 npx tsx bench/search-replay.ts`.
 * Each search is asked twice and the second answer timed, so every run reads from a warm cache. SLOWEST=n
 * also lists the n slowest searches with their times.
 */
const size = Number(process.env.SIZE ?? 1_000_000);
const count = Number(process.env.COUNT ?? 150);
const slowest = Number(process.env.SLOWEST ?? 0);

async function main(): Promise<void> {
  if (!process.env.DATABASE_URL) throw new Error('Set DATABASE_URL to a database holding the scale dataset.');
  const searches = traceOf(size)
    .filter((step) => step.kind === 'search')
    .slice(0, count);
  const api = await startApi(8912, { ...RELAXED_LIMITS, RESPONSE_CACHE_ENTRIES: '0' });
  try {
    const timed: [number, string][] = [];
    for (const step of searches) {
      await (await fetch(`${api.url}${step.path}`)).arrayBuffer();
      const started = performance.now();
      const response = await fetch(`${api.url}${step.path}`);
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`${response.status} ${step.path}`);
      timed.push([performance.now() - started, step.path]);
    }
    const times = timed.map(([ms]) => ms);
    const mean = times.reduce((sum, ms) => sum + ms, 0) / times.length;
    console.info(`${times.length} searches: mean ${round(mean)} ms, p50 ${round(percentile(times, 50))} ms, p95 ${round(percentile(times, 95))} ms, max ${round(Math.max(...times))} ms`);
    for (const [ms, path] of timed.sort((a, b) => b[0] - a[0]).slice(0, slowest)) console.info(`${round(ms)} ms ${decodeURIComponent(path.replace(/\+/g, ' '))}`);
  } finally {
    await api.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
