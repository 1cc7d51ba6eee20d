import type { FastifyInstance } from 'fastify';
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
const IDENTITY_ERRORS: Record<string, [status: number, message: string]> = {
  'auth/email-already-exists': [409, USER_MESSAGES.emailTaken],
  'auth/invalid-email': [400, USER_MESSAGES.invalidEmail],
  'auth/invalid-password': [400, USER_MESSAGES.passwordTooShort],
  'auth/invalid-display-name': [400, 'Username contains characters that are not allowed.'],
};

/** Firebase's refusal as the contract words it, or the error itself. */
export function identityRefusal(error: unknown): unknown {
  const known = IDENTITY_ERRORS[firebaseErrorCode(error) ?? ''];
  return known ? new HttpError(...known) : error;
}

/** 400 'Please choose a less common password.' for a common password or one equal to the username or e-mail (decision 26). */
export async function assertPasswordNotCommon(password: string, identities: readonly string[]): Promise<void> {
  const issue = await commonPasswordIssue(password, identities);
  if (issue) throw new HttpError(400, issue);
}

/**
 * Registration (POST /users/): the identity is created in Firebase first (it owns the password), then
 * the profile row; if the row cannot be written the identity is deleted again, so no half user remains.
 * Both happen under a lock on the e-mail: an identity another registration left without a profile (Firebase
 * created it but the answer was lost, or the clean-up failed) is replaced, instead of taking the e-mail for good.
 * A name that looks like an existing one (same skeleton, decision 27) is taken: checked first, and again
 * under a lock on the skeleton in the transaction that inserts the row, so two look-alikes cannot both win.
 */
export async function registerUser(deps: RegistrationDeps, body: RegisterBody): Promise<RegisterResponse> {
  const username = body.username;
  const email = body.email.toLowerCase();
  await assertPasswordNotCommon(body.password, [username, email]);
  const skeleton = usernameSkeleton(username);
  const taken = await findUserConflicts(deps.db, username, email);
  if (taken.usernameTaken || (await usernameSkeletonTaken(deps.db, skeleton))) throw conflict(USER_MESSAGES.usernameTaken);
  if (taken.emailTaken) throw conflict(USER_MESSAGES.emailTaken);

  // One registration of an e-mail at a time, across instances, so an identity found without a profile is not one
  // still under way. A lock of its own rather than a transaction: Firebase's answers (seconds when it is slow)
  // hold no pooled connection, and no PGlite session that every other request waits on.
  return deps.database.withLock(`battledeck:email:${email}`, async () => {
    const uid = await createIdentity(deps, { email, password: body.password, displayName: username });
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
  });
}

type RegistrationDeps = Pick<ServiceDeps, 'db' | 'firebaseAuth' | 'log' | 'config'> & Pick<FastifyInstance, 'database'>;

interface NewIdentity {
  email: string;
  password: string;
  displayName: string;
}

/**
 * Creates the Firebase identity of a registration (under its e-mail lock) and returns its uid. An e-mail Firebase
 * already holds is taken, unless its identity was left by a failed registration: no profile row and never signed
 * in (a registration signs in only after its profile exists). That one is deleted and the identity created anew.
 */
async function createIdentity(deps: RegistrationDeps, identity: NewIdentity): Promise<string> {
  const { firebaseAuth, log } = deps;
  const timeoutMs = deps.config.identityTimeoutMs;
  const create = async () => {
    const creation = firebaseAuth.createUser(identity);
    // Past the time limit the caller hears 503; an identity created after that is deleted, so a retry can register.
    const { uid } = await withIdentityTimeout(creation, timeoutMs, (late) => {
      firebaseAuth.deleteUser(late.uid).catch((cleanupError: unknown) => {
        log.error({ err: cleanupError, uid: late.uid }, 'could not delete an identity created after registration gave up');
      });
    });
    return uid;
  };
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await create();
    } catch (error) {
      const replaceable = attempt === 1 && firebaseErrorCode(error) === 'auth/email-already-exists';
      if (replaceable && (await removeAbandonedIdentity(deps, identity.email))) continue;
      throw identityRefusal(error);
    }
  }
}

/** Deletes the identity of `email` if a failed registration left it (see createIdentity); says whether it is gone. */
async function removeAbandonedIdentity(deps: RegistrationDeps, email: string): Promise<boolean> {
  const timeoutMs = deps.config.identityTimeoutMs;
  const left = await withIdentityTimeout(deps.firebaseAuth.getUserByEmail(email), timeoutMs).catch((error: unknown) => {
    // Deleted meanwhile (a late clean-up of an earlier attempt): nothing left to replace.
    if (firebaseErrorCode(error) === 'auth/user-not-found') return undefined;
    throw error;
  });
  if (!left) return true;
  // Never active: Firebase sets lastRefreshTime when it first issues the identity an ID token, i.e. at its first
  // sign-in (lastSignInTime is no sign: createUser sets it too).
  if (left.metadata.lastRefreshTime || (await findUserById(deps.db, left.uid))) return false;
  await withIdentityTimeout(deps.firebaseAuth.deleteUser(left.uid), timeoutMs);
  deps.log.warn({ uid: left.uid }, 'replaced an identity a failed registration left without a profile');
  return true;
}

export async function getUserProfile(db: Database, uid: string): Promise<UserProfile> {
  const row = await findUserById(db, uid);
  if (!row) throw notFound(MESSAGES.userNotFound);
  return toUserProfile(row);
}
