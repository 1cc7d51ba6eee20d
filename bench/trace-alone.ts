import { RELAXED_LIMITS, replayWarm, traceOf, tracePhoto } from './lib/data-path';
import { startApi } from './lib/processes';
import { startFrontDoor } from './lib/site';
import type { TraceKind } from './lib/trace';

/**
 * The data-path bench's mixed trace alone, for A/B runs of one change (decision 015): `npx tsx
 * bench/trace-alone.ts` with DATABASE_URL naming a scale database (`npm run seed -- --scale N`), the response
 * cache off, 50 connections at the front door. SIZE (stations, default 1,000,000), SECONDS (default 20),
 * ONLY (kinds, comma-separated: e.g. the reads alone, as the writes add stations from run to run). The API
 * takes the rest of its settings from the environment (LARGE_SEARCH_CONCURRENCY…).
 */
const size = Number(process.env.SIZE ?? 1_000_000);
const seconds = Number(process.env.SECONDS ?? 20);
const only = process.env.ONLY?.split(',') as TraceKind[] | undefined;
const PORTS = { api: 8912, site: 8913 };

async function main(): Promise<void> {
  if (!process.env.DATABASE_URL) throw new Error('Set DATABASE_URL to a database holding the scale dataset.');
  const steps = traceOf(size).filter((step) => !only || only.includes(step.kind));
  const photo = await tracePhoto();
  const api = await startApi(PORTS.api, { ...RELAXED_LIMITS, RESPONSE_CACHE_ENTRIES: '0' });
  try {
    const site = await startFrontDoor(PORTS.site, api.url);
    try {
      const result = await replayWarm(api.url, site.url, steps, photo, seconds);
      console.info(`${result.rps} req/s, p50 ${result.p50} ms, p95 ${result.p95} ms, p99 ${result.p99} ms, ${result.errors} errors ${result.firstErrors.join(' | ')}`);
      for (const [kind, figures] of Object.entries(result.kinds)) console.info(`  ${kind.padEnd(13)} ${figures.count} requests, p50 ${figures.p50} ms, p95 ${figures.p95} ms, p99 ${figures.p99} ms`);
    } finally {
      await site.stop();
    }
  } finally {
    await api.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
