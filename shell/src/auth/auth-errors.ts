/** Sign-in errors by the identity provider's code (decision 14). */
export const LOGIN_ERRORS = {
  wrongPassword: 'Incorrect password.',
  userNotFound: 'User not found.',
  tooManyRequests: 'Too many login attempts.',
  other: 'Username or password incorrect.',
} as const;

export const RESET_ERRORS = {
  userNotFound: 'User not found.',
  other: 'Unable to reset password at this time. Please try again later.',
} as const;

function codeOf(error: unknown): string | undefined {
  return error && typeof error === 'object' && 'code' in error ? String((error as { code: unknown }).code) : undefined;
}

export function loginErrorMessage(error: unknown): string {
  switch (codeOf(error)) {
    case 'auth/wrong-password':
      return LOGIN_ERRORS.wrongPassword;
    case 'auth/user-not-found':
      return LOGIN_ERRORS.userNotFound;
    case 'auth/too-many-requests':
      return LOGIN_ERRORS.tooManyRequests;
    default:
      return LOGIN_ERRORS.other;
  }
}

export function resetErrorMessage(error: unknown): string {
  return codeOf(error) === 'auth/user-not-found' ? RESET_ERRORS.userNotFound : RESET_ERRORS.other;
}
