import {
  USER_MESSAGES,
  commonPasswordIssueOrNone,
  emailSchema,
  passwordSchema,
  usernameSchema,
  type UpdateUserBody,
  type UserProfile,
} from '@battledeck/shared/contract';
import type { FieldErrors, Resolver } from 'react-hook-form';

export interface SettingsFormValues {
  username: string;
  email: string;
  /** Empty unless the user wants a new password. */
  password: string;
  confirmPassword: string;
}

interface FieldSchema {
  safeParse(value: unknown): { success: true } | { success: false; error: { issues: { message: string }[] } };
}

function issueOf(schema: FieldSchema, value: string): string | undefined {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

/**
 * The registration rules of the contract (SPEC §5: same username/password rules; the e-mail as the API checks
 * it), field by field: a blank password means "keep the current one". A new password must not be a common one
 * nor the username or e-mail (decision 26): the list loads the first time a password is checked.
 */
export const settingsResolver: Resolver<SettingsFormValues> = async (values) => {
  const messages: Record<keyof SettingsFormValues, string | undefined> = {
    username: issueOf(usernameSchema, values.username),
    email: issueOf(emailSchema, values.email),
    password: values.password === '' ? undefined : (issueOf(passwordSchema, values.password) ?? (await commonPasswordIssueOrNone(values.password, [values.username, values.email]))),
    confirmPassword: values.password !== values.confirmPassword ? USER_MESSAGES.passwordsDiffer : undefined,
  };
  const errors: FieldErrors<SettingsFormValues> = {};
  for (const name of Object.keys(messages) as (keyof SettingsFormValues)[]) {
    const message = messages[name];
    if (message) errors[name] = { type: 'validate', message };
  }
  return Object.keys(errors).length > 0 ? { values: {}, errors } : { values, errors: {} };
};

export function formValuesOf(profile: Pick<UserProfile, 'username' | 'email'>): SettingsFormValues {
  return { username: profile.username, email: profile.email, password: '', confirmPassword: '' };
}

/** E-mails are stored in lower case: a change of case only is no change. */
export function sameEmail(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/** Only the changed fields (SPEC §7: PUT /users/{id}). */
export function changedFields(profile: Pick<UserProfile, 'username' | 'email'>, values: SettingsFormValues): UpdateUserBody {
  const body: UpdateUserBody = {};
  const username = values.username.trim();
  if (username !== profile.username) body.username = username;
  if (!sameEmail(values.email, profile.email)) body.email = values.email.trim();
  if (values.password !== '') {
    body.password = values.password;
    body.confirmPassword = values.confirmPassword;
  }
  return body;
}
