/** Percentile of a list of numbers (nearest rank). */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

/**
 * Times `count` sequential GETs of a URL (after a few warm-up calls): p50 and p95 in ms. With `bypassCache`
 * each call adds a unique parameter the API ignores, so every answer comes from the database, not from the
 * response cache.
 */
export async function sequentialLatency(url: string, count: number, bypassCache = false): Promise<{ p50: number; p95: number }> {
  const urlFor = (i: number) => (bypassCache ? `${url}${url.includes('?') ? '&' : '?'}_nocache=${Date.now()}-${i}` : url);
  for (let i = 0; i < 5; i += 1) await (await fetch(urlFor(-i - 1))).arrayBuffer();
  const times: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const started = performance.now();
    const response = await fetch(urlFor(i));
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    times.push(performance.now() - started);
  }
  return { p50: round(percentile(times, 50), 2), p95: round(percentile(times, 95), 2) };
}
