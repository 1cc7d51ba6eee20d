import { HttpError, MESSAGES } from '../errors';
import { firebaseErrorCode } from './firebase';

/** firebase-admin's codes for "the service could not be reached or did not answer". */
const UNREACHABLE_CODES = new Set(['app/network-error', 'app/network-timeout']);

/** True when `error` means the identity service was unreachable, not that it refused the request. */
export function identityUnreachable(error: unknown): boolean {
  return UNREACHABLE_CODES.has(firebaseErrorCode(error) ?? '');
}

export const identityUnavailable = (cause?: unknown) => new HttpError(503, MESSAGES.identityUnavailable, { cause });

/**
 * `call` with a time limit (`config.identityTimeoutMs`): past `ms` the caller gets a 503 at once. The call itself
 * cannot be cancelled; `onLateResult` receives its value should it still succeed (to undo a write nobody will
 * hear about).
 */
export function withIdentityTimeout<T>(call: Promise<T>, ms: number, onLateResult?: (value: T) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let late = false;
    const timer = setTimeout(() => {
      late = true;
      reject(identityUnavailable(new Error(`The identity service did not answer within ${ms} ms`)));
    }, ms);
    call.then(
      (value) => {
        clearTimeout(timer);
        if (late) onLateResult?.(value);
        else resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        if (!late) reject(error);
      },
    );
  });
}
