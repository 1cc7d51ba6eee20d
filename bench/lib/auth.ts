import { ensureAuthEmulator, signInWithPassword } from '../../api/src/dev/auth-emulator';
import type { Member } from './trace';

async function signUp(apiUrl: string, label: string): Promise<string> {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const user = { username: `${label}_${id}`, email: `${label}.${id}@example.com`, password: 'bench-pass-123' };
  const response = await fetch(`${apiUrl}/api/users/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...user, confirmPassword: user.password }),
  });
  if (!response.ok) throw new Error(`sign-up answered ${response.status}: ${await response.text()}`);
  return (await signInWithPassword(user.email, user.password)).idToken;
}

/** The Auth emulator (started if needed) and a fresh signed-up user's ID token, for the upload benchmarks. */
export async function benchUser(apiUrl: string): Promise<{ token: string; stop(): Promise<void> }> {
  const emulator = await ensureAuthEmulator({ output: 'quiet' });
  return { token: await signUp(apiUrl, 'bench'), stop: () => emulator.stop() };
}

/** `count` signed-up members for the mixed trace's writes (they start with no stations and no favorites). */
export async function benchMembers(apiUrl: string, count: number): Promise<{ members: Member[]; stop(): Promise<void> }> {
  const emulator = await ensureAuthEmulator({ output: 'quiet' });
  const members: Member[] = [];
  for (let i = 0; i < count; i += 1) members.push({ token: await signUp(apiUrl, 'member'), stations: [], favorites: new Set() });
  return { members, stop: () => emulator.stop() };
}
