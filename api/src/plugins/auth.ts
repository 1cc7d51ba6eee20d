import type { FastifyRequest } from 'fastify';
import type { Auth } from 'firebase-admin/auth';
import fp from 'fastify-plugin';
import type { AuthUser } from '../auth/auth-user';
import { initFirebase } from '../auth/firebase';
import {
  emulatorTokenVerifier,
  firebaseAccountState,
  jwksTokenVerifier,
  remoteKeySource,
  type TokenVerifier,
  type VerifiedToken,
} from '../auth/token-verifier';
import { identityUnavailable, withIdentityTimeout } from '../auth/identity-errors';
import { HttpError, MESSAGES, unauthorized } from '../errors';
import { findUserById } from '../repositories/users-repository';

declare module 'fastify' {
  interface FastifyInstance {
    /** firebase-admin Auth: verify tokens, create/update/delete identities. */
    firebaseAuth: Auth;
    /** onRequest hook: 401 unless a valid, unrevoked ID token of a user with a profile is sent; sets request.user. */
    authenticate(request: FastifyRequest): Promise<void>;
    /** onRequest hook: sets request.user when such a token is sent, ignores a missing or bad one. */
    optionalAuth(request: FastifyRequest): Promise<void>;
  }
  interface FastifyRequest {
    user: AuthUser | null;
  }
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header?.match(/^Bearer\s+(\S+)\s*$/i);
  return match?.[1];
}

export interface AuthPluginOptions {
  /** Replaces the configured verifier (tests of the production path with their own keys). */
  verifier?: TokenVerifier;
}

export default fp<AuthPluginOptions>(
  async (app, opts) => {
    const firebase = initFirebase(app.config);
    app.addHook('onClose', () => firebase.close());
    app.decorate('firebaseAuth', firebase.auth);
    app.decorateRequest('user', null);

    // Every check includes revocation: a signed-out or deleted account's tokens stop working at once (decision 6).
    const verifier =
      opts.verifier ??
      (app.config.authEmulatorHost
        ? emulatorTokenVerifier(firebase.auth, app.config.firebaseProjectId)
        : jwksTokenVerifier({ projectId: app.config.firebaseProjectId, keys: remoteKeySource(), account: firebaseAccountState(firebase.auth) }));

    /**
     * A 401 when the token is bad; a 503 within the identity time limit (IDENTITY_TIMEOUT_MS) when the identity
     * service cannot be asked (down, unreachable, not answering): any other failure of a verifier means the check
     * could not be made.
     */
    async function verify(token: string): Promise<VerifiedToken> {
      try {
        return await withIdentityTimeout(verifier.verify(token), app.config.identityTimeoutMs);
      } catch (error) {
        if (error instanceof HttpError) throw error;
        throw identityUnavailable(error);
      }
    }

    async function identify(token: string): Promise<AuthUser> {
      const decoded = await verify(token);
      const row = await findUserById(app.db, decoded.uid);
      if (!row) throw unauthorized(MESSAGES.noProfile);
      return {
        uid: decoded.uid,
        email: decoded.email,
        authTime: decoded.authTime,
        profile: { username: row.username, is_admin: row.is_admin, is_moderator: row.is_moderator },
      };
    }

    app.decorate('authenticate', async (request: FastifyRequest) => {
      const token = bearerToken(request);
      if (!token) throw unauthorized();
      request.user = await identify(token);
    });

    app.decorate('optionalAuth', async (request: FastifyRequest) => {
      const token = bearerToken(request);
      if (!token) return;
      try {
        request.user = await identify(token);
      } catch (error) {
        request.log.debug({ err: error }, 'optional token ignored');
      }
    });
  },
  { name: 'auth', dependencies: ['config', 'database'] },
);
