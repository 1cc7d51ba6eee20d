import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import Redis from 'ioredis';
import { part_stores, stores } from '../src/db/schema';
import { LOOPBACK_ADDRESSES } from '../src/outbound/outbound-request';
import { DEFAULT_STORE_LINK_CHECK } from '../src/store-links/store-link-options';
import { startLocalServer } from './helpers/admin-helpers';
import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { bearer, createBattlestation, createPart, createUser, type TestUser } from './helpers/factories';
import { multipart } from './helpers/upload';

const CACHE = { responseCacheEntries: 100, responseCacheTtlMs: 60_000 };

describe('response cache for anonymous public answers', () => {
  let t: TestApp;
  let owner: TestUser;
  let fan: TestUser;
  let stationId: number;

  beforeAll(async () => {
    t = await buildTestApp(CACHE);
    owner = await createUser(t.app);
    fan = await createUser(t.app);
    stationId = (await createBattlestation(t.app, { owner, name: 'Cached desk' })).battlestation_id;
  });
  afterAll(() => t.close());

  const list = (headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: '/api/battlestations/featured', headers });

  it('serves a repeated anonymous GET from memory, same body and headers', async () => {
    const first = await list();
    const second = await list();
    expect(first.headers['x-cache']).toBeUndefined();
    expect(second.headers['x-cache']).toBe('hit');
    expect(second.body).toBe(first.body);
    expect(second.headers['content-type']).toBe(first.headers['content-type']);
    expect(second.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers a cached entry with 304 when the client already holds it', async () => {
    const fresh = await list();
    const etag = fresh.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await list({ 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
  });

  it('never answers a request that carries a token from the cache', async () => {
    await list();
    const signedIn = await t.app.inject({ method: 'GET', url: `/api/battlestations/id/${stationId}`, headers: bearer(fan) });
    expect(signedIn.headers['x-cache']).toBeUndefined();
    expect(signedIn.json()).toMatchObject({ is_favorited: 0 });
  });

  it('forgets everything after a successful write, so the change shows at once', async () => {
    await list();
    expect((await list()).headers['x-cache']).toBe('hit');
    const favorite = await t.app.inject({ method: 'PUT', url: `/api/battlestations/favorites/${stationId}`, headers: bearer(fan), payload: { action: 'add' } });
    expect(favorite.statusCode).toBe(200);
    const after = await list();
    expect(after.headers['x-cache']).toBeUndefined();
    expect(after.json().find((s: { battlestation_id: number }) => s.battlestation_id === stationId)).toMatchObject({ favorites: 1 });
  });

  it('keeps its entries after a refused write', async () => {
    await list();
    const refused = await t.app.inject({ method: 'PUT', url: `/api/battlestations/favorites/${stationId}`, headers: bearer(fan), payload: { action: 'nope' } });
    expect(refused.statusCode).toBe(400);
    expect((await list()).headers['x-cache']).toBe('hit');
  });

  it('does not keep answers other than 200', async () => {
    const missing = () => t.app.inject({ method: 'GET', url: '/api/battlestations/id/999999' });
    expect((await missing()).statusCode).toBe(404);
    expect((await missing()).headers['x-cache']).toBeUndefined();
  });
});

describe('response cache across instances (REDIS_URL)', () => {
  // Each test builds two apps on their own databases: 14-18 s alone, and once over the 90 s default while
  // `npm test` loaded a slow 2-core machine (2026-11-28). A hang still fails.
  const TWO_APPS_MS = 180_000;
  const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  const namespaces: string[] = [];
  const sharedCache = () => {
    const namespace = `bd-test-${randomUUID()}:`;
    namespaces.push(namespace);
    return { ...CACHE, redisUrl, rateLimitNamespace: namespace };
  };
  // The shared generation lives on in Redis: each test's namespace goes with it.
  afterAll(async () => {
    const redis = new Redis(redisUrl);
    try {
      for (const namespace of namespaces) {
        const keys = await redis.keys(`${namespace}*`);
        if (keys.length > 0) await redis.del(...keys);
      }
    } finally {
      redis.disconnect();
    }
  });

  it('a write on one instance empties the cache of the other', async () => {
    const shared = sharedCache();
    const a = await buildTestApp(shared);
    const b = await buildTestApp(shared);
    try {
      const user = await createUser(a.app);
      const station = await createBattlestation(a.app, { owner: user });
      const get = () => b.app.inject({ method: 'GET', url: '/api/battlestations/featured' });
      await get();
      expect((await get()).headers['x-cache']).toBe('hit');
      const write = await a.app.inject({ method: 'PUT', url: `/api/battlestations/favorites/${station.battlestation_id}`, headers: bearer(user), payload: { action: 'add' } });
      expect(write.statusCode).toBe(200);
      // The broadcast arrives asynchronously.
      let hit = true;
      for (let i = 0; i < 50 && hit; i += 1) {
        hit = (await get()).headers['x-cache'] === 'hit';
        if (hit) await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(hit).toBe(false);
    } finally {
      await a.close();
      await b.close();
    }
  }, TWO_APPS_MS);

  it("a store-link check pass (a write outside HTTP) on one instance empties the other's cache before it resolves", async () => {
    const shared = sharedCache();
    const shop = await startLocalServer({ '/gone': (_req, res) => res.writeHead(404).end() });
    const storeLinkCheck = { ...DEFAULT_STORE_LINK_CHECK, timeoutMs: 800, hostSpacingMs: 0, allowedAddresses: LOOPBACK_ADDRESSES };
    const a = await buildTestApp({ ...shared, storeLinkCheck });
    const b = await buildTestApp(shared);
    try {
      const part = await createPart(a.app);
      const [store] = await a.app.db.insert(stores).values({ name: `Shop ${randomUUID()}`, url: 'https://shop.example' }).returning();
      await a.app.db.insert(part_stores).values({ part_id: part.part_id, store_id: store.store_id, url: `${shop.origin}/gone` });
      const get = () => b.app.inject({ method: 'GET', url: '/api/battlestations/featured' });
      await get();
      expect((await get()).headers['x-cache']).toBe('hit');
      expect(await a.app.runStoreLinkCheck({ partId: part.part_id })).toEqual({ checked: 1, ok: 0, failed: 1 });
      // The shared generation is bumped before the pass resolves: no waiting for the broadcast.
      expect((await get()).headers['x-cache']).toBeUndefined();
    } finally {
      await a.close();
      await b.close();
      await shop.close();
    }
  }, TWO_APPS_MS);
});

describe('response cache and a write that fails after its commit', () => {
  let t: TestApp;
  let owner: TestUser;

  beforeAll(async () => {
    // The station edit fails after it has saved (its answer is read after the commit), when the test asks.
    const failAfterSaving = (route: RouteOptions) => {
      if (route.method !== 'PUT' || route.url !== '/api/battlestations/id/:id') return;
      const handler = route.handler as (this: unknown, request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
      route.handler = async function (request, reply) {
        const answer = await handler.call(this, request, reply);
        if (request.headers['x-test-fail-after-save']) throw new Error('the answer could not be read');
        return answer;
      };
    };
    t = await buildTestApp(CACHE, { onRoute: failAfterSaving });
    owner = await createUser(t.app);
  });
  afterAll(() => t.close());

  it('forgets everything after a write answered 500, as it may have been saved', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    const { battlestation_id: id } = await createBattlestation(t.app, { owner, name: 'Before the edit' });
    const station = () => t.app.inject({ method: 'GET', url: `/api/battlestations/id/${id}` });
    await station();
    expect((await station()).headers['x-cache']).toBe('hit');
    const form = multipart({ name: 'After the edit' }, []);
    const failed = await t.app.inject({ method: 'PUT', url: `/api/battlestations/id/${id}`, headers: { ...form.headers, ...bearer(owner), 'x-test-fail-after-save': '1' }, payload: form.payload });
    expect(failed.statusCode).toBe(500);
    const after = await station();
    expect(after.headers['x-cache']).toBeUndefined();
    expect(after.json()).toMatchObject({ name: 'After the edit' });
  });
});
