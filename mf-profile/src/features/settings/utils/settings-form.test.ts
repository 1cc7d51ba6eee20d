import { USER_MESSAGES } from '@battledeck/shared/contract';
import type { ResolverOptions } from 'react-hook-form';
import { settingsResolver, type SettingsFormValues } from './settings-form';

const values = (overrides: Partial<SettingsFormValues>): SettingsFormValues => ({
  username: 'demo_user',
  email: 'demo@example.com',
  password: '',
  confirmPassword: '',
  ...overrides,
});
const resolve = (v: SettingsFormValues) => settingsResolver(v, undefined, {} as ResolverOptions<SettingsFormValues>);
const withPassword = (password: string, extra: Partial<SettingsFormValues> = {}) => values({ password, confirmPassword: password, ...extra });

describe('settingsResolver: common passwords (decision 26)', () => {
  it.each([
    ['among the 10,000 most common', withPassword('qwerty123')],
    ['the username, ignoring case and spaces', withPassword(' DEMO_USER ')],
    ['the e-mail', withPassword('Demo@Example.com')],
    ['the new username typed beside it', withPassword('brand_new_name', { username: 'Brand_New_Name' })],
  ])('refuses a password %s on the password field', async (_name, form) => {
    const result = await resolve(form);
    expect(result.errors.password?.message).toBe(USER_MESSAGES.commonPassword);
  });

  it('accepts an uncommon password, and a blank one (no change)', async () => {
    expect((await resolve(withPassword('violet-harbour-kettle'))).errors).toEqual({});
    expect((await resolve(values({}))).errors).toEqual({});
  });
});
