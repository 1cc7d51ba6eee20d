import { registerBody, USER_MESSAGES } from './users';

let commonPasswords: Promise<ReadonlySet<string>> | undefined;

/**
 * The 10,000 most common passwords (decision 26), lower-cased. Loaded on first use with a dynamic import
 * only: the contract is a federated singleton that is never tree-shaken, so a static import would put the
 * list (about 125 KB) on every page. A failed load is retried on the next call.
 */
export function loadCommonPasswords(): Promise<ReadonlySet<string>> {
  commonPasswords ??= import('./common-passwords.json').then(
    (list) => new Set(list.default),
    (error: unknown) => {
      commonPasswords = undefined;
      throw error;
    },
  );
  return commonPasswords;
}

const comparable = (value: string) => value.trim().toLowerCase();

/**
 * 'Please choose a less common password.' when the password is among the 10,000 most common or equals the
 * username or the e-mail (compared trimmed and ignoring case); otherwise undefined.
 */
export async function commonPasswordIssue(password: string, identities: readonly (string | undefined)[]): Promise<string | undefined> {
  const candidate = comparable(password);
  const sameAsIdentity = identities.some((identity) => identity !== undefined && comparable(identity) === candidate);
  if (sameAsIdentity || (await loadCommonPasswords()).has(candidate)) return USER_MESSAGES.commonPassword;
  return undefined;
}

/** The form's check: a list that fails to load lets the password through, the API checks it again. */
export async function commonPasswordIssueOrNone(password: string, identities: readonly (string | undefined)[]): Promise<string | undefined> {
  try {
    return await commonPasswordIssue(password, identities);
  } catch {
    return undefined;
  }
}

/** The registration form's rules: registerBody plus the common-password rule on the password field (async). */
export const registerFormSchema = registerBody.superRefine(async (body, ctx) => {
  if (typeof body.password !== 'string' || body.password.length === 0) return;
  const message = await commonPasswordIssueOrNone(body.password, [body.username, body.email]);
  if (message) ctx.addIssue({ code: 'custom', message, path: ['password'] });
});
