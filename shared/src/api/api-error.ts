/** An error answered by the API, carrying the server's `{ message }`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const UNKNOWN_ERROR = 'An unknown error occured.';
export const AUTH_ERROR = 'Authentication error.';

/** The text to show for a failed save (SPEC §8): the server's message, else the error's, else the unknown-error text. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && typeof error.message === 'string' && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return UNKNOWN_ERROR;
}
