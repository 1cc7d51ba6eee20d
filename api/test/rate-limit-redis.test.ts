import { randomUUID } from 'node:crypto';
import Redis from 'ioredis';
import type { Response as InjectResponse } from 'light-my-request';
import { insertUser } from '../src/repositories/users-repository';
import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { bearer, createBattlestation, createUser, type TestUser } from './helpers/factories';
import { multipart } from './helpers/upload';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const LIMIT = { max: 3, timeWindowMs: 60_000 };

/** A sign-up that fails validation still counts against the limit, and needs no identity. */
const badSignUp = (t: TestApp) => t.app.inject({ method: 'POST', url: '/api/users/', payload: { username: 'x' } });

/** An instance with the caller's profile and a station of its own (each test app has its own database). */
interface Instance {
  t: TestApp;
  stationId: number;
}

/** Every limited route (decision 20): its route pattern (the counter's key) and a call as `user` from `ip`. */
const LIMITED: Record<string, { method: 'POST' | 'PUT'; url: string; call: (on: Instance, user: TestUser, ip: string) => Promise<InjectResponse> }> = {
  'sign-up': { method: 'POST', url: '/api/users', call: (on, _user, ip) => on.t.app.inject({ method: 'POST', url: '/api/users', remoteAddress: ip, payload: { username: 'x' } }) },
  'account change': {
    method: 'PUT',
    url: '/api/users/:id',
    call: (on, user, ip) => on.t.app.inject({ method: 'PUT', url: `/api/users/${user.uid}`, remoteAddress: ip, headers: bearer(user), payload: {} }),
  },
  'part request': {
    method: 'POST',
    url: '/api/parts/request',
    call: (on, user, ip) => on.t.app.inject({ method: 'POST', url: '/api/parts/request', remoteAddress: ip, headers: bearer(user), payload: { partName: '' } }),
  },
  'upload (create)': {
    method: 'POST',
    url: '/api/battlestations',
    call: (on, user, ip) => {
      const form = multipart({ name: '' });
      return on.t.app.inject({ method: 'POST', url: '/api/battlestations', remoteAddress: ip, headers: { ...form.headers, ...bearer(user) }, payload: form.payload });
    },
  },
  'upload (edit)': {
    method: 'PUT',
    url: '/api/battlestations/id/:id',
    call: (on, user, ip) => {
      const form = multipart({ name: '' });
      return on.t.app.inject({ method: 'PUT', url: `/api/battlestations/id/${on.stationId}`, remoteAddress: ip, headers: { ...form.headers, ...bearer(user) }, payload: form.payload });
    },
  },
  favorite: {
    method: 'PUT',
    url: '/api/battlestations/favorites/:id',
    call: (on, user, ip) => on.t.app.inject({ method: 'PUT', url: `/api/battlestations/favorites/${on.stationId}`, remoteAddress: ip, headers: bearer(user), payload: { action: 'add' } }),
  },
};

describe('rate limits shared through Redis (REDIS_URL)', () => {
  let first: TestApp;
  let second: TestApp;
  let namespace: string;
  let redis: Redis;
  let user: TestUser;
  let instances: Instance[];
  // Two apps, each with its own database: under a full parallel run on a slow day this took over 90 s.
  beforeAll(async () => {
    // A namespace of its own: parallel runs and other suites never share these counters.
    namespace = `bd-test-${randomUUID()}:`;
    const shared = { redisUrl: REDIS_URL, rateLimitNamespace: namespace };
    const instance = () => buildTestApp({ ...shared, rateLimits: { signUp: LIMIT, upload: LIMIT, favorite: LIMIT, partRequest: LIMIT, similarParts: LIMIT, staffWrite: LIMIT } });
    [first, second] = await Promise.all([instance(), instance()]);
    redis = new Redis(REDIS_URL);
    // One identity, known to both instances' databases, as it would be to two instances of one database.
    user = await createUser(first.app);
    await insertUser(second.app.db, { user_id: user.uid, username: user.username, email: user.email });
    instances = await Promise.all([first, second].map(async (t) => ({ t, stationId: (await createBattlestation(t.app)).battlestation_id })));
  }, 180_000);
  afterAll(async () => {
    await first?.close();
    await second?.close();
    redis?.disconnect();
  });

  it('counts requests to two instances together', async () => {
    expect((await badSignUp(first)).statusCode).toBe(400);
    expect((await badSignUp(second)).statusCode).toBe(400);
    expect((await badSignUp(first)).statusCode).toBe(400);
    const limited = await badSignUp(second);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: 'Too many requests. Please try again later.' });
  });

  let clients = 0;
  it.each(Object.keys(LIMITED))('keeps the %s counter in Redis, where both instances count it', async (name) => {
    const { method, url, call } = LIMITED[name];
    const ip = `198.51.100.${(clients += 1)}`;
    for (let i = 0; i < LIMIT.max; i += 1) expect((await call(instances[i % 2], user, ip)).statusCode).not.toBe(429);
    expect(await redis.get(`${namespace}${method}${url}-${ip}`)).toBe(String(LIMIT.max));
    const limited = await call(instances[LIMIT.max % 2], user, ip);
    expect([limited.statusCode, limited.json()]).toEqual([429, { message: 'Too many requests. Please try again later.' }]);
  });
});

describe('rate limits without Redis', () => {
  it('keep working when the configured Redis is unreachable (limits pause, calls still answer)', async () => {
    const t = await buildTestApp({ redisUrl: 'redis://127.0.0.1:1', rateLimitNamespace: `bd-test-${randomUUID()}:`, rateLimits: { signUp: LIMIT, upload: LIMIT, favorite: LIMIT, partRequest: LIMIT, similarParts: LIMIT, staffWrite: LIMIT } });
    try {
      for (let i = 0; i < 5; i += 1) expect((await badSignUp(t)).statusCode).toBe(400);
    } finally {
      await t.close();
    }
  });
});
