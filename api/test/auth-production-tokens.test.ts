import { execFile } from 'node:child_process';
import { generateKeyPairSync, sign } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import { jwksTokenVerifier, staticKeySource } from '../src/auth/token-verifier';
import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { createUser, type TestUser } from './helpers/factories';

/**
 * The production verifier path inside the real app: tokens signed here with our own RSA key, the key set
 * stubbed, the account state stubbed (the emulator cannot sign real tokens).
 */
const PROJECT = 'battledeck-prod';
const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

function token(sub: string, overrides: Record<string, unknown> = {}, header: object = { alg: 'RS256', kid: 'k1' }) {
  const now = Math.floor(Date.now() / 1000);
  const payload = { iss: `https://securetoken.google.com/${PROJECT}`, aud: PROJECT, sub, iat: now - 10, exp: now + 600, auth_time: now - 20, ...overrides };
  const input = `${b64(header)}.${b64(payload)}`;
  return `${input}.${sign('RSA-SHA256', Buffer.from(input), privateKey).toString('base64url')}`;
}

describe('API with the production token verifier', () => {
  let t: TestApp;
  let user: TestUser;
  const revokedUids = new Set<string>();

  beforeAll(async () => {
    t = await buildTestApp(
      {},
      {
        tokenVerifier: jwksTokenVerifier({
          projectId: PROJECT,
          keys: staticKeySource([{ ...publicKey.export({ format: 'jwk' }), kid: 'k1' }]),
          account: async (uid) => ({ disabled: false, tokensValidAfterTime: revokedUids.has(uid) ? new Date(Date.now() + 1000).toUTCString() : undefined }),
        }),
      },
    );
    user = await createUser(t.app);
  });
  afterAll(() => t.close());

  const getProfile = (bearer: string) => t.app.inject({ method: 'GET', url: `/api/users/${user.uid}`, headers: { authorization: `Bearer ${bearer}` } });

  it('accepts a correctly signed token', async () => {
    const response = await getProfile(token(user.uid));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ user_id: user.uid });
  });

  it.each([
    ['wrong audience', () => token(user.uid, { aud: 'other-project' })],
    ['wrong issuer', () => token(user.uid, { iss: 'https://securetoken.google.com/other-project' })],
    ['expired', () => token(user.uid, { exp: Math.floor(Date.now() / 1000) - 60 })],
    ['missing kid', () => token(user.uid, {}, { alg: 'RS256' })],
    ['alg none', () => `${b64({ alg: 'none', kid: 'k1' })}.${b64({ sub: user.uid, aud: PROJECT })}.`],
    ['HS256', () => token(user.uid, {}, { alg: 'HS256', kid: 'k1' })],
    ['over-long sub', () => token('u'.repeat(200))],
    ['the emulator’s unsigned token', () => user.token],
  ])('answers 401 with a message for a token with %s', async (_case, make) => {
    const response = await getProfile(make());
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: expect.any(String) });
  });

  it('answers 401 once the session is revoked', async () => {
    revokedUids.add(user.uid);
    const response = await getProfile(token(user.uid));
    revokedUids.delete(user.uid);
    expect(response.statusCode).toBe(401);
  });
});

describe('start-up safety', () => {
  it('refuses to start in production with the Auth emulator host set', async () => {
    const run = promisify(execFile);
    const server = path.join(__dirname, '..', 'src', 'server.ts');
    const tsx = require.resolve('tsx/cli');
    const failure = await run(process.execPath, [tsx, server], {
      env: { ...process.env, NODE_ENV: 'production', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099', API_PORT: '0' },
      // Starting tsx alone takes 2 s; beside the other suites on 2 cores it once took over 30 s (killed, no output).
      timeout: 90_000,
    }).then(
      () => null,
      (error: { code?: number; stderr?: string; stdout?: string }) => error,
    );
    expect(failure).not.toBeNull();
    expect(failure?.code).not.toBe(0);
    expect(`${failure?.stderr}${failure?.stdout}`).toMatch(/FIREBASE_AUTH_EMULATOR_HOST is set while NODE_ENV=production/);
  }, 120_000);
});
