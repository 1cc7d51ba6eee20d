import os from 'node:os';

/** One HTTP call of a load run and what came back. */
export interface CallResult<T = unknown> {
  /** Index in the run. */
  index: number;
  /** HTTP status, or 0 when no answer came (connection refused or reset). */
  status: number;
  /** The instance that answered, from nginx's X-Served-By (the last address when nginx retried). */
  servedBy: string | null;
  /** Whether nginx tried more than one instance for it. */
  retried: boolean;
  body: T | null;
  error?: string;
  startedAt: number;
  endedAt: number;
}

export interface CallSpec {
  url: string;
  method: string;
  headers?: Record<string, string>;
  body?: string;
}

/** Sends one call, never throws: a network failure is a result with status 0. */
export async function call<T = unknown>(index: number, spec: CallSpec): Promise<CallResult<T>> {
  const startedAt = Date.now();
  try {
    const response = await fetch(spec.url, { method: spec.method, headers: spec.headers, body: spec.body, signal: AbortSignal.timeout(60_000) });
    const text = await response.text();
    const upstreams = (response.headers.get('x-served-by') ?? '').split(',').map((s) => s.trim()).filter(Boolean);
    let body: T | null = null;
    try {
      body = text ? (JSON.parse(text) as T) : null;
    } catch {
      body = null;
    }
    return { index, status: response.status, servedBy: upstreams.at(-1) ?? null, retried: upstreams.length > 1, body, startedAt, endedAt: Date.now() };
  } catch (error) {
    return { index, status: 0, servedBy: null, retried: false, body: null, error: (error as Error).message, startedAt, endedAt: Date.now() };
  }
}

/**
 * Runs `specs` with at most `concurrency` calls in flight; `onResult` sees each result as it arrives.
 * `perSecond` caps the start rate, so how many calls remain after a moment in the run does not depend on
 * how fast this machine happens to be.
 */
export async function runLoad<T = unknown>(
  specs: CallSpec[],
  concurrency: number,
  onResult: (result: CallResult<T>, done: number) => void = () => undefined,
  perSecond = Infinity,
): Promise<CallResult<T>[]> {
  const results: CallResult<T>[] = new Array(specs.length);
  const begin = Date.now();
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < specs.length) {
      const index = next++;
      const due = begin + (index * 1000) / perSecond;
      if (due > Date.now()) await new Promise((resolve) => setTimeout(resolve, due - Date.now()));
      results[index] = await call<T>(index, specs[index]);
      done += 1;
      onResult(results[index], done);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, specs.length) }, worker));
  return results;
}

/** How many results each instance answered, by port. */
export function countByInstance(results: CallResult[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const r of results) if (r.servedBy) counts[r.servedBy] = (counts[r.servedBy] ?? 0) + 1;
  return counts;
}

export function percentile(values: number[], p: number): number {
  if (!values.length) return 0;
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/**
 * A figure the test measured, printed in one line so a run's log can be copied into docs/deploy.md, with
 * the machine's 1-minute load average (timings on a shared 2-core machine mean little without it).
 */
export function reportFigures(what: string, figures: Record<string, unknown>): void {
  console.info(`[cluster figures] ${what}: ${JSON.stringify({ ...figures, loadAverage1m: Number(os.loadavg()[0].toFixed(1)) })}`);
}
