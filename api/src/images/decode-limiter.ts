import { availableParallelism } from 'node:os';

/**
 * Bounds the CPU the image pipeline may take at once (issue 15): at most `maxConcurrent` decodes in the
 * whole process (the core count by default: sharp/libvips keeps a core busy per decode) and at most one per
 * owner (a user), so one user's twenty photos queue behind each other instead of filling every core.
 * Owners waiting for a slot are served round-robin: whoever started a decode least recently goes first (a
 * newcomer before everyone), so a user with a long queue cannot starve one who sends a single photo.
 */
export class DecodeLimiter {
  private running = 0;
  private readonly busy = new Set<string>();
  /** Waiting starts per owner, owners in order of arrival. */
  private readonly waiting = new Map<string, (() => void)[]>();
  /** When each owner with work running or waiting last started a decode (a counter, not a clock). */
  private readonly lastStarted = new Map<string, number>();
  private starts = 0;

  constructor(readonly maxConcurrent: number = availableParallelism()) {
    if (!(maxConcurrent >= 1)) throw new Error('DecodeLimiter needs at least one slot');
  }

  /** Runs `task` once the global limit and the owner's own limit (one) allow; resolves or rejects with it. */
  async run<T>(owner: string, task: () => Promise<T>): Promise<T> {
    await new Promise<void>((start) => {
      const queue = this.waiting.get(owner);
      if (queue) queue.push(start);
      else this.waiting.set(owner, [start]);
      this.drain();
    });
    try {
      return await task();
    } finally {
      this.running--;
      this.busy.delete(owner);
      if (!this.waiting.has(owner)) this.lastStarted.delete(owner);
      this.drain();
    }
  }

  /** Decodes running and waiting now (for tests and diagnostics). */
  get stats(): { running: number; waiting: number } {
    let waiting = 0;
    for (const queue of this.waiting.values()) waiting += queue.length;
    return { running: this.running, waiting };
  }

  private drain(): void {
    while (this.running < this.maxConcurrent) {
      let owner: string | undefined;
      let oldest = Infinity;
      for (const candidate of this.waiting.keys()) {
        const started = this.lastStarted.get(candidate) ?? -1;
        if (!this.busy.has(candidate) && started < oldest) {
          owner = candidate;
          oldest = started;
        }
      }
      if (owner === undefined) return;
      const queue = this.waiting.get(owner)!;
      const start = queue.shift()!;
      if (queue.length === 0) this.waiting.delete(owner);
      this.running++;
      this.busy.add(owner);
      this.lastStarted.set(owner, this.starts++);
      start();
    }
  }
}

/** The process-wide limiter every upload and import goes through. */
export const decodeLimiter = new DecodeLimiter();
