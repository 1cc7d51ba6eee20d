import { dictionary } from '@zxcvbn-ts/language-common';
import commonPasswords from './common-passwords.json';
import { commonPasswordIssue, registerFormSchema } from './password-policy';
import { USER_MESSAGES } from './users';

describe('common-passwords.json', () => {
  it("is the package's 10,000 most common passwords in its order, lower-cased (regenerate with shared/scripts/generate-common-passwords.mjs)", () => {
    const expected = (dictionary['passwords-common'] as string[]).slice(0, 10_000).map((p) => p.toLowerCase());
    expect(commonPasswords).toHaveLength(10_000);
    expect(commonPasswords).toEqual(expected);
  });
});

describe('commonPasswordIssue', () => {
  it('refuses a password among the 10,000 most common, ignoring case and surrounding spaces', async () => {
    await expect(commonPasswordIssue('password', [])).resolves.toBe(USER_MESSAGES.commonPassword);
    await expect(commonPasswordIssue(' Dragon ', [])).resolves.toBe(USER_MESSAGES.commonPassword);
    await expect(commonPasswordIssue(commonPasswords[9_999], [])).resolves.toBe(USER_MESSAGES.commonPassword);
  });

  it('refuses a password equal to the username or the e-mail, ignoring case and surrounding spaces', async () => {
    await expect(commonPasswordIssue('GamerDesk77 ', ['gamerdesk77', 'someone@example.com'])).resolves.toBe(USER_MESSAGES.commonPassword);
    await expect(commonPasswordIssue('Someone@Example.com', ['gamerdesk77', 'someone@example.com'])).resolves.toBe(USER_MESSAGES.commonPassword);
  });

  it('accepts an uncommon password', async () => {
    await expect(commonPasswordIssue('violet-harbour-kettle', ['gamerdesk77', undefined])).resolves.toBeUndefined();
  });
});

describe('registerFormSchema', () => {
  const body = { username: 'gamerdesk77', email: 'someone@example.com', password: 'qwerty123', confirmPassword: 'qwerty123' };

  it('puts the common-password message on the password field', async () => {
    const result = await registerFormSchema.safeParseAsync(body);
    expect(result.error?.issues).toEqual([expect.objectContaining({ path: ['password'], message: USER_MESSAGES.commonPassword })]);
  });

  it('accepts an uncommon password', async () => {
    const result = await registerFormSchema.safeParseAsync({ ...body, password: 'violet-harbour-kettle', confirmPassword: 'violet-harbour-kettle' });
    expect(result.success).toBe(true);
  });
});
