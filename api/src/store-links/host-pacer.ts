/**
 * Runs jobs grouped by host: one host's jobs one after another, at least `spacingMs` apart (start to start),
 * and at most `concurrency` jobs at once across hosts. A failing job does not stop the others.
 */
export async function runPerHost<T>(
  items: readonly T[],
  hostOf: (item: T) => string,
  job: (item: T) => Promise<void>,
  { concurrency, spacingMs }: { concurrency: number; spacingMs: number },
): Promise<void> {
  const queues = new Map<string, T[]>();
  for (const item of items) {
    const host = hostOf(item);
    const queue = queues.get(host) ?? [];
    queue.push(item);
    queues.set(host, queue);
  }
  const hosts = [...queues.values()];
  let next = 0;
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  // Each worker takes a whole host at a time, so one host is never hit by two workers at once.
  const worker = async () => {
    while (next < hosts.length) {
      const queue = hosts[next++];
      for (let i = 0; i < queue.length; i++) {
        const started = Date.now();
        await job(queue[i]).catch(() => undefined);
        if (i === queue.length - 1) continue;
        // Until the clock says so: a timer counts from the event loop's cached time, which a busy loop leaves
        // behind the clock, so one sleep can end a few milliseconds short of the spacing.
        for (let wait = spacingMs - (Date.now() - started); wait > 0; wait = spacingMs - (Date.now() - started)) await sleep(wait);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, hosts.length)) }, worker));
}

/** The host a link is paced by: its hostname, lower case ('' when the URL does not parse). */
export function linkHost(url: string): string {
  return URL.canParse(url) ? new URL(url).hostname.toLowerCase() : '';
}
