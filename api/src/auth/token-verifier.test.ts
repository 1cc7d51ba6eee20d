import { createHmac, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { HttpError } from '../errors';
import { assertSessionValid, jwksTokenVerifier, staticKeySource, type AccountState } from './token-verifier';

const PROJECT = 'battledeck-prod';
const NOW_S = 1_800_000_000;

const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const other = generateKeyPairSync('rsa', { modulusLength: 2048 });
const keys = staticKeySource([{ ...publicKey.export({ format: 'jwk' }), kid: 'key-1' }]);

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

function claims(overrides: Record<string, unknown> = {}) {
  return {
    iss: `https://securetoken.google.com/${PROJECT}`,
    aud: PROJECT,
    sub: 'user-123',
    email: 'someone@example.com',
    iat: NOW_S - 60,
    exp: NOW_S + 3000,
    auth_time: NOW_S - 120,
    ...overrides,
  };
}

function rs256(payload: object, header: object = { alg: 'RS256', kid: 'key-1', typ: 'JWT' }, key: KeyObject = privateKey) {
  const input = `${b64(header)}.${b64(payload)}`;
  return `${input}.${sign('RSA-SHA256', Buffer.from(input), key).toString('base64url')}`;
}

function verifier(account: AccountState | null = { disabled: false }) {
  return jwksTokenVerifier({ projectId: PROJECT, keys, account: async () => account, now: () => NOW_S * 1000 });
}

const rejects = (token: string, v = verifier()) => expect(v.verify(token)).rejects.toMatchObject({ statusCode: 401 });

describe('production ID-token verification (locally signed RS256, stubbed key set)', () => {
  it('accepts a valid token', async () => {
    await expect(verifier().verify(rs256(claims()))).resolves.toEqual({ uid: 'user-123', email: 'someone@example.com', authTime: NOW_S - 120 });
  });

  it('refuses a wrong audience', () => rejects(rs256(claims({ aud: 'someone-else' }))));
  it('refuses a wrong issuer', () => rejects(rs256(claims({ iss: 'https://securetoken.google.com/someone-else' }))));
  it('refuses an expired token', () => rejects(rs256(claims({ exp: NOW_S - 10 }))));
  it('refuses a token issued in the future', () => rejects(rs256(claims({ iat: NOW_S + 600 }))));
  it('refuses a missing kid', () => rejects(rs256(claims(), { alg: 'RS256', typ: 'JWT' })));
  it('refuses an unknown kid', () => rejects(rs256(claims(), { alg: 'RS256', kid: 'key-9' })));
  it('refuses a signature by another key', () => rejects(rs256(claims(), undefined, other.privateKey)));
  it('refuses an over-long sub', () => rejects(rs256(claims({ sub: 'x'.repeat(129) }))));
  it('refuses an empty sub', () => rejects(rs256(claims({ sub: '' }))));

  it('refuses alg: none', () => rejects(`${b64({ alg: 'none', kid: 'key-1' })}.${b64(claims())}.`));

  it('refuses HS256 signed with the public key as the secret (algorithm confusion)', () => {
    const header = b64({ alg: 'HS256', kid: 'key-1' });
    const payload = b64(claims());
    const secret = publicKey.export({ format: 'pem', type: 'spki' });
    const mac = createHmac('sha256', secret).update(`${header}.${payload}`).digest('base64url');
    return rejects(`${header}.${payload}.${mac}`);
  });

  it('refuses a tampered payload', () => {
    const [header, , signature] = rs256(claims()).split('.');
    return rejects(`${header}.${b64(claims({ sub: 'admin-uid' }))}.${signature}`);
  });

  it('refuses garbage', async () => {
    await rejects('not-a-token');
    await rejects('a.b.c');
  });

  it('refuses a revoked session, a disabled and a deleted account', async () => {
    const signedIn = new Date((NOW_S - 120) * 1000);
    await rejects(rs256(claims()), verifier({ disabled: false, tokensValidAfterTime: new Date(signedIn.getTime() + 1000).toUTCString() }));
    await rejects(rs256(claims()), verifier({ disabled: true }));
    await rejects(rs256(claims()), verifier(null));
    await expect(verifier({ disabled: false, tokensValidAfterTime: new Date(signedIn.getTime() - 1000).toUTCString() }).verify(rs256(claims()))).resolves.toMatchObject({ uid: 'user-123' });
  });

  it('refuses a sign-in in the very second of a revocation (whole-second times), accepts one a second later', async () => {
    const signedIn = new Date((NOW_S - 120) * 1000);
    const revokedAt = (date: Date) => verifier({ disabled: false, tokensValidAfterTime: date.toUTCString() });
    await rejects(rs256(claims()), revokedAt(signedIn));
    await expect(revokedAt(new Date(signedIn.getTime() - 1000)).verify(rs256(claims()))).resolves.toMatchObject({ uid: 'user-123' });
  });
});

describe('assertSessionValid (both verifiers)', () => {
  const at = (seconds: number) => new Date(seconds * 1000).toUTCString();
  it('refuses a missing or disabled account, and a sign-in at or before the revocation second', () => {
    expect(() => assertSessionValid(null, NOW_S)).toThrow(HttpError);
    expect(() => assertSessionValid({ disabled: true }, NOW_S)).toThrow(HttpError);
    expect(() => assertSessionValid({ disabled: false, tokensValidAfterTime: at(NOW_S) }, NOW_S)).toThrow(HttpError);
    expect(() => assertSessionValid({ disabled: false, tokensValidAfterTime: at(NOW_S + 1) }, NOW_S)).toThrow(HttpError);
  });
  it('accepts a sign-in after the revocation second, or an account never revoked', () => {
    expect(() => assertSessionValid({ disabled: false, tokensValidAfterTime: at(NOW_S - 1) }, NOW_S)).not.toThrow();
    expect(() => assertSessionValid({ disabled: false }, NOW_S)).not.toThrow();
  });
  it('accepts a sign-in in the second the account was created (Firebase sets tokensValidAfterTime then)', () => {
    const created = { disabled: false, tokensValidAfterTime: at(NOW_S), creationTime: new Date(NOW_S * 1000 + 400).toUTCString() };
    expect(() => assertSessionValid(created, NOW_S)).not.toThrow();
    expect(() => assertSessionValid({ ...created, creationTime: at(NOW_S - 30) }, NOW_S)).toThrow(HttpError);
    expect(() => assertSessionValid(created, NOW_S - 1)).toThrow(HttpError);
  });
  it('accepts it when the creation stamp fell just before a second boundary (CI saw the emulator do this)', () => {
    const created = { disabled: false, tokensValidAfterTime: at(NOW_S), creationTime: new Date(NOW_S * 1000 - 1).toUTCString() };
    expect(() => assertSessionValid(created, NOW_S)).not.toThrow();
    expect(() => assertSessionValid({ ...created, creationTime: new Date(NOW_S * 1000 - 1001).toUTCString() }, NOW_S)).toThrow(HttpError);
  });
});

describe("the Auth emulator's unsigned tokens (keys: 'unsigned', never in production)", () => {
  const unsigned = (payload: object, header: object = { alg: 'none', typ: 'JWT' }) => `${b64(header)}.${b64(payload)}.`;
  const emulator = (account: AccountState | null = { disabled: false }) =>
    jwksTokenVerifier({ projectId: PROJECT, keys: 'unsigned', account: async () => account, now: () => NOW_S * 1000 });

  it('accepts an unsigned token with the claims production asks for', async () => {
    await expect(emulator().verify(unsigned(claims()))).resolves.toEqual({ uid: 'user-123', email: 'someone@example.com', authTime: NOW_S - 120 });
  });

  it('applies every other rule of production: audience, issuer, expiry, subject, the account', async () => {
    await rejects(unsigned(claims({ aud: 'someone-else' })), emulator());
    await rejects(unsigned(claims({ iss: 'https://securetoken.google.com/someone-else' })), emulator());
    await rejects(unsigned(claims({ exp: NOW_S - 10 })), emulator());
    await rejects(unsigned(claims({ sub: '' })), emulator());
    await rejects(unsigned(claims()), emulator(null));
    await rejects(unsigned(claims()), emulator({ disabled: true }));
  });

  it('refuses a signed token or a signature on an unsigned one', async () => {
    await rejects(rs256(claims()), emulator());
    await rejects(`${unsigned(claims())}c2lnbmF0dXJl`, emulator());
  });
});
