import { generateKeyPairSync, sign } from 'node:crypto';
import { jwksTokenVerifier, staticKeySource, type TokenVerifier } from '../../src/auth/token-verifier';

/**
 * ID tokens signed here with a key of our own, checked by the production verifier (decision 5) against a
 * key set holding that key: the real verification code without a call to the Auth emulator per request,
 * for suites that send thousands of signed-in requests.
 */
const PROJECT = 'battledeck-local-tokens';
const KID = 'local-1';
const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

export function localTokenVerifier(): TokenVerifier {
  return jwksTokenVerifier({
    projectId: PROJECT,
    keys: staticKeySource([{ ...publicKey.export({ format: 'jwk' }), kid: KID }]),
    account: async () => ({ disabled: false }),
  });
}

/** A token for `uid`, valid for ten minutes. */
export function localToken(uid: string): string {
  const now = Math.floor(Date.now() / 1000);
  const payload = { iss: `https://securetoken.google.com/${PROJECT}`, aud: PROJECT, sub: uid, iat: now - 5, exp: now + 600, auth_time: now - 5 };
  const input = `${b64({ alg: 'RS256', kid: KID })}.${b64(payload)}`;
  return `${input}.${sign('RSA-SHA256', Buffer.from(input), privateKey).toString('base64url')}`;
}
