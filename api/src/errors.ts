/** An error whose message is safe to show: the error handler sends it as `{ message }` with its status. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'HttpError';
  }
}

/** API messages that are ours (the spec's own live in the shared contract). */
export const MESSAGES = {
  internal: 'Something went wrong. Please try again later.',
  unavailable: 'The service is temporarily unavailable. Please try again later.',
  /** A database statement ran past DB_STATEMENT_TIMEOUT_MS (the server is overloaded or a lock is held). */
  timedOut: 'The request took too long. Please try again later.',
  /** The database rolled this change back to let a concurrent one through (a deadlock): nothing was saved. */
  contention: 'Another change to the same data got in the way, and nothing was saved. Please try again.',
  /** Firebase Auth (or the local emulator) could not be reached or did not answer in time. */
  identityUnavailable: 'The sign-in service cannot be reached right now. Please try again later.',
  notFound: 'Not found.',
  /** A write named something (a store, a station, an account) that was removed while it was being saved. */
  removedMeanwhile: 'Something this change refers to was removed in the meantime. Please reload the page and try again.',
  signInRequired: 'Please sign in to continue.',
  invalidToken: 'Your sign-in is invalid or has expired. Please sign in again.',
  sessionRevoked: 'Your session has ended. Please sign in again.',
  noProfile: 'No profile exists for this account.',
  forbidden: 'You do not have permission to do this.',
  userNotFound: 'User not found.',
  unsupportedImage: 'Only PNG, JPG or GIF images are accepted.',
  unreadableImage: 'The image could not be read. It may be damaged or incomplete.',
  imageTooManyPixels: 'The image has too many pixels (at most 50 megapixels).',
  imageTypeMismatch: "The file's name or type does not match its content. Only PNG, JPG or GIF images are accepted.",
  imageHiddenMarkup: 'The image contains hidden web content (HTML or script) and cannot be accepted.',
  fileNameNotAllowed: 'The file name is not allowed: use a plain name without folders or control characters.',
} as const;

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message: string = MESSAGES.signInRequired) => new HttpError(401, message);
export const forbidden = (message: string = MESSAGES.forbidden) => new HttpError(403, message);
export const notFound = (message: string = MESSAGES.notFound) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const payloadTooLarge = (message: string) => new HttpError(413, message);
