import type Redis from 'ioredis';
import { randomUUID } from 'node:crypto';

/** Deletes the key only if it still holds our token (a lock that expired and was taken by another stays theirs). */
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;
/** Extends the key's life only while it still holds our token. */
const RENEW = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;

export interface RunLock {
  /** Runs `task` if this instance gets the lock; undefined (without running) when another holds it or Redis is down. */
  run<T>(task: () => Promise<T>): Promise<T | undefined>;
}

/**
 * Who may run the store-link checker now. With Redis: one instance of the deployment, through SET NX PX on a
 * key of its namespace, released by token, renewed every third of its life while the task runs (a pass may
 * take longer than any life set in advance: one slow host's links are visited one by one), so it expires on its
 * own only when the holder dies. Redis unreachable: nobody
 * (better a skipped pass than every instance checking at once). Without Redis: this process, one run at a time.
 */
export function createRunLock(redis: Redis | undefined, key: string, ttlMs: number, onError: (error: unknown) => void): RunLock {
  let running = false;
  return {
    async run(task) {
      if (running) return undefined;
      running = true;
      try {
        if (!redis) return await task();
        const token = randomUUID();
        let acquired: string | null;
        try {
          acquired = await redis.set(key, token, 'PX', ttlMs, 'NX');
        } catch (error) {
          onError(error);
          return undefined;
        }
        if (acquired !== 'OK') return undefined;
        const renewal = setInterval(() => void redis.eval(RENEW, 1, key, token, ttlMs).catch(onError), Math.max(1, Math.floor(ttlMs / 3)));
        renewal.unref();
        try {
          return await task();
        } finally {
          clearInterval(renewal);
          await redis.eval(RELEASE, 1, key, token).catch(onError);
        }
      } finally {
        running = false;
      }
    },
  };
}
