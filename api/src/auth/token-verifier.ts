import { createPublicKey, verify as verifySignature, type JsonWebKey, type KeyObject } from 'node:crypto';
import type { Auth } from 'firebase-admin/auth';
import { MESSAGES, unauthorized } from '../errors';
import { firebaseErrorCode } from './firebase';

/** What a verified Firebase ID token tells about its caller. */
export interface VerifiedToken {
  uid: string;
  email: string | undefined;
  /** When the caller last signed in (the token's `auth_time`, seconds since the epoch): recent sign-in checks (decision 25). */
  authTime: number;
}

export interface TokenVerifier {
  /** Resolves with the caller, or throws a 401 HttpError; other errors mean the check itself failed. */
  verify(token: string): Promise<VerifiedToken>;
}

/**
 * The Auth emulator's tokens are unsigned (`alg: none`); never in production (the API refuses to start with
 * the emulator when NODE_ENV=production). Every other rule is production's, so local runs and tests go through
 * it too, with one account look-up a call: firebase-admin's `verifyIdToken` looked the account up itself in
 * emulator mode, then ours did again.
 */
export function emulatorTokenVerifier(auth: Auth, projectId: string): TokenVerifier {
  return jwksTokenVerifier({ projectId, keys: 'unsigned', account: firebaseAccountState(auth) });
}

/** Public keys by key id (`kid`); `refresh` forces a new fetch when an unknown kid shows up. */
export interface KeySource {
  get(kid: string, refresh?: boolean): Promise<KeyObject | undefined>;
}

/** What the revocation check needs to know of an account. */
export interface AccountState {
  disabled: boolean;
  /** Date (UTC string, whole seconds) up to which sessions are revoked, if any. */
  tokensValidAfterTime?: string;
  /** When the account was created (Firebase sets tokensValidAfterTime then too). */
  creationTime?: string;
}

const wholeSecond = (date: string | undefined) => (date ? Math.floor(Date.parse(date) / 1000) : Number.NaN);

/**
 * 401 unless the account exists, is enabled, and was signed in to after its sessions were last revoked.
 * `tokensValidAfterTime` and `auth_time` are whole seconds, so a sign-in in the very second of a revocation
 * (a password change, revokeRefreshTokens) counts as revoked: the old session's token cannot slip through.
 * Firebase also sets `tokensValidAfterTime` when it creates an account, stamped a moment after the creation time
 * (after hashing the password), so it can fall in the next second: while it is the creation second or the one
 * after, nothing was revoked, and a sign-in in that second (right after sign-up) stays valid.
 */
export function assertSessionValid(account: AccountState | null, authTime: number): void {
  if (!account || account.disabled) throw unauthorized(MESSAGES.sessionRevoked);
  const validAfter = wholeSecond(account.tokensValidAfterTime);
  if (Number.isNaN(validAfter) || authTime > validAfter) return;
  const stampedAtCreation = validAfter - wholeSecond(account.creationTime);
  const neverRevoked = stampedAtCreation === 0 || stampedAtCreation === 1;
  if (authTime < validAfter || !neverRevoked) throw unauthorized(MESSAGES.sessionRevoked);
}

export interface JwksVerifierOptions {
  projectId: string;
  /** Google's keys; 'unsigned' only for the Auth emulator's tokens (emulatorTokenVerifier). */
  keys: KeySource | 'unsigned';
  /** The account's current state (firebase-admin getUser); null when the account no longer exists. */
  account(uid: string): Promise<AccountState | null>;
  now?: () => number;
}

const CLOCK_SKEW_S = 5;
const MAX_UID_LENGTH = 128;

function decodePart(part: string): Record<string, unknown> {
  const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new Error('not an object');
  return value as Record<string, unknown>;
}

/**
 * Production verification of Firebase ID tokens, done here so every rule is ours and testable: RS256 only,
 * signed by one of Google's current keys (`kid` required), audience = project, issuer =
 * https://securetoken.google.com/{project}, not expired, issued and authenticated in the past, a uid of
 * 1-128 characters, and the account neither deleted, disabled nor revoked since the sign-in (same second included).
 */
export function jwksTokenVerifier(options: JwksVerifierOptions): TokenVerifier {
  const invalid = () => unauthorized(MESSAGES.invalidToken);
  const issuer = `https://securetoken.google.com/${options.projectId}`;
  const now = options.now ?? (() => Date.now());

  return {
    async verify(token) {
      const parts = token.split('.');
      if (parts.length !== 3 || token.length > 8192) throw invalid();
      let header: Record<string, unknown>;
      let payload: Record<string, unknown>;
      try {
        header = decodePart(parts[0]);
        payload = decodePart(parts[1]);
      } catch {
        throw invalid();
      }
      if (options.keys === 'unsigned') {
        if (header.alg !== 'none' || parts[2] !== '') throw invalid();
      } else {
        if (header.alg !== 'RS256' || typeof header.kid !== 'string' || !header.kid) throw invalid();
        const key = (await options.keys.get(header.kid)) ?? (await options.keys.get(header.kid, true));
        if (!key) throw invalid();
        const signature = Buffer.from(parts[2], 'base64url');
        if (!verifySignature('RSA-SHA256', Buffer.from(`${parts[0]}.${parts[1]}`), key, signature)) throw invalid();
      }

      const seconds = now() / 1000;
      const { aud, iss, sub, exp, iat, auth_time: authTime, email } = payload;
      if (aud !== options.projectId || iss !== issuer) throw invalid();
      if (typeof sub !== 'string' || sub.length === 0 || sub.length > MAX_UID_LENGTH) throw invalid();
      if (typeof exp !== 'number' || exp <= seconds - CLOCK_SKEW_S) throw invalid();
      if (typeof iat !== 'number' || iat > seconds + CLOCK_SKEW_S) throw invalid();
      if (typeof authTime !== 'number' || authTime > seconds + CLOCK_SKEW_S) throw invalid();

      assertSessionValid(await options.account(sub), authTime);
      return { uid: sub, email: typeof email === 'string' ? email : undefined, authTime };
    },
  };
}

/** Google's published keys for Firebase ID tokens, kept until the Cache-Control max-age runs out. */
export const GOOGLE_SECURETOKEN_JWKS = 'https://www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com';

/**
 * A token naming a key we do not hold makes the keys be fetched again (Google rotates them), but at most this
 * often: anyone can send tokens with made-up key ids, and each would otherwise cost a request to Google.
 */
export const KEY_REFRESH_COOLDOWN_MS = 30_000;

export function remoteKeySource(url = GOOGLE_SECURETOKEN_JWKS, fetchImpl: typeof fetch = fetch, now: () => number = Date.now): KeySource {
  let keys = new Map<string, KeyObject>();
  let expiresAt = 0;
  let loadedAt = Number.NEGATIVE_INFINITY;
  let pending: Promise<void> | null = null;

  async function load(): Promise<void> {
    const response = await fetchImpl(url, { signal: AbortSignal.timeout(5000) });
    if (!response.ok) throw new Error(`Fetching the token keys answered ${response.status}`);
    const body = (await response.json()) as { keys?: (JsonWebKey & { kid?: string })[] };
    const next = new Map<string, KeyObject>();
    for (const jwk of body.keys ?? []) if (jwk.kid && jwk.kty === 'RSA') next.set(jwk.kid, createPublicKey({ key: jwk, format: 'jwk' }));
    keys = next;
    const maxAge = /max-age=(\d+)/.exec(response.headers.get('cache-control') ?? '')?.[1];
    expiresAt = now() + (maxAge ? Number(maxAge) * 1000 : 3600_000);
  }

  return {
    async get(kid, refresh = false) {
      if (now() >= expiresAt || (refresh && now() - loadedAt >= KEY_REFRESH_COOLDOWN_MS)) {
        loadedAt = now();
        pending ??= load().finally(() => (pending = null));
        await pending;
      }
      return keys.get(kid);
    },
  };
}

/** A fixed key set (tests, or keys provisioned by configuration). */
export function staticKeySource(jwks: (JsonWebKey & { kid: string })[]): KeySource {
  const keys = new Map(jwks.map((jwk) => [jwk.kid, createPublicKey({ key: jwk, format: 'jwk' })]));
  return { get: async (kid) => keys.get(kid) };
}

/** The account state firebase-admin reports, null once the account is gone. */
export function firebaseAccountState(auth: Auth) {
  return async (uid: string): Promise<AccountState | null> => {
    try {
      const user = await auth.getUser(uid);
      return { disabled: user.disabled, tokensValidAfterTime: user.tokensValidAfterTime, creationTime: user.metadata.creationTime };
    } catch (error) {
      if (firebaseErrorCode(error) === 'auth/user-not-found') return null;
      throw error;
    }
  };
}
