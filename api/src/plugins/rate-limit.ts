import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import Redis from 'ioredis';
import { TOO_MANY_REQUESTS } from '@battledeck/shared/contract';
import type { RateLimitRule } from '../config';
import { HttpError } from '../errors';

/**
 * Per-route limits only (decision 20: sign-up, part requests, uploads, favorites). A route opts in with
 * `config: routeRateLimit(app.config.rateLimits.signUp)`. Counters are in memory, per instance, unless
 * REDIS_URL is set: then every instance counts in Redis, so a limit holds behind a load balancer.
 */
export default fp(
  async (app) => {
    let redis: Redis | undefined;
    if (app.config.redisUrl) {
      // Fail fast rather than queue: a request must not wait on an unreachable Redis.
      redis = new Redis(app.config.redisUrl, { connectTimeout: 2000, maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: true });
      redis.on('error', (error) => app.log.warn({ err: error }, 'rate-limit Redis error'));
      await redis.connect().catch((error: unknown) => app.log.warn({ err: error }, 'rate-limit Redis is unreachable; limits are skipped until it answers'));
      app.addHook('onClose', async () => {
        // disconnect(), not quit(): it also stops the reconnect timer of a Redis that never answered.
        redis?.disconnect();
      });
    }
    await app.register(rateLimit, {
      global: false,
      redis,
      nameSpace: app.config.rateLimitNamespace,
      // With Redis down the site keeps working (limits pause) instead of failing every limited call.
      skipOnError: true,
      errorResponseBuilder: () => new HttpError(429, TOO_MANY_REQUESTS),
    });
  },
  { name: 'rate-limit', dependencies: ['config'] },
);

/** Route `config` for a configured limit. */
export function routeRateLimit(rule: RateLimitRule) {
  return { rateLimit: { max: rule.max, timeWindow: rule.timeWindowMs } };
}
