import type { RegisterBody, RegisterResponse, UserProfile } from '@battledeck/shared/contract';
import { USER_MESSAGES, commonPasswordIssue } from '@battledeck/shared/contract';
import { firebaseErrorCode } from '../auth/firebase';
import { withIdentityTimeout } from '../auth/identity-errors';
import { HttpError, MESSAGES, conflict, notFound } from '../errors';
import { uniqueViolation } from '../lib/pg-errors';
import { toIso } from '../lib/timestamps';
import type { Database } from '../db/database';
import { usernameSkeleton } from '../lib/username-skeleton';
import {
  USER_UNIQUE_INDEXES,
  findUserById,
  findUserConflicts,
  insertUser,
  lockUsernameSkeleton,
  usernameSkeletonTaken,
  type UserRow,
} from '../repositories/users-repository';
import type { ServiceDeps } from './service-deps';

export function toUserProfile(row: UserRow): UserProfile {
  return {
    user_id: row.user_id,
    username: row.username,
    email: row.email,
    is_admin: row.is_admin,
    is_moderator: row.is_moderator,
    created_date: toIso(row.created_date),
  };
}

/** Firebase refusals that are the caller's fault, as the contract words them. */
export const IDENTITY_ERRORS: Record<string, [status: number, message: string]> = {
  'auth/email-already-exists': [409, USER_MESSAGES.emailTaken],
  'auth/invalid-email': [400, USER_MESSAGES.invalidEmail],
  'auth/invalid-password': [400, USER_MESSAGES.passwordTooShort],
  'auth/invalid-display-name': [400, 'Username contains characters that are not allowed.'],
};

/** 400 'Please choose a less common password.' for a common password or one equal to the username or e-mail (decision 26). */
export async function assertPasswordNotCommon(password: string, identities: readonly string[]): Promise<void> {
  const issue = await commonPasswordIssue(password, identities);
  if (issue) throw new HttpError(400, issue);
}

/**
 * Registration (POST /users/): the identity is created in Firebase first (it owns the password), then
 * the profile row; if the row cannot be written the identity is deleted again, so no half user remains.
 * A name that looks like an existing one (same skeleton, decision 27) is taken: checked first, and again
 * under a lock on the skeleton in the transaction that inserts the row, so two look-alikes cannot both win.
 */
export async function registerUser(deps: Pick<ServiceDeps, 'db' | 'firebaseAuth' | 'log' | 'config'>, body: RegisterBody): Promise<RegisterResponse> {
  const username = body.username;
  const email = body.email.toLowerCase();
  await assertPasswordNotCommon(body.password, [username, email]);
  const skeleton = usernameSkeleton(username);
  const taken = await findUserConflicts(deps.db, username, email);
  if (taken.usernameTaken || (await usernameSkeletonTaken(deps.db, skeleton))) throw conflict(USER_MESSAGES.usernameTaken);
  if (taken.emailTaken) throw conflict(USER_MESSAGES.emailTaken);

  let uid: string;
  try {
    const creation = deps.firebaseAuth.createUser({ email, password: body.password, displayName: username });
    // Past the time limit the caller hears 503; an identity created after that is deleted, so a retry can register.
    ({ uid } = await withIdentityTimeout(creation, deps.config.identityTimeoutMs, (late) => {
      deps.firebaseAuth.deleteUser(late.uid).catch((cleanupError: unknown) => {
        deps.log.error({ err: cleanupError, uid: late.uid }, 'could not delete an identity created after registration gave up');
      });
    }));
  } catch (error) {
    const known = IDENTITY_ERRORS[firebaseErrorCode(error) ?? ''];
    if (known) throw new HttpError(...known);
    throw error;
  }

  try {
    const row = await deps.db.transaction(async (tx) => {
      await lockUsernameSkeleton(tx, skeleton);
      if (await usernameSkeletonTaken(tx, skeleton)) throw conflict(USER_MESSAGES.usernameTaken);
      return insertUser(tx, { user_id: uid, username, email });
    });
    return { user_id: row.user_id, username: row.username };
  } catch (error) {
    await deps.firebaseAuth.deleteUser(uid).catch((cleanupError: unknown) => {
      deps.log.error({ err: cleanupError, uid }, 'could not delete the identity of a failed registration');
    });
    // Someone registered the same (or a look-alike) name or e-mail between the check and the insert.
    const constraint = uniqueViolation(error);
    if (constraint === USER_UNIQUE_INDEXES.username) throw conflict(USER_MESSAGES.usernameTaken);
    if (constraint === USER_UNIQUE_INDEXES.email) throw conflict(USER_MESSAGES.emailTaken);
    throw error;
  }
}

export async function getUserProfile(db: Database, uid: string): Promise<UserProfile> {
  const row = await findUserById(db, uid);
  if (!row) throw notFound(MESSAGES.userNotFound);
  return toUserProfile(row);
}
