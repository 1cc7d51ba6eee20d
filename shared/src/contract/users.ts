import { z } from './zod';
import { battlestationCard } from './battlestations';
import { REQUIRED, pageNumberOf, timestamp } from './common';

export const USERNAME_MIN = 6;
export const USERNAME_MAX = 64;
export const PASSWORD_MIN = 6;

export const USER_MESSAGES = {
  usernameTooShort: 'Must be at least 6 characters.',
  usernameTooLong: 'Must be less than 64 characters.',
  passwordTooShort: 'Must be at least 6 characters.',
  passwordsDiffer: 'Passwords do not match.',
  usernameTaken: 'Username already taken.',
  emailTaken: 'Email already in use.',
  invalidEmail: 'Enter a valid email address.',
  /** Decision 26. */
  commonPassword: 'Please choose a less common password.',
  /** Ours (decision 27): zero-width, text-direction and other invisible characters. */
  usernameInvisible: 'Username must not contain invisible or text-direction characters.',
  /** Ours: deleting the only administrator would leave nobody to run the admin area. */
  lastAdmin: 'This is the only administrator account. Make another user an administrator before deleting it.',
  /**
   * Ours (decision 25): a password or e-mail change or an account deletion with a sign-in older than
   * RECENT_SIGN_IN_SECONDS answers 403 with this text; the client recognises it (isRecentSignInRequired) and
   * asks for the password.
   */
  recentSignInRequired: 'Please sign in again to make this change.',
} as const;

/** How recent the caller's sign-in (the ID token's `auth_time`) must be for sensitive account changes (decision 25). */
export const RECENT_SIGN_IN_SECONDS = 5 * 60;

const required = () => REQUIRED;

/**
 * Invisible characters a name could hide or reorder text with (decision 27): controls, format characters
 * (Cf: zero-width, bidi controls such as U+202E, soft hyphen…), private use, lone surrogates, line and
 * paragraph separators, and every default-ignorable code point (variation selectors, the Hangul fillers
 * U+115F, U+1160, U+3164, U+FFA0, …), plus the blank Braille pattern U+2800.
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Co}\p{Cs}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}\u115F\u1160\u3164\uFFA0\u2800]/u;

export function hasInvisibleCharacters(value: string): boolean {
  return INVISIBLE.test(value);
}

/** NFKC-normalised (decision 27: fullwidth and other compatibility forms become their plain letters), then trimmed. */
export const usernameSchema = z
  .string({ error: required })
  .normalize('NFKC')
  .trim()
  .min(1, { error: REQUIRED })
  .min(USERNAME_MIN, { error: USER_MESSAGES.usernameTooShort })
  .max(USERNAME_MAX, { error: USER_MESSAGES.usernameTooLong })
  .refine((s) => ![...s].some((c) => c.charCodeAt(0) < 32 || c === '\u007f' || c === '<' || c === '>'), {
    error: 'Username contains characters that are not allowed.',
  })
  .refine((s) => !hasInvisibleCharacters(s), { error: USER_MESSAGES.usernameInvisible });

export const emailSchema = z
  .string({ error: required })
  .trim()
  .min(1, { error: REQUIRED })
  .max(254, { error: USER_MESSAGES.invalidEmail })
  .pipe(z.email({ error: USER_MESSAGES.invalidEmail }));

export const passwordSchema = z
  .string({ error: required })
  .min(1, { error: REQUIRED })
  .min(PASSWORD_MIN, { error: USER_MESSAGES.passwordTooShort })
  .max(128, { error: 'Must be at most 128 characters.' });

/** POST /users/ (registration). */
export const registerBody = z
  .object({
    username: usernameSchema,
    email: emailSchema,
    password: passwordSchema,
    confirmPassword: passwordSchema,
  })
  .refine((b) => b.password === b.confirmPassword, {
    error: USER_MESSAGES.passwordsDiffer,
    path: ['confirmPassword'],
  });
export type RegisterBody = z.infer<typeof registerBody>;

export const registerResponse = z.object({ user_id: z.string(), username: z.string() });
export type RegisterResponse = z.infer<typeof registerResponse>;

/** GET /users/{uid}. */
export const userProfile = z.object({
  user_id: z.string(),
  username: z.string(),
  email: z.string(),
  is_admin: z.boolean(),
  is_moderator: z.boolean(),
  created_date: timestamp,
});
export type UserProfile = z.infer<typeof userProfile>;

/** PUT /users/{id}: only the changed fields; anything else (is_admin, …) is stripped. */
export const updateUserBody = z
  .object({
    username: usernameSchema.optional(),
    email: emailSchema.optional(),
    password: passwordSchema.optional(),
    confirmPassword: passwordSchema.optional(),
  })
  .refine((b) => b.password === undefined || b.password === b.confirmPassword, {
    error: USER_MESSAGES.passwordsDiffer,
    path: ['confirmPassword'],
  })
  .refine((b) => b.username !== undefined || b.email !== undefined || b.password !== undefined, {
    error: 'Nothing to change.',
  });
export type UpdateUserBody = z.infer<typeof updateUserBody>;

export const updateUserResponse = z.object({ profile: userProfile, signedOut: z.boolean() });
export type UpdateUserResponse = z.infer<typeof updateUserResponse>;

export const uidParams = z.object({
  id: z.string().min(1).max(128, { error: 'The user id is too long.' }),
});

/** GET /users/{id}/battlestations: the user's own stations, private ones included (is_public tells them apart). */
export const userBattlestationsResponse = z.array(battlestationCard);
export type UserBattlestationsResponse = z.infer<typeof userBattlestationsResponse>;

/** GET /users/{id}/favorites: stations the user favorited and may still see (public ones, or their own). */
export const userFavoritesResponse = z.array(battlestationCard);
export type UserFavoritesResponse = z.infer<typeof userFavoritesResponse>;

/**
 * GET /users/by-name/{username}: a member's people page (SPEC decision 29), for anyone. Only public stations:
 * `station_count` counts them and `favorites_received` adds up their favorites (what the member's setups have
 * earned, as their cards show it; never what the member favorited, nor a private station's). The name is
 * matched ignoring case, as usernames are unique (decision 13); `username` is the member's own spelling.
 */
export const memberParams = z.object({
  username: z.string().min(1).max(USERNAME_MAX * 4, { error: USER_MESSAGES.usernameTooLong }),
});
export const memberQuery = z.object({ pageNumber: pageNumberOf('pageNumber') });
export type MemberQuery = z.input<typeof memberQuery>;

export const memberResponse = z.object({
  username: z.string(),
  joined_date: timestamp,
  station_count: z.number().int(),
  favorites_received: z.number().int(),
  /** MEMBER_STATIONS_PAGE_SIZE a page, newest first. */
  battlestations: z.array(battlestationCard),
});
export type MemberResponse = z.infer<typeof memberResponse>;
export { MEMBER_STATIONS_PAGE_SIZE } from './constants';
