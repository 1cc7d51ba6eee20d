import { test as base, expect, type Page } from '@playwright/test';

/** Console errors the browser prints for network failures a test provokes on purpose. */
const EXPECTED_ERRORS = [/Failed to load resource/];

export interface Fixtures {
  /** Console errors seen on the page; a test fails on any it did not expect. */
  consoleErrors: string[];
}

export const test = base.extend<Fixtures>({
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && !EXPECTED_ERRORS.some((re) => re.test(message.text()))) errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await use(errors);
    expect(errors, 'unexpected console errors').toEqual([]);
  },
});

export { expect };

export const DEMO_USER = { email: 'demo@example.com', password: 'demo-pass-123' };
export const ADMIN_USER = { email: 'admin@example.com', password: 'admin-pass-123' };

/** A username and e-mail nobody has used yet. */
export function uniqueUser(prefix = 'e2e') {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return { username: `${prefix}_${id}`, email: `${prefix}.${id}@example.com`, password: 'secret-pass-1' };
}

/** Signs in through the /login page and waits for the avatar. */
export async function signIn(page: Page, user: { email: string; password: string }, from = '/login') {
  await page.goto(from);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('button', { name: /Account menu for/ })).toBeVisible();
}
