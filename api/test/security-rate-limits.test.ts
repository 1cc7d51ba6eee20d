import type { Response as InjectResponse } from 'light-my-request';
import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { bearer, createBattlestation, createUser, type TestUser } from './helpers/factories';
import { multipart } from './helpers/upload';

/**
 * Issue 7 part 5 (decision 20): sign-up, part requests, uploads and favorites (and, since decision 021, the
 * similar-parts suggestions; since 2026-12-07, deletes, the image preview and staff writes) are limited per client, in
 * memory by default (the Redis variant is in rate-limit-redis.test.ts). Limits are set low here. A
 * request counts whatever it answers (a refused sign-up too), once the caller is signed in.
 */
const MAX = 3;
const TOO_MANY = { message: 'Too many requests. Please try again later.' };

let t: TestApp;
let user: TestUser;
let stationId: number;

beforeAll(async () => {
  const rule = { max: MAX, timeWindowMs: 60_000 };
  t = await buildTestApp({ rateLimits: { signUp: rule, upload: rule, favorite: { max: MAX, timeWindowMs: 6000 }, partRequest: rule, similarParts: rule, staffWrite: rule } });
  user = await createUser(t.app);
  stationId = (await createBattlestation(t.app)).battlestation_id;
});
afterAll(() => t?.close());

type Client = { remoteAddress?: string; forwardedFor?: string };

/** One call of each limited route, as `client` (a peer address, and what a proxy says in X-Forwarded-For). */
const LIMITED: Record<string, (client: Client) => Promise<InjectResponse>> = {
  'sign-up (POST /api/users)': (client) => call(client, 'POST', '/api/users', { payload: { username: 'x' } }),
  'account change (PUT /api/users/:id)': (client) => call(client, 'PUT', `/api/users/${user.uid}`, { payload: {}, auth: true }),
  'part request (POST /api/parts/request)': (client) => call(client, 'POST', '/api/parts/request', { payload: { partName: '' }, auth: true }),
  'upload (POST /api/battlestations)': (client) => call(client, 'POST', '/api/battlestations', { form: { name: '' }, auth: true }),
  'upload (PUT /api/battlestations/id/:id)': (client) => call(client, 'PUT', `/api/battlestations/id/${stationId}`, { form: { name: '' }, auth: true }),
  'favorite (PUT /api/battlestations/favorites/:id)': (client) => call(client, 'PUT', `/api/battlestations/favorites/${stationId}`, { payload: { action: 'add' }, auth: true }),
  'similar parts (GET /api/parts/similar)': (client) => call(client, 'GET', '/api/parts/similar?name=logitech', {}),
  // Writes outside the spec's four: a station's delete (the upload limit), an account's (an identity write,
  // the sign-up limit) and the part form's image preview (a fetch of any URL, the upload limit). Refused ones
  // count too: the station is not there, the account is someone else's, the caller is not staff.
  'station delete (DELETE /api/battlestations/id/:id)': (client) => call(client, 'DELETE', '/api/battlestations/id/2000000000', { auth: true }),
  'account delete (DELETE /api/users/:id)': (client) => call(client, 'DELETE', '/api/users/someone-else', { auth: true }),
  'image preview (POST /api/parts/image-preview)': (client) => call(client, 'POST', '/api/parts/image-preview', { payload: { image_url: 'https://example.com/a.png' }, auth: true }),
  // Staff writes (a stolen staff token cannot flood them; a part save decodes an image, a link check
  // fetches every store link of a part). The caller here is no staff member: refused, and still counted.
  'part save (PUT /api/parts/:id)': (client) => call(client, 'PUT', '/api/parts/1', { form: { name: 'x' }, auth: true }),
  'part merge (POST /api/parts/:id/merge)': (client) => call(client, 'POST', '/api/parts/1/merge', { payload: { into: 2 }, auth: true }),
  'store save (POST /api/stores)': (client) => call(client, 'POST', '/api/stores', { form: { name: 'x' }, auth: true }),
  'store-link check (POST /api/admin/store-links/check)': (client) => call(client, 'POST', '/api/admin/store-links/check', { payload: { part_id: 1 }, auth: true }),
  'roles (PUT /api/admin/users/:uid/roles)': (client) => call(client, 'PUT', '/api/admin/users/someone/roles', { payload: { is_admin: true }, auth: true }),
};

function call(client: Client, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body: { payload?: object; form?: Record<string, string>; auth?: boolean }) {
  const form = body.form ? multipart(body.form) : undefined;
  return t.app.inject({
    method,
    url,
    remoteAddress: client.remoteAddress,
    payload: form?.payload ?? body.payload,
    headers: { ...form?.headers, ...(body.auth ? bearer(user) : {}), ...(client.forwardedFor ? { 'x-forwarded-for': client.forwardedFor } : {}) },
  });
}

let clients = 0;
/** A client no test has used yet (documentation addresses, RFC 5737). */
const freshAddress = () => `203.0.113.${(clients += 1)}`;

describe.each(Object.keys(LIMITED))('%s', (name) => {
  const send = LIMITED[name];

  it(`answers 429 with the spec's message after ${MAX} calls from one client, and still serves another client`, async () => {
    const client = { remoteAddress: freshAddress() };
    for (let i = 0; i < MAX; i += 1) expect((await send(client)).statusCode).not.toBe(429);
    const limited = await send(client);
    expect([limited.statusCode, limited.json()]).toEqual([429, TOO_MANY]);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await send({ remoteAddress: freshAddress() })).statusCode).not.toBe(429);
  });

  it('counts clients behind the trusted proxy by X-Forwarded-For, and ignores that header from anyone else', async () => {
    // Behind the site server (loopback, trusted) each visitor is a client of its own.
    const viaProxy = (ip: string) => send({ remoteAddress: '127.0.0.1', forwardedFor: ip });
    const visitor = freshAddress();
    for (let i = 0; i < MAX; i += 1) await viaProxy(visitor);
    expect((await viaProxy(visitor)).statusCode).toBe(429);
    expect((await viaProxy(freshAddress())).statusCode).not.toBe(429);

    // A client that is not the proxy cannot get a fresh count by inventing the header.
    const direct = freshAddress();
    for (let i = 0; i < MAX; i += 1) await send({ remoteAddress: direct, forwardedFor: freshAddress() });
    expect((await send({ remoteAddress: direct, forwardedFor: freshAddress() })).statusCode).toBe(429);
  });
});

it('lets a limited client in again once the window has passed', async () => {
  const client = { remoteAddress: freshAddress() };
  const favorite = LIMITED['favorite (PUT /api/battlestations/favorites/:id)'];
  for (let i = 0; i < MAX; i += 1) await favorite(client);
  expect((await favorite(client)).statusCode).toBe(429);
  // Six seconds: four calls on a machine busy with the other suites have taken longer than the 1.5 s this was.
  await new Promise((resolve) => setTimeout(resolve, 6100));
  expect((await favorite(client)).statusCode).toBe(200);
});
