import type { UpdateRequest } from 'firebase-admin/auth';
import { USER_MESSAGES, type UpdateUserBody, type UpdateUserResponse } from '@battledeck/shared/contract';
import type { AuthUser } from '../auth/auth-user';
import { firebaseErrorCode } from '../auth/firebase';
import { assertRecentSignIn } from '../auth/guards';
import { withIdentityTimeout } from '../auth/identity-errors';
import { MESSAGES, conflict, forbidden, notFound } from '../errors';
import { removeStoredImages } from '../images/remove-stored-images';
import { uniqueViolation } from '../lib/pg-errors';
import { usernameSkeleton } from '../lib/username-skeleton';
import { lockPartsForCounts, refreshBattlestationDerived, refreshPartCounts } from '../repositories/derived-columns-repository';
import {
  deleteUserStations,
  listUserStationIds,
  listUserStationImages,
  listUserStationPartIds,
  lockUserStationsAndFavorited,
  removeUserFavorites,
} from '../repositories/user-battlestations-repository';
import {
  USER_UNIQUE_INDEXES,
  deleteUserRow,
  findOtherUserConflicts,
  findUserById,
  lockUsernameSkeleton,
  usernameSkeletonTaken,
  lockUserAndAdmins,
  lockUserById,
  updateUserRow,
  type UserRow,
} from '../repositories/users-repository';
import type { ServiceDeps } from './service-deps';
import { assertPasswordNotCommon, identityRefusal, toUserProfile } from './users-service';

type Deps = Pick<ServiceDeps, 'db' | 'firebaseAuth' | 'storage' | 'log' | 'config'>;

interface AccountChange {
  username?: string;
  email?: string;
  password?: string;
}

/** What really changes: values equal to the stored ones are dropped (e-mails compare as stored, lower case). */
function changesOf(current: UserRow, body: UpdateUserBody): AccountChange {
  const change: AccountChange = {};
  if (body.username !== undefined && body.username !== current.username) change.username = body.username;
  const email = body.email?.toLowerCase();
  if (email !== undefined && email !== current.email.toLowerCase()) change.email = email;
  if (body.password !== undefined) change.password = body.password;
  return change;
}

/** 409 when another user's name looks the same (decision 27); the skeleton stays locked until commit, so no look-alike slips in. */
async function assertUsernameFree(db: Deps['db'], uid: string, username: string): Promise<void> {
  const skeleton = usernameSkeleton(username);
  await lockUsernameSkeleton(db, skeleton);
  if (await usernameSkeletonTaken(db, skeleton, uid)) throw conflict(USER_MESSAGES.usernameTaken);
}

async function updateProfileRow(db: Deps['db'], uid: string, change: AccountChange): Promise<UserRow> {
  try {
    return await updateUserRow(db, uid, { username: change.username, email: change.email });
  } catch (error) {
    // Someone took the name or e-mail between the check and the write.
    const constraint = uniqueViolation(error);
    if (constraint === USER_UNIQUE_INDEXES.username) throw conflict(USER_MESSAGES.usernameTaken);
    if (constraint === USER_UNIQUE_INDEXES.email) throw conflict(USER_MESSAGES.emailTaken);
    throw error;
  }
}

/**
 * PUT /users/{id}: username, e-mail and/or password, each only if it changed; nothing else can be changed
 * (the contract strips other fields, so `is_admin` is ignored).
 *
 * Consistency between the profile row and the Firebase identity: inside one transaction the row is locked,
 * checked and updated first (a taken name fails here, before Firebase is touched), then the identity is
 * updated in one Admin SDK call as the transaction's last step. If that call fails, the transaction rolls
 * back and nothing changed. If the commit itself fails after Firebase changed, the identity's e-mail and
 * display name are put back. (A new password cannot be "put back": Firebase keeps only its hash, and the
 * database stores no password, so the two stores still agree.)
 *
 * Firebase ends the account's sessions when its e-mail or password changes; the tokens are also revoked
 * explicitly, and the answer says `signedOut` so the client signs the user out.
 *
 * An e-mail or password change needs `caller` (the signed-in user, maybe an admin) to have signed in within
 * the last five minutes, else 403 before anything is written (decision 25).
 */
export async function updateUserAccount(
  deps: Deps,
  uid: string,
  body: UpdateUserBody,
  caller: Pick<AuthUser, 'authTime' | 'uid'>,
): Promise<UpdateUserResponse> {
  let change: AccountChange = {};
  let restore: UpdateRequest | undefined;
  let row: UserRow;
  try {
    row = await deps.db.transaction(async (tx) => {
      // Someone else's account: the caller must still be an admin once the admin rows are held.
      if (caller.uid !== uid) assertStillAdmin(await lockUserAndAdmins(tx, uid), caller.uid);
      const current = await lockUserById(tx, uid);
      if (!current) throw notFound(MESSAGES.userNotFound);
      change = changesOf(current, body);
      // A real e-mail or password change needs the caller's recent sign-in (decision 25); a username does not.
      if (change.email !== undefined || change.password !== undefined) assertRecentSignIn(caller);
      if (Object.keys(change).length === 0) return current;

      if (change.password !== undefined) {
        await assertPasswordNotCommon(change.password, [change.username ?? current.username, change.email ?? current.email]);
      }
      if (change.username !== undefined) await assertUsernameFree(tx, uid, change.username);

      const taken = await findOtherUserConflicts(tx, uid, change);
      if (taken.usernameTaken) throw conflict(USER_MESSAGES.usernameTaken);
      if (taken.emailTaken) throw conflict(USER_MESSAGES.emailTaken);

      let updated = current;
      if (change.username !== undefined || change.email !== undefined) {
        updated = await updateProfileRow(tx, uid, change);
        // Search matches station owners' usernames (decision 16).
        if (change.username !== undefined) await refreshBattlestationDerived(tx, await listUserStationIds(tx, uid));
      }

      const previous: UpdateRequest = {
        ...(change.email !== undefined ? { email: current.email } : {}),
        ...(change.username !== undefined ? { displayName: current.username } : {}),
      };
      if (Object.keys(previous).length > 0) {
        // Within the identity time limit: the rows above stay locked until Firebase answers (firebase-admin alone
        // waits minutes). A change that lands after the caller heard 503 is put back.
        await withIdentityTimeout(
          deps.firebaseAuth.updateUser(uid, { email: change.email, displayName: change.username }),
          deps.config.identityTimeoutMs,
          () => void alignIdentityWithProfile(deps, uid, previous),
        ).catch((error: unknown) => {
          throw identityRefusal(error);
        });
        restore = previous;
      }
      return updated;
    });
  } catch (error) {
    if (restore) await restoreIdentity(deps, uid, restore);
    throw error;
  }

  // The password last, once the rest is committed: it cannot be put back, so nothing may fail after it (a failed
  // commit would otherwise answer 500 with the new password in force). If this fails, the old one still works and
  // the caller hears why; a new e-mail is in force, and its sessions end as they would have.
  let passwordError: unknown;
  if (change.password !== undefined) {
    await withIdentityTimeout(deps.firebaseAuth.updateUser(uid, { password: change.password }), deps.config.identityTimeoutMs).catch((error: unknown) => {
      passwordError = firebaseErrorCode(error) === 'auth/user-not-found' ? notFound(MESSAGES.userNotFound) : identityRefusal(error);
    });
  }

  const signedOut = change.email !== undefined || (change.password !== undefined && passwordError === undefined);
  if (signedOut) {
    await deps.firebaseAuth.revokeRefreshTokens(uid).catch((error: unknown) => {
      // Firebase has already invalidated the sessions on the e-mail/password change itself.
      deps.log.error({ err: error, uid }, 'could not revoke the refresh tokens after an account change');
    });
  }
  if (passwordError !== undefined) throw passwordError;
  return { profile: toUserProfile(row), signedOut };
}

/**
 * The route let an admin act on another account; checked again under the admin rows' locks, since a role
 * change that was waiting on them may have taken the caller's admin role meanwhile (as updateUserRoles does).
 */
function assertStillAdmin(locked: readonly { user_id: string; is_admin: boolean }[], callerUid: string): void {
  if (!locked.some((row) => row.user_id === callerUid && row.is_admin)) throw forbidden();
}

/** Puts an identity's e-mail and name back after the account change that set them failed (a password cannot be). */
async function restoreIdentity(deps: Deps, uid: string, previous: UpdateRequest): Promise<void> {
  if (Object.keys(previous).length === 0) return;
  await deps.firebaseAuth.updateUser(uid, previous).catch((restoreError: unknown) => {
    deps.log.error({ err: restoreError, uid, previous }, 'could not restore the identity after a failed account update');
  });
}

/**
 * A change Firebase made after the caller heard 503: the fields it changed are set again to what the profile
 * holds now (the old values, or those of a later change that went through meanwhile).
 */
async function alignIdentityWithProfile(deps: Deps, uid: string, changed: UpdateRequest): Promise<void> {
  const row = await findUserById(deps.db, uid).catch(() => undefined);
  if (!row) return;
  await restoreIdentity(deps, uid, {
    ...(changed.email !== undefined ? { email: row.email } : {}),
    ...(changed.displayName !== undefined ? { displayName: row.username } : {}),
  });
}

/**
 * Deletes the Firebase identity, within the identity time limit (the account's rows are locked meanwhile);
 * one that is already gone counts as deleted. Returns whether it existed.
 */
async function deleteIdentity(deps: Deps, uid: string): Promise<boolean> {
  try {
    await withIdentityTimeout(deps.firebaseAuth.deleteUser(uid), deps.config.identityTimeoutMs, () =>
      // The profile stayed (the caller heard 503); deleting the account again finishes the job.
      deps.log.error({ uid }, 'the identity was deleted after its account deletion gave up; delete the account again to remove the profile'),
    );
    return true;
  } catch (error) {
    if (firebaseErrorCode(error) === 'auth/user-not-found') return false;
    throw error;
  }
}

/**
 * DELETE /users/{id}: the identity, the profile, the user's stations (photos, part links, others' favorites
 * of them) and the user's favorites, with every counter that included them.
 *
 * No half user can remain: all rows go in one transaction whose last step deletes the Firebase identity.
 * If Firebase refuses, the transaction rolls back and the account is intact (the user can try again).
 * Only if the commit itself fails after the identity is gone does a profile without an identity remain:
 * nobody can sign in to it, and calling this again (an admin, or a retry) finishes the job, because an
 * identity that is already gone counts as deleted. Files are deleted after the commit.
 *
 * The last administrator cannot be deleted (409), so the admin area always has someone to run it.
 */
export async function deleteUserAccount(deps: Deps, uid: string, caller: Pick<AuthUser, 'uid'>): Promise<void> {
  const images = await deps.db.transaction(async (tx) => {
    const locked = await lockUserAndAdmins(tx, uid);
    if (caller.uid !== uid) assertStillAdmin(locked, caller.uid);
    const target = locked.find((r) => r.user_id === uid);
    if (!target) {
      // No profile: an identity left without one is still removed; neither existing is a 404.
      if (!(await deleteIdentity(deps, uid))) throw notFound(MESSAGES.userNotFound);
      return [];
    }
    if (target.is_admin && locked.filter((r) => r.is_admin).length <= 1) throw conflict(USER_MESSAGES.lastAdmin);

    // Stations, then parts, then the kept rows the deletes change: the order of every save (decision 013).
    await lockUserStationsAndFavorited(tx, uid);
    const images = await listUserStationImages(tx, uid);
    const partIds = await listUserStationPartIds(tx, uid);
    await lockPartsForCounts(tx, partIds);
    await removeUserFavorites(tx, uid);
    await deleteUserStations(tx, uid);
    // Parts count public stations only (decision 7): recount the ones the deleted stations listed.
    await refreshPartCounts(tx, partIds);
    await deleteUserRow(tx, uid);
    await deleteIdentity(deps, uid);
    return images;
  });
  await removeStoredImages(deps.storage, deps.log, 'battlestations', images);
}
