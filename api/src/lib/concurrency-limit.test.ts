import { ConcurrencyLimit } from './concurrency-limit';

/** A task that runs until its `finish` is called. */
function held<T>(value: T) {
  let finish!: () => void;
  let started = false;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return {
    task: async () => {
      started = true;
      await done;
      return value;
    },
    finish: () => finish(),
    get started() {
      return started;
    },
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('ConcurrencyLimit', () => {
  it('runs at most max tasks at once and starts the waiting ones in arrival order', async () => {
    const limit = new ConcurrencyLimit(2);
    const tasks = [held('a'), held('b'), held('c'), held('d')];
    const results = tasks.map((t) => limit.run(t.task));
    await settle();
    expect(tasks.map((t) => t.started)).toEqual([true, true, false, false]);
    expect(limit.stats).toEqual({ running: 2, waiting: 2 });

    tasks[1]!.finish();
    await settle();
    expect(tasks.map((t) => t.started)).toEqual([true, true, true, false]);
    expect(limit.stats).toEqual({ running: 2, waiting: 1 });

    tasks[0]!.finish();
    tasks[2]!.finish();
    tasks[3]!.finish();
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c', 'd']);
    expect(limit.stats).toEqual({ running: 0, waiting: 0 });
  });

  it('frees the slot of a task that fails', async () => {
    const limit = new ConcurrencyLimit(1);
    await expect(limit.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await limit.run(async () => 'next')).toBe('next');
    expect(limit.stats).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses a limit below one slot', () => {
    expect(() => new ConcurrencyLimit(0)).toThrow();
    expect(() => new ConcurrencyLimit(1.5)).toThrow();
  });
});
