import { AUTH_EMULATOR } from '../../src/dev/auth-emulator';
import type { TestIdentity } from './factories';

const base = `${AUTH_EMULATOR.url}/identitytoolkit.googleapis.com/v1/projects/${AUTH_EMULATOR.projectId}`;
const ADMIN = { authorization: 'Bearer owner', 'content-type': 'application/json' };
const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * `user`'s emulator token, claiming a sign-in `secondsAgo` seconds ago (decision 25 tests): the emulator's
 * tokens are unsigned, so the API (in emulator mode) reads the edited `auth_time`. The account's sessions are
 * moved to "valid since" before that sign-in, or the token would be refused as revoked (Firebase sets that
 * time when it creates an account).
 */
export async function staleToken(user: Pick<TestIdentity, 'uid' | 'token'>, secondsAgo = 600): Promise<string> {
  const [header, payload] = user.token.split('.');
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
  const authTime = Math.floor(Date.now() / 1000) - secondsAgo;
  const response = await fetch(`${base}/accounts:update`, {
    method: 'POST',
    headers: ADMIN,
    body: JSON.stringify({ localId: user.uid, validSince: String(authTime - 60) }),
  });
  if (!response.ok) throw new Error(`The emulator refused to move validSince: ${response.status} ${await response.text()}`);
  return `${header}.${b64({ ...claims, auth_time: authTime })}.`;
}
