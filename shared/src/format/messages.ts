/** UI texts more than one bundle shows (SPEC, letter for letter). */
export const MESSAGES = {
  notAdmin: 'You must be an administrator to access this.',
} as const;
