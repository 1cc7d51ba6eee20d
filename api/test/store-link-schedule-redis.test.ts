import { randomUUID } from 'node:crypto';
import Redis from 'ioredis';
import { createRunLock } from '../src/store-links/run-lock';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** The store-link checker's lock (issue 20 item 5): with Redis one instance runs a pass, without it the process does. */
describe('store-link check lock', () => {
  let first: Redis;
  let second: Redis;
  let key: string;
  beforeAll(async () => {
    first = new Redis(REDIS_URL);
    second = new Redis(REDIS_URL);
    await Promise.all([first.ping(), second.ping()]);
  });
  afterAll(() => {
    first?.disconnect();
    second?.disconnect();
  });
  beforeEach(() => (key = `bd-test-${randomUUID()}:store-link-check:lock`));

  const gate = () => {
    let open!: () => void;
    const opened = new Promise<void>((resolve) => (open = resolve));
    return { open, opened };
  };

  /** The first instance's pass, running until `open` is called, and the second instance's lock on the same key. */
  function firstRunningSecondWaiting(lifeMs: number) {
    const { open, opened } = gate();
    const running = createRunLock(first, key, lifeMs, () => undefined).run(async () => {
      await opened;
      return 'a';
    });
    return { running, open, b: createRunLock(second, key, lifeMs, () => undefined) };
  }

  it('lets only one of two instances run at a time, and the other once the first is done', async () => {
    const { running, open, b } = firstRunningSecondWaiting(60_000);
    while ((await second.get(key)) === null) await new Promise((resolve) => setTimeout(resolve, 10));
    await expect(b.run(async () => 'b')).resolves.toBeUndefined();
    open();
    await expect(running).resolves.toBe('a');
    await expect(first.get(key)).resolves.toBeNull();
    await expect(b.run(async () => 'b')).resolves.toBe('b');
  });

  it('keeps the lock while a pass runs longer than its life, so no other instance starts the same links', async () => {
    // Renewed every third of its life: a pause of the machine shorter than two thirds (1 s) does not lose it.
    const { running, open, b } = firstRunningSecondWaiting(1500);
    // More than two lives later the first pass still runs, and still holds the lock.
    await new Promise((resolve) => setTimeout(resolve, 3500));
    await expect(b.run(async () => 'b')).resolves.toBeUndefined();
    open();
    await expect(running).resolves.toBe('a');
    await expect(b.run(async () => 'b')).resolves.toBe('b');
  });

  it('lets the lock expire when its holder never releases it', async () => {
    await second.set(key, 'a dead instance', 'PX', 200);
    const a = createRunLock(first, key, 60_000, () => undefined);
    await expect(a.run(async () => 'a')).resolves.toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 300));
    await expect(a.run(async () => 'a')).resolves.toBe('a');
  });

  it('does not release a lock another instance took after ours expired', async () => {
    const a = createRunLock(first, key, 100, () => undefined);
    await a.run(async () => {
      await new Promise((resolve) => setTimeout(resolve, 200));
      await second.set(key, 'other', 'PX', 60_000);
    });
    await expect(first.get(key)).resolves.toBe('other');
  });

  it('skips the pass when Redis is configured but unreachable', async () => {
    const down = new Redis('redis://127.0.0.1:1', { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0, retryStrategy: () => null });
    down.on('error', () => undefined);
    const errors: unknown[] = [];
    const lock = createRunLock(down, key, 60_000, (error) => errors.push(error));
    await expect(lock.run(async () => 'ran')).resolves.toBeUndefined();
    expect(errors).toHaveLength(1);
    down.disconnect();
  });

  it('without Redis runs in this process, one run at a time', async () => {
    const lock = createRunLock(undefined, key, 60_000, () => undefined);
    const { open, opened } = gate();
    const running = lock.run(async () => {
      await opened;
      return 1;
    });
    await expect(lock.run(async () => 2)).resolves.toBeUndefined();
    open();
    await expect(running).resolves.toBe(1);
    await expect(lock.run(async () => 3)).resolves.toBe(3);
  });
});
