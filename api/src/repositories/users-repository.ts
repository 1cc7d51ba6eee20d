import { and, eq, isNull, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { preparedStatement } from '../db/prepared';
import { users } from '../db/schema';
import { usernameSkeleton } from '../lib/username-skeleton';

export type UserRow = typeof users.$inferSelect;
/** A new user; the username's skeleton is computed here, never given. */
export type NewUserRow = Omit<typeof users.$inferInsert, 'username_skeleton'>;

/** The user's row; prepared, as the sign-in check reads it on every signed-in request. */
export async function findUserById(db: Database, uid: string): Promise<UserRow | undefined> {
  const statement = preparedStatement(db, 'user_by_id', (on) =>
    on
      .select()
      .from(users)
      .where(eq(users.user_id, sql.placeholder('uid')))
      .prepare('user_by_id'),
  );
  const [row] = await statement.execute({ uid });
  return row;
}

/** Which of a username and an e-mail are already registered, both compared ignoring case. */
export async function findUserConflicts(db: Database, username: string, email: string) {
  const rows = await db
    .select({ username: users.username, email: users.email })
    .from(users)
    .where(or(sql`lower(${users.username}) = lower(${username})`, sql`lower(${users.email}) = lower(${email})`))
    .limit(2);
  return {
    usernameTaken: rows.some((r) => r.username.toLowerCase() === username.toLowerCase()),
    emailTaken: rows.some((r) => r.email.toLowerCase() === email.toLowerCase()),
  };
}

export async function insertUsers(db: Database, rows: NewUserRow[]): Promise<UserRow[]> {
  if (rows.length === 0) return [];
  return db
    .insert(users)
    .values(rows.map((row) => ({ ...row, username_skeleton: usernameSkeleton(row.username) })))
    .returning();
}

/**
 * Holds, until the transaction ends, a lock on one username skeleton: two registrations or renames to
 * look-alike names queue here, so the second sees the first one's row (decision 27, race-free).
 */
export async function lockUsernameSkeleton(db: Database, skeleton: string): Promise<void> {
  await db.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`battledeck:username:${skeleton}`}))`);
}

/** Whether another user's name has this skeleton (looks the same; decision 27). */
export async function usernameSkeletonTaken(db: Database, skeleton: string, exceptUid?: string): Promise<boolean> {
  const same = eq(users.username_skeleton, skeleton);
  const [row] = await db
    .select({ user_id: users.user_id })
    .from(users)
    .where(exceptUid === undefined ? same : and(same, ne(users.user_id, exceptUid)))
    .limit(1);
  return row !== undefined;
}

/** Fills username_skeleton where migration 0005 left it empty (rows older than it); returns how many. */
export async function backfillUsernameSkeletons(db: Database, batchSize = 1000): Promise<number> {
  let filled = 0;
  for (;;) {
    const rows = await db.select({ user_id: users.user_id, username: users.username }).from(users).where(isNull(users.username_skeleton)).limit(batchSize);
    if (rows.length === 0) return filled;
    const values = sql.join(
      rows.map((r) => sql`(${r.user_id}::text, ${usernameSkeleton(r.username)}::text)`),
      sql`, `,
    );
    await db.execute(sql`
      UPDATE users SET username_skeleton = v.skeleton
      FROM (VALUES ${values}) AS v(user_id, skeleton)
      WHERE users.user_id = v.user_id`);
    filled += rows.length;
  }
}

export async function insertUser(db: Database, row: NewUserRow): Promise<UserRow> {
  const [inserted] = await insertUsers(db, [row]);
  return inserted;
}

/** Unique indexes whose violation means "already taken" (see schema.ts). */
export const USER_UNIQUE_INDEXES = {
  username: 'users_username_lower_key',
  email: 'users_email_lower_key',
} as const;

/**
 * Locks the user's row and every administrator's row, in one statement ordered by uid, so that concurrent
 * account changes and deletions queue instead of deadlocking, and the "last administrator" check stays true
 * until commit. Returns the locked rows.
 */
export async function lockUserAndAdmins(db: Database, uid: string): Promise<Pick<UserRow, 'user_id' | 'is_admin'>[]> {
  return db
    .select({ user_id: users.user_id, is_admin: users.is_admin })
    .from(users)
    .where(or(eq(users.user_id, uid), eq(users.is_admin, true)))
    .orderBy(users.user_id)
    .for('update');
}

/** The user's row, locked until the transaction ends (serialises changes to one account). */
export async function lockUserById(db: Database, uid: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.user_id, uid)).limit(1).for('update');
  return row;
}

/** Like findUserConflicts for an account change: only the given values, and never against the user themself. */
export async function findOtherUserConflicts(db: Database, uid: string, values: { username?: string; email?: string }) {
  const checks = [
    values.username === undefined ? undefined : sql`lower(${users.username}) = lower(${values.username})`,
    values.email === undefined ? undefined : sql`lower(${users.email}) = lower(${values.email})`,
  ].filter((check) => check !== undefined);
  if (checks.length === 0) return { usernameTaken: false, emailTaken: false };
  const rows = await db
    .select({ username: users.username, email: users.email })
    .from(users)
    .where(and(ne(users.user_id, uid), or(...checks)))
    .limit(2);
  return {
    usernameTaken: values.username !== undefined && rows.some((r) => r.username.toLowerCase() === values.username?.toLowerCase()),
    emailTaken: values.email !== undefined && rows.some((r) => r.email.toLowerCase() === values.email?.toLowerCase()),
  };
}

export async function updateUserRow(db: Database, uid: string, values: { username?: string; email?: string }): Promise<UserRow> {
  const skeleton = values.username === undefined ? {} : { username_skeleton: usernameSkeleton(values.username) };
  const [row] = await db
    .update(users)
    .set({ ...values, ...skeleton })
    .where(eq(users.user_id, uid))
    .returning();
  return row;
}

export async function deleteUserRow(db: Database, uid: string): Promise<boolean> {
  const deleted = await db.delete(users).where(eq(users.user_id, uid)).returning({ user_id: users.user_id });
  return deleted.length > 0;
}
