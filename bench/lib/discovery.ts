import type { Row } from './report';
import { startApi } from './processes';
import { sequentialLatency } from './stats';

/**
 * Issue 19 (decision 014): similar setups and parts often paired, p50/p95 of sequential calls from the
 * database (response cache bypassed), for the most favorited and the oldest station, and for the most used
 * part and the first part by name. Target: p95 ≤ 20 ms at 100,000 stations.
 *
 * Alone against a dataset: `DATABASE_URL=postgres://…/bd19 npx tsx bench/lib/discovery.ts [samples]`.
 */
export async function discoveryLatency(apiUrl: string, samples: number, rows: Row[]): Promise<Record<string, { p50: number; p95: number }>> {
  const first = async <T>(route: string, key: string): Promise<T> =>
    ((await (await fetch(`${apiUrl}${route}`)).json()) as Record<string, T[]>)[key][0];
  const favorite = await first<{ battlestation_id: number }>('/api/battlestations?sortBy=favorites&direction=desc&resultsPerPage=12', 'battlestations');
  const oldest = await first<{ battlestation_id: number }>('/api/battlestations?resultsPerPage=12', 'battlestations');
  const popular = await first<{ part_id: number }>('/api/parts?sortBy=battlestation_count&direction=desc&resultsPerPage=12', 'parts');
  const byName = await first<{ part_id: number }>('/api/parts?resultsPerPage=12', 'parts');
  const cases: [string, string][] = [
    ['similar setups, most favorited station', `/api/battlestations/id/${favorite.battlestation_id}/similar`],
    ['similar setups, oldest station', `/api/battlestations/id/${oldest.battlestation_id}/similar`],
    ['often paired, most used part', `/api/parts/id/${popular.part_id}/paired`],
    ['often paired, first part by name', `/api/parts/id/${byName.part_id}/paired`],
  ];
  const figures: Record<string, { p50: number; p95: number }> = {};
  for (const [name, route] of cases) {
    const latency = await sequentialLatency(`${apiUrl}${route}`, samples, true);
    figures[name] = latency;
    rows.push({ section: 'Discovery (sequential, from the database)', measure: name, value: `p50 ${latency.p50} ms, p95 ${latency.p95} ms`, target: 'p95 ≤ 20 ms', met: latency.p95 <= 20 });
  }
  return figures;
}

if (require.main === module) {
  const samples = Number(process.argv[2] ?? 200);
  void (async () => {
    const api = await startApi(8912, { DATABASE_URL: process.env.DATABASE_URL ?? '' });
    try {
      const rows: Row[] = [];
      await discoveryLatency(api.url, samples, rows);
      for (const row of rows) console.info(`${row.measure}: ${row.value} (${row.met ? 'met' : 'NOT met'})`);
    } finally {
      await api.stop();
    }
  })();
}
