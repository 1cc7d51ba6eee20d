import { AUTH_EMULATOR } from '../../../src/dev/auth-emulator';
import { uniqueEmail } from '../../helpers/emulator-accounts';

/**
 * The shared Auth emulator through its REST API, without firebase-admin: in these tests the API's own
 * firebase-admin points at an unreachable or slow identity service, and it reads its address from the
 * process environment.
 */
const base = `${AUTH_EMULATOR.url}/identitytoolkit.googleapis.com/v1`;
const ADMIN = { authorization: 'Bearer owner', 'content-type': 'application/json' };

/** A new account signed in: its uid and a real ID token. */
export async function signUpAtEmulator(): Promise<{ uid: string; email: string; token: string }> {
  const email = uniqueEmail('identity-fault');
  const response = await fetch(`${base}/accounts:signUp?key=any`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'fault-pass-123', returnSecureToken: true }),
  });
  if (!response.ok) throw new Error(`Emulator sign-up answered ${response.status}`);
  const body = (await response.json()) as { localId: string; idToken: string };
  return { uid: body.localId, email, token: body.idToken };
}

/** Whether the emulator holds an account with this e-mail. */
export async function emulatorHasAccount(email: string): Promise<boolean> {
  const response = await fetch(`${base}/projects/${AUTH_EMULATOR.projectId}/accounts:lookup`, {
    method: 'POST',
    headers: ADMIN,
    body: JSON.stringify({ email: [email] }),
  });
  if (!response.ok) throw new Error(`Emulator lookup answered ${response.status}`);
  const body = (await response.json()) as { users?: unknown[] };
  return (body.users?.length ?? 0) > 0;
}
