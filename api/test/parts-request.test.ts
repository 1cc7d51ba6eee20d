import { eq } from 'drizzle-orm';
import { part_requests } from '../src/db/schema';
import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { bearer, createUser, type TestUser } from './helpers/factories';

/** A multipart body as the browser's FormData sends it. */
async function multipart(fields: Record<string, string>, file?: { field: string; name: string; content: string }) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  if (file) form.append(file.field, new Blob([file.content], { type: 'image/png' }), file.name);
  const encoded = new Response(form);
  return { payload: Buffer.from(await encoded.arrayBuffer()), headers: { 'content-type': String(encoded.headers.get('content-type')) } };
}

const VALID = { partName: 'Elgato Stream Deck MK.2', partUrl: 'https://www.elgato.com/stream-deck' };

describe('POST /api/parts/request', () => {
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await buildTestApp();
    user = await createUser(t.app);
  });
  afterAll(() => t?.close());

  const send = async (fields: Record<string, string>, headers: Record<string, string> = bearer(user), file?: Parameters<typeof multipart>[1]) => {
    const body = await multipart(fields, file);
    return t.app.inject({ method: 'POST', url: '/api/parts/request', payload: body.payload, headers: { ...body.headers, ...headers } });
  };
  const requestsOf = (uid: string) => t.app.db.select().from(part_requests).where(eq(part_requests.user_id, uid));

  it('stores a pending request with its requester and answers it', async () => {
    const res = await send({ partName: '  Elgato Stream Deck MK.2 ', partUrl: VALID.partUrl });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      part_id: expect.any(Number),
      name: 'Elgato Stream Deck MK.2',
      url: VALID.partUrl,
      status: 'pending',
      username: user.username,
      created_date: expect.stringMatching(/Z$/),
    });
    const stored = await requestsOf(user.uid);
    expect(stored).toEqual([expect.objectContaining({ request_id: body.part_id, name: VALID.partName, url: VALID.partUrl, status: 'pending', user_id: user.uid })]);
  });

  it('also takes the same fields as JSON', async () => {
    const other = await createUser(t.app);
    const res = await t.app.inject({ method: 'POST', url: '/api/parts/request', payload: VALID, headers: bearer(other) });
    expect(res.statusCode).toBe(201);
    expect(await requestsOf(other.uid)).toHaveLength(1);
  });

  it.each([
    ['no part name', { partUrl: VALID.partUrl }, 'Field is required.'],
    ['a blank part name', { partName: '   ', partUrl: VALID.partUrl }, 'Field is required.'],
    ['a part name over 200 characters', { partName: 'x'.repeat(201), partUrl: VALID.partUrl }, 'Part name must be at most 200 characters.'],
    ['no link', { partName: VALID.partName }, 'Field is required.'],
    ['a link that is not a web address', { partName: VALID.partName, partUrl: 'elgato stream deck' }, 'Enter a valid part URL starting with http:// or https://.'],
    ['a javascript: link', { partName: VALID.partName, partUrl: 'javascript:alert(1)' }, 'Enter a valid part URL starting with http:// or https://.'],
    ['a link over 2,048 characters', { partName: VALID.partName, partUrl: `https://x.example/${'a'.repeat(2048)}` }, 'part URL must be at most 2048 characters.'],
  ])('refuses %s with 400 and the form message, storing nothing', async (_case, fields, message) => {
    const someone = await createUser(t.app);
    const res = await send(fields, bearer(someone));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
    expect(await requestsOf(someone.uid)).toEqual([]);
  });

  it('refuses a file', async () => {
    const someone = await createUser(t.app);
    const res = await send(VALID, bearer(someone), { field: 'image', name: 'x.png', content: 'png' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'This call takes no files.' });
    expect(await requestsOf(someone.uid)).toEqual([]);
  });

  it('answers 401 without a valid sign-in', async () => {
    const before = await t.app.db.select().from(part_requests);
    const anonymous = await send(VALID, {});
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: 'Please sign in to continue.' });
    const forged = await send(VALID, { authorization: 'Bearer not-a-token' });
    expect(forged.statusCode).toBe(401);
    expect(await t.app.db.select().from(part_requests)).toHaveLength(before.length);
  });
});

describe('POST /api/parts/request rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      rateLimits: {
        signUp: { max: 100, timeWindowMs: 60_000 },
        upload: { max: 100, timeWindowMs: 60_000 },
        favorite: { max: 100, timeWindowMs: 60_000 },
        partRequest: { max: 2, timeWindowMs: 60_000 },
        similarParts: { max: 100, timeWindowMs: 60_000 },
        staffWrite: { max: 100, timeWindowMs: 60_000 },
      },
    });
  });
  afterAll(() => t?.close());

  it('answers 429 with the spec message once the configured number of requests is used up', async () => {
    const user = await createUser(t.app);
    const post = async () => {
      const body = await multipart(VALID);
      return t.app.inject({ method: 'POST', url: '/api/parts/request', payload: body.payload, headers: { ...body.headers, ...bearer(user) } });
    };
    expect((await post()).statusCode).toBe(201);
    expect((await post()).statusCode).toBe(201);
    const limited = await post();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: 'Too many requests. Please try again later.' });
    expect(await t.app.db.select().from(part_requests).where(eq(part_requests.user_id, user.uid))).toHaveLength(2);
  });
});
