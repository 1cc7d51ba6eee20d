import type { Auth } from 'firebase-admin/auth';
import { inArray } from 'drizzle-orm';
import { firebaseErrorCode } from '../auth/firebase';
import type { Database } from '../db/database';
import type { Logger } from '../lib/logger';
import { users } from '../db/schema';
import { SEED_USERS } from './data/users';

export interface IdentityDeps {
  db: Database;
  firebaseAuth: Auth;
  log: Logger;
}

/**
 * Makes sure every demo user whose profile row exists also has its identity, with the same uid and the
 * known password. The Auth emulator forgets accounts when it stops, so this runs on every start in
 * emulator mode. Only seed users are touched; their current username/e-mail come from the row.
 * `replaceConflicts` (emulator only) deletes another identity holding a demo e-mail.
 */
export async function ensureSeedIdentities(deps: IdentityDeps, options: { replaceConflicts: boolean }): Promise<number> {
  const passwords = new Map(SEED_USERS.map((u) => [u.uid, u.password]));
  const rows = await deps.db
    .select({ uid: users.user_id, email: users.email, username: users.username })
    .from(users)
    .where(inArray(users.user_id, [...passwords.keys()]));
  if (rows.length === 0) return 0;

  const { notFound } = await deps.firebaseAuth.getUsers(rows.map((r) => ({ uid: r.uid })));
  const missing = new Set(notFound.map((id) => ('uid' in id ? id.uid : '')));
  let created = 0;
  for (const row of rows.filter((r) => missing.has(r.uid))) {
    const identity = { uid: row.uid, email: row.email, password: passwords.get(row.uid), displayName: row.username, emailVerified: true };
    try {
      await deps.firebaseAuth.createUser(identity);
    } catch (error) {
      const code = firebaseErrorCode(error);
      if (code === 'auth/uid-already-exists') continue; // another instance (or test worker) was quicker
      if (code !== 'auth/email-already-exists' || !options.replaceConflicts) throw error;
      const holder = await deps.firebaseAuth.getUserByEmail(row.email);
      deps.log.warn({ email: row.email, uid: holder.uid }, 'replacing an emulator account that holds a demo e-mail');
      await deps.firebaseAuth.deleteUser(holder.uid);
      await deps.firebaseAuth.createUser(identity);
    }
    created++;
  }
  if (created > 0) deps.log.info({ created }, 'demo identities recreated');
  return created;
}
