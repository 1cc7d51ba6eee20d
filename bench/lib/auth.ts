import { ensureAuthEmulator, signInWithPassword } from '../../api/src/dev/auth-emulator';

/** The Auth emulator (started if needed) and a fresh signed-up user's ID token, for the upload benchmarks. */
export async function benchUser(apiUrl: string): Promise<{ token: string; stop(): Promise<void> }> {
  const emulator = await ensureAuthEmulator({ output: 'quiet' });
  const id = Date.now().toString(36);
  const user = { username: `bench_${id}`, email: `bench.${id}@example.com`, password: 'bench-pass-123' };
  const response = await fetch(`${apiUrl}/api/users/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...user, confirmPassword: user.password }),
  });
  if (!response.ok) throw new Error(`sign-up answered ${response.status}: ${await response.text()}`);
  const { idToken } = await signInWithPassword(user.email, user.password);
  return { token: idToken, stop: () => emulator.stop() };
}
