import { AUTH_EMULATOR } from '../../src/dev/auth-emulator';

/** Every account a test creates uses this domain, so a run can clean up after itself without wiping others. */
export const TEST_EMAIL_DOMAIN = 'tests.battledeck.example.com';

let counter = 0;

/**
 * Unique per worker and call: parallel workers and both engines share one emulator. Digits only: the default
 * part names and usernames it makes are search words of their stations, and a random run of letters can hold a
 * test's search word ('ibi' would then stand for three vocabulary words instead of two: search-word-pairs failed
 * once that way).
 */
export function uniqueSuffix(): string {
  counter += 1;
  return `${process.pid}${Date.now() % 100_000_000}${counter}${Math.floor(Math.random() * 1000)}`;
}

const letter = (n: number) => String.fromCharCode(97 + n);

/** Letters only, unique per call (the call count in base 26, then eight random letters): one search word of a test's own. */
export function uniqueLetters(): string {
  counter += 1;
  const count = [...counter.toString(26)].map((digit) => letter(parseInt(digit, 26))).join('');
  return `${count}${Array.from({ length: 8 }, () => letter(Math.floor(Math.random() * 26))).join('')}`;
}

/**
 * The e-mail domain of this Jest run's accounts: global-setup names the run (BATTLEDECK_TEST_RUN, inherited
 * by the workers), so a run's teardown deletes its own accounts and never those of a run still going.
 */
export function testRunEmailDomain(): string {
  const run = process.env.BATTLEDECK_TEST_RUN;
  return run ? `${run}.${TEST_EMAIL_DOMAIN}` : TEST_EMAIL_DOMAIN;
}

export function uniqueEmail(label = 'user'): string {
  return `${label}-${uniqueSuffix()}@${testRunEmailDomain()}`;
}

const base = `${AUTH_EMULATOR.url}/identitytoolkit.googleapis.com/v1/projects/${AUTH_EMULATOR.projectId}`;
// The emulator accepts this fixed token as an admin credential.
const ADMIN = { authorization: 'Bearer owner', 'content-type': 'application/json' };

/** Deletes this run's accounts (after a run; the emulator may also hold a developer's or another run's accounts). */
export async function deleteTestIdentities(): Promise<void> {
  const response = await fetch(`${base}/accounts:query`, { method: 'POST', headers: ADMIN, body: JSON.stringify({ returnUserInfo: true }) });
  if (!response.ok) return;
  const { userInfo = [] } = (await response.json()) as { userInfo?: { localId: string; email?: string }[] };
  const localIds = userInfo.filter((u) => u.email?.endsWith(`@${testRunEmailDomain()}`)).map((u) => u.localId);
  for (let i = 0; i < localIds.length; i += 1000) {
    await fetch(`${base}/accounts:batchDelete`, { method: 'POST', headers: ADMIN, body: JSON.stringify({ localIds: localIds.slice(i, i + 1000), force: true }) });
  }
}
