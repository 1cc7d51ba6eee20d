import { LOGIN_ERRORS, loginErrorMessage, RESET_ERRORS, resetErrorMessage } from './auth-errors';

describe('sign-in error messages (decision 14)', () => {
  it.each([
    ['auth/wrong-password', LOGIN_ERRORS.wrongPassword],
    ['auth/user-not-found', LOGIN_ERRORS.userNotFound],
    ['auth/too-many-requests', LOGIN_ERRORS.tooManyRequests],
    ['auth/invalid-credential', LOGIN_ERRORS.other],
    ['auth/network-request-failed', LOGIN_ERRORS.other],
  ])('%s → %s', (code, message) => {
    expect(loginErrorMessage({ code })).toBe(message);
  });

  it('uses the spec texts', () => {
    expect(LOGIN_ERRORS).toEqual({
      wrongPassword: 'Incorrect password.',
      userNotFound: 'User not found.',
      tooManyRequests: 'Too many login attempts.',
      other: 'Username or password incorrect.',
    });
  });

  it('maps password-reset failures', () => {
    expect(resetErrorMessage({ code: 'auth/user-not-found' })).toBe(RESET_ERRORS.userNotFound);
    expect(resetErrorMessage(new Error('boom'))).toBe('Unable to reset password at this time. Please try again later.');
  });
});
