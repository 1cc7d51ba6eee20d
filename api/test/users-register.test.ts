import { sql } from 'drizzle-orm';
import { signInWithPassword } from '../src/dev/auth-emulator';
import { findUserById, insertUser } from '../src/repositories/users-repository';
import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { uniqueEmail, uniqueSuffix } from './helpers/emulator-accounts';
import { createIdentity, createUser } from './helpers/factories';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

const register = (payload: unknown) => t.app.inject({ method: 'POST', url: '/api/users/', payload: payload as object });

const validBody = (overrides: Record<string, unknown> = {}) => ({
  username: `new_${uniqueSuffix()}`,
  email: uniqueEmail('register'),
  password: 'secret-123',
  confirmPassword: 'secret-123',
  ...overrides,
});

async function identityExists(email: string): Promise<boolean> {
  return t.app.firebaseAuth.getUserByEmail(email).then(
    () => true,
    () => false,
  );
}

describe('POST /api/users/', () => {
  it('creates the identity and the profile, and the new user can sign in', async () => {
    const body = validBody({ email: uniqueEmail('Mixed.Case') });
    const res = await register(body);

    expect(res.statusCode).toBe(201);
    const created = res.json<{ user_id: string; username: string }>();
    expect(created).toEqual({ user_id: expect.any(String), username: body.username });

    const identity = await t.app.firebaseAuth.getUser(created.user_id);
    expect(identity.displayName).toBe(body.username);
    expect(identity.email).toBe(body.email.toLowerCase());
    const row = await findUserById(t.app.db, created.user_id);
    expect(row).toMatchObject({ username: body.username, email: body.email.toLowerCase(), is_admin: false, is_moderator: false });

    const { idToken } = await signInWithPassword(body.email, body.password);
    const profile = await t.app.inject({ method: 'GET', url: `/api/users/${created.user_id}`, headers: { authorization: `Bearer ${idToken}` } });
    expect(profile.statusCode).toBe(200);
  });

  it('also answers without the trailing slash', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/users', payload: validBody() });
    expect(res.statusCode).toBe(201);
  });

  it.each([
    ['a missing username', { username: undefined }, 'Field is required.'],
    ['a short username', { username: 'abc' }, 'Must be at least 6 characters.'],
    ['a long username', { username: 'x'.repeat(65) }, 'Must be less than 64 characters.'],
    ['a missing e-mail', { email: undefined }, 'Field is required.'],
    ['an invalid e-mail', { email: 'not-an-email' }, 'Enter a valid email address.'],
    ['a missing password', { password: undefined }, 'Field is required.'],
    ['a short password', { password: 'abc', confirmPassword: 'abc' }, 'Must be at least 6 characters.'],
    ['a missing confirmation', { confirmPassword: undefined }, 'Field is required.'],
    ['different passwords', { confirmPassword: 'secret-124' }, 'Passwords do not match.'],
  ])('refuses %s with 400 and the form message', async (_case, overrides, message) => {
    const body = validBody(overrides);
    const res = await register(body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
    if (typeof body.email === 'string' && body.email.includes('@')) expect(await identityExists(body.email)).toBe(false);
  });

  it('refuses a request without a body', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/users/' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'The request body is missing or is not an object.' });
  });

  it('refuses a username already taken, ignoring case, without creating an identity', async () => {
    const existing = await createUser(t.app, { username: `Taken_${uniqueSuffix()}` });
    const body = validBody({ username: existing.username.toUpperCase() });
    const res = await register(body);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'Username already taken.' });
    expect(await identityExists(body.email)).toBe(false);
  });

  it('lets only one of two simultaneous sign-ups with the same username through', async () => {
    const username = `race_${uniqueSuffix()}`;
    const [a, b] = [validBody({ username }), validBody({ username: username.toUpperCase() })];
    const results = await Promise.all([register(a), register(b)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const loser = results[0].statusCode === 409 ? a : b;
    expect(results.find((r) => r.statusCode === 409)?.json()).toEqual({ message: 'Username already taken.' });
    expect(await identityExists(loser.email)).toBe(false);
  });

  it('refuses an e-mail already registered, ignoring case', async () => {
    const existing = await createUser(t.app);
    const res = await register(validBody({ email: existing.email.toUpperCase() }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'Email already in use.' });
  });

  it('refuses an e-mail the identity provider holds for someone who has signed in, or for a profile under another e-mail', async () => {
    const identityOnly = await createIdentity(t.app);
    const res = await register(validBody({ email: identityOnly.email }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'Email already in use.' });
    expect((await t.app.firebaseAuth.getUser(identityOnly.uid)).email).toBe(identityOnly.email);

    // A profile whose identity's e-mail moved on (a change whose profile update failed) keeps its identity, even
    // one that never signed in.
    const moved = uniqueEmail('moved');
    const member = await t.app.firebaseAuth.createUser({ email: moved, password: 'member-pass-123' });
    await insertUser(t.app.db, { user_id: member.uid, username: `member_${uniqueSuffix()}`, email: uniqueEmail('before-move') });
    expect(await register(validBody({ email: moved }))).toMatchObject({ statusCode: 409 });
    expect((await t.app.firebaseAuth.getUser(member.uid)).email).toBe(moved);
  });

  it('replaces an identity a failed registration left without a profile, so the e-mail is not lost for good', async () => {
    // Firebase created it, but the registration never heard so: no profile, never signed in.
    const email = uniqueEmail('left');
    const left = await t.app.firebaseAuth.createUser({ email, password: 'first-try-123' });

    const res = await register(validBody({ email, password: 'second-try-456', confirmPassword: 'second-try-456' }));

    expect(res.statusCode).toBe(201);
    const created = res.json() as { user_id: string };
    expect(created.user_id).not.toBe(left.uid);
    await expect(t.app.firebaseAuth.getUser(left.uid)).rejects.toMatchObject({ code: 'auth/user-not-found' });
    expect(await findUserById(t.app.db, created.user_id)).toMatchObject({ email });
    await expect(signInWithPassword(email, 'second-try-456')).resolves.toMatchObject({ localId: created.user_id });
  });

  it('lets the same e-mail register again after Firebase created the identity but the answer was lost', async () => {
    const body = validBody();
    const realCreate = t.app.firebaseAuth.createUser.bind(t.app.firebaseAuth);
    const lostAnswer = jest.spyOn(t.app.firebaseAuth, 'createUser').mockImplementationOnce(async (properties) => {
      await realCreate(properties);
      throw Object.assign(new Error('socket hang up'), { code: 'app/network-error' });
    });
    try {
      const first = await register(body);
      expect(first.statusCode).toBeGreaterThanOrEqual(500);
      expect(await identityExists(body.email)).toBe(true);
    } finally {
      lostAnswer.mockRestore();
    }

    const again = await register(body);
    expect(again.statusCode).toBe(201);
    await expect(signInWithPassword(body.email, body.password)).resolves.toMatchObject({ localId: (again.json() as { user_id: string }).user_id });
  });

  it('deletes the new identity again when the profile row cannot be written', async () => {
    // A real database failure for one username, after the identity exists.
    await t.app.db.execute(sql`CREATE FUNCTION refuse_boom() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.username LIKE 'boom%' THEN RAISE EXCEPTION 'simulated outage'; END IF; RETURN NEW; END $$`);
    await t.app.db.execute(sql`CREATE TRIGGER refuse_boom BEFORE INSERT ON users FOR EACH ROW EXECUTE FUNCTION refuse_boom()`);
    const body = validBody({ username: `boom_${uniqueSuffix()}` });

    const res = await register(body);

    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Something went wrong. Please try again later.' });
    expect(await identityExists(body.email)).toBe(false);
    expect(await register(validBody())).toMatchObject({ statusCode: 201 });
  });
});

describe('sign-up rate limit', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await buildTestApp({ rateLimits: { ...t.config.rateLimits, signUp: { max: 2, timeWindowMs: 60_000 } } });
  });
  afterAll(() => limited?.close());

  it('answers 429 with the decision-20 message once the limit is reached', async () => {
    const attempt = () => limited.app.inject({ method: 'POST', url: '/api/users/', payload: { username: 'x' } });
    expect((await attempt()).statusCode).toBe(400);
    expect((await attempt()).statusCode).toBe(400);
    const refused = await attempt();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: 'Too many requests. Please try again later.' });
    expect(refused.headers['retry-after']).toBeDefined();
    // Other calls are not limited.
    expect((await limited.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});
