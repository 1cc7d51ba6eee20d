import { DecodeLimiter } from './decode-limiter';

/** A task that runs until `finish()` is called, recording when it started. */
function controlled(log: string[], name: string) {
  let finish!: () => void;
  let fail!: (error: Error) => void;
  const done = new Promise<string>((resolve, reject) => {
    finish = () => resolve(name);
    fail = reject;
  });
  return {
    task: () => {
      log.push(name);
      return done;
    },
    finish: () => finish(),
    fail: (error: Error) => fail(error),
  };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('DecodeLimiter', () => {
  it('never runs more than maxConcurrent decodes at once, across owners', async () => {
    const limiter = new DecodeLimiter(2);
    const log: string[] = [];
    const tasks = ['a', 'b', 'c', 'd'].map((owner) => ({ owner, ...controlled(log, owner) }));
    const results = tasks.map((t) => limiter.run(t.owner, t.task));
    await tick();
    expect(log).toEqual(['a', 'b']);
    expect(limiter.stats).toEqual({ running: 2, waiting: 2 });
    tasks[1].finish();
    await tick();
    expect(log).toEqual(['a', 'b', 'c']);
    tasks[0].finish();
    tasks[2].finish();
    await tick();
    tasks[3].finish();
    await expect(Promise.all(results)).resolves.toEqual(['a', 'b', 'c', 'd']);
    expect(limiter.stats).toEqual({ running: 0, waiting: 0 });
  });

  it('runs at most one decode per owner, even with free slots', async () => {
    const limiter = new DecodeLimiter(4);
    const log: string[] = [];
    const first = controlled(log, 'alice-1');
    const second = controlled(log, 'alice-2');
    const p1 = limiter.run('alice', first.task);
    const p2 = limiter.run('alice', second.task);
    await tick();
    expect(log).toEqual(['alice-1']);
    expect(limiter.stats).toEqual({ running: 1, waiting: 1 });
    first.finish();
    await tick();
    expect(log).toEqual(['alice-1', 'alice-2']);
    second.finish();
    await Promise.all([p1, p2]);
  });

  it('serves waiting owners round-robin, so a long queue does not starve a single photo', async () => {
    const limiter = new DecodeLimiter(1);
    const log: string[] = [];
    const byName = new Map<string, ReturnType<typeof controlled>>();
    const results: Promise<string>[] = [];
    const queue = (owner: string, n: number) => {
      for (let i = 1; i <= n; i++) {
        const c = controlled(log, `${owner}${i}`);
        byName.set(`${owner}${i}`, c);
        results.push(limiter.run(owner, c.task));
      }
    };
    queue('a', 3);
    queue('b', 3);
    await tick();
    queue('c', 1);
    // Finish whatever runs, one at a time, and watch the order the slot is handed out in.
    for (let i = 0; i < 7; i++) {
      await tick();
      byName.get(log[log.length - 1])!.finish();
    }
    await Promise.all(results);
    expect(log).toEqual(['a1', 'b1', 'c1', 'a2', 'b2', 'a3', 'b3']);
  });

  it('frees the slot when a decode fails, and passes the error on', async () => {
    const limiter = new DecodeLimiter(1);
    const log: string[] = [];
    const failing = controlled(log, 'x');
    const next = controlled(log, 'y');
    const p1 = limiter.run('u', failing.task);
    const p2 = limiter.run('v', next.task);
    await tick();
    failing.fail(new Error('not an image'));
    await expect(p1).rejects.toThrow('not an image');
    await tick();
    expect(log).toEqual(['x', 'y']);
    next.finish();
    await expect(p2).resolves.toBe('y');
  });

  it('frees the slot when a task throws before returning a promise', async () => {
    const limiter = new DecodeLimiter(1);
    await expect(
      limiter.run('u', () => {
        throw new Error('sync');
      }),
    ).rejects.toThrow('sync');
    await expect(limiter.run('u', async () => 'ok')).resolves.toBe('ok');
  });
});
