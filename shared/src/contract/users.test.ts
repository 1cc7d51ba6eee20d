import { registerBody, usernameSchema, USER_MESSAGES } from './users';

const messagesOf = (value: string) => usernameSchema.safeParse(value).error?.issues.map((issue) => issue.message) ?? [];

describe('usernameSchema (decision 27)', () => {
  it('normalises to NFKC: fullwidth letters become plain ones', () => {
    expect(usernameSchema.parse('ｇａｍｅｒｄｅｓｋ')).toBe('gamerdesk');
    expect(usernameSchema.parse('ﬁnalboss')).toBe('finalboss');
  });

  it.each([
    ['zero-width space', 'gamer\u200Bdesk'],
    ['zero-width joiner', 'gamer\u200Ddesk'],
    ['right-to-left override', 'gamer\u202Edesk'],
    ['left-to-right isolate', 'gamer\u2066desk'],
    ['soft hyphen', 'gamer\u00ADdesk'],
    ['byte order mark', 'gamer\uFEFFdesk'],
    ['variation selector', 'gamer\uFE0Fdesk'],
    ['Hangul filler U+3164', 'gamer\u3164desk'],
    ['halfwidth Hangul filler U+FFA0', 'gamer\uFFA0desk'],
    ['Hangul choseong filler U+115F', 'gamer\u115Fdesk'],
    ['Hangul jungseong filler U+1160', 'gamer\u1160desk'],
    ['Mongolian vowel separator', 'gamer\u180Edesk'],
    ['word joiner', 'gamer\u2060desk'],
    ['tag character', 'gamer\u{E0041}desk'],
  ])('refuses a %s', (_name, value) => {
    expect(messagesOf(value)).toContain(USER_MESSAGES.usernameInvisible);
  });

  it('accepts letters of other scripts, digits, spaces and punctuation', () => {
    expect(usernameSchema.parse('Jürgen Müller')).toBe('Jürgen Müller');
    expect(usernameSchema.parse('батлстейшн')).toBe('батлстейшн');
    expect(usernameSchema.parse('desk_setup-2024')).toBe('desk_setup-2024');
  });

  it('sends the normalised name in the registration body', () => {
    const parsed = registerBody.parse({ username: 'ＧａｍｅｒＤｅｓｋ', email: 'a@example.com', password: 'secret1', confirmPassword: 'secret1' });
    expect(parsed.username).toBe('GamerDesk');
  });
});
