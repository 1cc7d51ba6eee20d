/** One request of a load run, as the client saw it. */
export interface Sample {
  path: string;
  startedAt: number;
  endedAt: number;
  /** HTTP status, or 0 when no answer came (connection refused or reset, time-out). */
  status: number;
  /** `message` of a JSON error body, or the client-side error. */
  message?: string;
  /** The response cache answered (x-cache: hit). */
  cached: boolean;
}

export interface LoadRun {
  samples: Sample[];
  /** Stops the workers and resolves once every request in flight has settled. */
  stop(): Promise<Sample[]>;
}

export interface LoadOptions {
  baseUrl: string;
  concurrency: number;
  /** The next request of a worker: a path and its headers. */
  next(worker: number, n: number): { path: string; headers?: Record<string, string> };
  /** A request taking longer than this counts as a failure (status 0): nothing may hang. */
  requestTimeoutMs?: number;
}

async function request(baseUrl: string, path: string, headers: Record<string, string>, timeoutMs: number): Promise<Sample> {
  const startedAt = Date.now();
  try {
    const response = await fetch(`${baseUrl}${path}`, { headers, signal: AbortSignal.timeout(timeoutMs) });
    const text = await response.text();
    let message: string | undefined;
    if (response.status >= 400) {
      try {
        message = (JSON.parse(text) as { message?: string }).message;
      } catch {
        message = `not JSON: ${text.slice(0, 80)}`;
      }
    }
    return { path, startedAt, endedAt: Date.now(), status: response.status, message, cached: response.headers.get('x-cache') === 'hit' };
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    return { path, startedAt, endedAt: Date.now(), status: 0, message: cause?.code ?? (error as Error).name, cached: false };
  }
}

/** `concurrency` workers sending requests back to back until stopped (a closed-loop load, like autocannon). */
export function startLoad(options: LoadOptions): LoadRun {
  const samples: Sample[] = [];
  let running = true;
  const workers = Array.from({ length: options.concurrency }, async (_, worker) => {
    for (let n = 0; running; n++) {
      const next = options.next(worker, n);
      samples.push(await request(options.baseUrl, next.path, next.headers ?? {}, options.requestTimeoutMs ?? 15_000));
    }
  });
  return {
    samples,
    async stop() {
      running = false;
      await Promise.all(workers);
      return samples;
    },
  };
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
