import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
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
    await app.register(rateLimit, {
      global: false,
      // The shared connection (plugins/redis), which fails fast rather than queue.
      redis: app.redis,
      nameSpace: app.config.rateLimitNamespace,
      // With Redis down the site keeps working (limits pause) instead of failing every limited call.
      skipOnError: true,
      errorResponseBuilder: () => new HttpError(429, TOO_MANY_REQUESTS),
    });
  },
  { name: 'rate-limit', dependencies: ['config', 'redis'] },
);

/** Route `config` for a configured limit. */
export function routeRateLimit(rule: RateLimitRule) {
  return { rateLimit: { max: rule.max, timeWindow: rule.timeWindowMs } };
}
