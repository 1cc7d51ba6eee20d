import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import Redis from 'ioredis';
import { randomUUID } from 'node:crypto';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** An anonymous GET of this route may be answered from the in-process response cache. */
    publicCache?: boolean;
  }
  interface FastifyRequest {
    /** A miss to keep: the key, and the generations it was read under (kept only if still current). */
    responseCache?: { key: string; generation: number; shared: string };
  }
}

interface Entry {
  payload: string;
  headers: Record<string, string>;
  generation: number;
  /** The deployment-wide generation (Redis) the answer was read under; '' without Redis. */
  shared: string;
  expires: number;
}

const KEPT_HEADERS = ['content-type', 'cache-control', 'etag', 'vary'];
const MAX_PAYLOAD_BYTES = 512 * 1024;

/**
 * Public answers (lists, featured, a public station, the catalogue) are the same for every anonymous visitor:
 * the serialized body is kept in memory and served again without touching the database. Any successful write
 * (POST/PUT/DELETE under /api) empties the cache at once — coarse, but writes are rare next to reads, and it
 * can never serve a change late. With REDIS_URL that holds across instances: a write bumps a generation
 * counter in Redis before it answers, and an instance serves an entry only if it was read under the current
 * counter (one Redis GET instead of the database), so once a client has seen a write confirmed by one
 * instance no instance answers with older data. The emptying is also broadcast, to free memory at once.
 * Entries expire after RESPONSE_CACHE_TTL_MS as a safety net.
 */
export default fp(
  async (app) => {
    const { responseCacheEntries: maxEntries, responseCacheTtlMs: ttlMs, redisUrl } = app.config;
    if (maxEntries === 0) return;
    const entries = new Map<string, Entry>();
    let generation = 0;
    const instance = randomUUID();
    // Per deployment (RATE_LIMIT_NAMESPACE prefixes all of its Redis keys): other deployments or test runs
    // sharing the Redis server neither clear this cache nor see their writes in it.
    const sharedKey = `${app.config.rateLimitNamespace}response-cache:generation`;
    const channel = `${app.config.rateLimitNamespace}response-cache:clear`;

    const clear = () => {
      generation += 1;
      entries.clear();
    };

    // The shared connection (plugins/redis) reads and bumps the generation and publishes; a subscribed
    // connection can do nothing else, so the broadcast is heard on one of its own.
    const publisher = app.redis;
    if (redisUrl) {
      const subscriber = new Redis(redisUrl, { connectTimeout: 2000, maxRetriesPerRequest: 1, lazyConnect: true });
      subscriber.on('error', (error) => app.log.warn({ err: error }, 'response-cache Redis error'));
      subscriber.on('message', (_channel, from) => {
        if (from !== instance) clear();
      });
      await subscriber
        .connect()
        .then(() => subscriber.subscribe(channel))
        .catch((error: unknown) => app.log.warn({ err: error }, 'response-cache Redis is unreachable; other instances learn of writes only through the TTL'));
      app.addHook('onClose', async () => {
        // disconnect(), not quit(): it also stops the reconnect timer of a Redis that never answered.
        subscriber.disconnect();
      });
    }

    /** The shared generation, or null when Redis does not answer: then the cache is bypassed. */
    const sharedGeneration = async (redis: Redis): Promise<string | null> => {
      try {
        return (await redis.get(sharedKey)) ?? '0';
      } catch {
        return null;
      }
    };

    const isWrite = (request: FastifyRequest) =>
      (request.method === 'POST' || request.method === 'PUT' || request.method === 'DELETE' || request.method === 'PATCH') && request.url.startsWith('/api/');

    const cacheable = (request: FastifyRequest) =>
      (request.method === 'GET' || request.method === 'HEAD') && request.routeOptions.config.publicCache === true && !request.headers.authorization;

    /** Answers from the cache when it holds a current entry (true), else marks the request as a miss to keep. */
    const answerFromCache = (request: FastifyRequest, reply: FastifyReply, shared: string): boolean => {
      const key = request.url;
      const entry = entries.get(key);
      if (!entry || entry.generation !== generation || entry.shared !== shared || entry.expires < Date.now()) {
        request.responseCache = { key, generation, shared };
        return false;
      }
      // Most recently used last: the first key is the one to evict.
      entries.delete(key);
      entries.set(key, entry);
      reply.headers(entry.headers).header('x-cache', 'hit');
      const etag = entry.headers.etag;
      if (etag && request.headers['if-none-match']?.split(',').some((tag) => tag.trim() === etag || tag.trim() === `W/${etag}`)) {
        void reply.code(304).send();
      } else {
        void reply.send(entry.payload);
      }
      return true;
    };

    // Callback style, synchronous without Redis: a hit is the hottest path of the API, and an async hook
    // costs it a promise and a microtask turn. A hook that answers must not call done().
    app.addHook('onRequest', (request, reply, done) => {
      if (!cacheable(request)) return done();
      if (!publisher) {
        if (!answerFromCache(request, reply, '')) done();
        return;
      }
      void sharedGeneration(publisher).then((shared) => {
        if (shared === null || !answerFromCache(request, reply, shared)) done();
      });
    });

    /** Keeps a miss's answer, unless a write came while it was being read (it would be stale). */
    const keep = (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      const pending = request.responseCache;
      if (!pending || pending.generation !== generation) return;
      if (reply.statusCode !== 200 || typeof payload !== 'string' || payload.length > MAX_PAYLOAD_BYTES) return;
      const headers: Record<string, string> = {};
      for (const name of KEPT_HEADERS) {
        const value = reply.getHeader(name);
        if (value !== undefined) headers[name] = String(value);
      }
      entries.set(pending.key, { payload, headers, generation, shared: pending.shared, expires: Date.now() + ttlMs });
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
    };

    /**
     * Empties this instance's cache and, with Redis, every instance's: the shared generation is bumped (resolved
     * once it is, so no instance serves an older entry afterwards) and the emptying broadcast. Never rejects.
     */
    const clearEverywhere = async (redis: Redis): Promise<void> => {
      clear();
      await redis.incr(sharedKey).catch((error: unknown) => app.log.warn({ err: error }, 'could not bump the shared cache generation'));
      void redis.publish(channel, instance).catch((error: unknown) => app.log.warn({ err: error }, 'could not broadcast a cache clear'));
    };

    // Callback style like onRequest: only a write with Redis has anything to wait for. A write refused (4xx)
    // changed nothing; one that failed (5xx) may have failed after its commit, so it empties the cache too.
    app.addHook('onSend', (request, reply, payload, done) => {
      if (!isWrite(request) || (reply.statusCode >= 400 && reply.statusCode < 500)) {
        keep(request, reply, payload);
        return done(null, payload);
      }
      // Before the answer leaves: a client that sees the write confirmed finds every instance's cache stale.
      if (!publisher) {
        clear();
        return done(null, payload);
      }
      void clearEverywhere(publisher).then(() => done(null, payload));
    });

    app.decorate('clearResponseCache', async () => (publisher ? clearEverywhere(publisher) : clear()));
  },
  { name: 'response-cache', dependencies: ['config', 'redis'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Empties the response cache after a write outside HTTP (a seed, the store-link checker): this instance's
     * and, with REDIS_URL, every instance's, like a write through the API. Never rejects.
     */
    clearResponseCache?: () => Promise<void>;
  }
}
