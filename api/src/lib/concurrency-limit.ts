/**
 * At most `max` tasks at once, the rest waiting in arrival order. A bulkhead: the API runs its costly reads
 * through one so that they cannot take every database connection and core from the cheap ones (issue 18).
 */
export class ConcurrencyLimit {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(readonly max: number) {
    if (!(Number.isInteger(max) && max >= 1)) throw new Error('ConcurrencyLimit needs at least one slot');
  }

  /** Runs `task` once a slot is free; resolves or rejects with it, and frees the slot either way. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running < this.max) this.running += 1;
    // The slot is handed over by the task that frees it, so `running` never drops in between.
    else await new Promise<void>((start) => this.waiting.push(start));
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }

  /** Tasks running and waiting now (for tests and diagnostics). */
  get stats(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }
}
