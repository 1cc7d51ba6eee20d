import type { FastifyInstance } from 'fastify';
import { bearer, createUser, type TestUser } from './factories';

/** The callers of the authorization matrix (issue 7 part 1). */
export const ROLES = ['anon', 'a', 'b', 'mod', 'admin', 'revoked', 'deleted'] as const;
export type Role = (typeof ROLES)[number];

export interface Principals {
  /** The owner of the resources a row acts on. */
  a: TestUser;
  /** Another regular user: never the owner. */
  b: TestUser;
  mod: TestUser;
  admin: TestUser;
  /** A2: a profile and an ID token minted before its sessions were revoked. */
  revoked: TestUser;
  /** A profile whose identity was deleted from Firebase, and a token minted before that. */
  deleted: TestUser;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Creates the callers. Revocation has one-second resolution in Firebase: a token minted in the second of
 * the revocation still passes, so the revocation waits more than a second after the token was minted.
 */
export async function createPrincipals(app: FastifyInstance): Promise<Principals> {
  const [a, b, mod, admin, revoked, deleted] = await Promise.all([
    createUser(app),
    createUser(app),
    createUser(app, { is_moderator: true }),
    createUser(app, { is_admin: true }),
    createUser(app),
    createUser(app),
  ]);
  // Both tokens are good until their account changes: the 401s later are the revocation's and the deletion's.
  for (const user of [revoked, deleted]) {
    const res = await app.inject({ method: 'GET', url: `/api/users/${user.uid}`, headers: bearer(user) });
    if (res.statusCode !== 200) throw new Error(`a fresh token answered ${res.statusCode}`);
  }
  await sleep(1100);
  await app.firebaseAuth.revokeRefreshTokens(revoked.uid);
  await app.firebaseAuth.deleteUser(deleted.uid);
  return { a, b, mod, admin, revoked, deleted };
}
