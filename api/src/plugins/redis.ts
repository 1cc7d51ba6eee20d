import fp from 'fastify-plugin';
import Redis from 'ioredis';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The deployment's Redis (REDIS_URL), one connection for the rate-limit counters, the response cache's
     * generation and the store-link checker's lock; undefined without REDIS_URL. It fails fast rather than
     * queue: a request must never wait on an unreachable Redis, and each user decides what to do without it.
     */
    redis: Redis | undefined;
  }
}

export default fp(
  async (app) => {
    let redis: Redis | undefined;
    if (app.config.redisUrl) {
      redis = new Redis(app.config.redisUrl, { connectTimeout: 2000, maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: true });
      redis.on('error', (error) => app.log.warn({ err: error }, 'Redis error'));
      await redis
        .connect()
        .catch((error: unknown) =>
          app.log.warn({ err: error }, 'Redis is unreachable; rate limits and the store-link checker pause, and the response cache is bypassed, until it answers'),
        );
      app.addHook('onClose', async () => {
        // disconnect(), not quit(): it also stops the reconnect timer of a Redis that never answered.
        redis?.disconnect();
      });
    }
    app.decorate('redis', redis);
  },
  { name: 'redis', dependencies: ['config'] },
);
