import type { FastifyRequest } from 'fastify';
import { RECENT_SIGN_IN_SECONDS, USER_MESSAGES } from '@battledeck/shared/contract';
import { forbidden, unauthorized } from '../errors';
import { canModerate, isAdmin, type AuthUser } from './auth-user';

/**
 * Guards for routes, used after `app.authenticate` (decision 6: 401 without a valid token, 403 when not allowed):
 *   onRequest: [app.authenticate], preHandler: [requireAdmin]
 */

/** The signed-in user, or 401 (for handlers behind `app.authenticate`, where it is always set). */
export function requireUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

export async function requireAdmin(request: FastifyRequest): Promise<void> {
  if (!isAdmin(requireUser(request))) throw forbidden();
}

export async function requireAdminOrModerator(request: FastifyRequest): Promise<void> {
  if (!canModerate(requireUser(request))) throw forbidden();
}

/** Throws 403 unless `user` is `uid` or an admin (self-only user calls). */
export function assertSelfOrAdmin(user: AuthUser, uid: string): void {
  if (user.uid !== uid && !isAdmin(user)) throw forbidden();
}

/** Route guard: the path parameter `param` must be the caller's uid, or the caller an admin. */
export function requireSelfOrAdmin(param = 'id') {
  return async (request: FastifyRequest): Promise<void> => {
    const params = request.params as Record<string, unknown>;
    assertSelfOrAdmin(requireUser(request), String(params[param]));
  };
}

/**
 * Throws 403 (USER_MESSAGES.recentSignInRequired) unless the caller signed in within the last
 * RECENT_SIGN_IN_SECONDS (decision 25): password and e-mail changes and account deletions. It is the
 * caller's sign-in that counts, so an admin acting on someone else's account needs a recent sign-in too.
 */
export function assertRecentSignIn(user: Pick<AuthUser, 'authTime'>, now: number = Date.now()): void {
  if (!(now / 1000 - user.authTime <= RECENT_SIGN_IN_SECONDS)) throw forbidden(USER_MESSAGES.recentSignInRequired);
}

/** Route guard form of assertRecentSignIn (after requireSelfOrAdmin, so a stranger learns nothing more). */
export async function requireRecentSignIn(request: FastifyRequest): Promise<void> {
  assertRecentSignIn(requireUser(request));
}
