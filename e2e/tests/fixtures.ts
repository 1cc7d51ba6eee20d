import { test as base, expect, type Page } from '@playwright/test';

/** Console errors the browser prints for network failures a test provokes on purpose. */
const EXPECTED_ERRORS = [/Failed to load resource/];

export interface Fixtures {
  /** Console errors seen on the page; a test fails on any it did not expect. */
  consoleErrors: string[];
}

/**
 * Until every link and control of a server-rendered page belongs to React (ADR 012: its scripts start after
 * the page has loaded). Before that only links and form submissions work, which the server-rendering tests
 * check on purpose; every other test acts on the app. A page the browser rendered passes at once.
 */
async function untilHydrated(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const root = document.getElementById('root');
      if (!root || !document.getElementById('battledeck-state')) return true;
      const controls = [...root.querySelectorAll('a, button, input, select, textarea')];
      return controls.length > 0 && controls.every((node) => Object.keys(node).some((key) => key.startsWith('__reactProps$')));
    },
    undefined,
    { timeout: 20_000, polling: 50 },
  );
}

export const test = base.extend<Fixtures>({
  // page.goto and page.reload return once the app has taken the page over (unless told to return earlier).
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    const early = (options?: { waitUntil?: string }) => options?.waitUntil === 'commit' || options?.waitUntil === 'domcontentloaded';
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      if (!early(options)) await untilHydrated(page);
      return response;
    };
    page.reload = async (options) => {
      const response = await reload(options);
      if (!early(options)) await untilHydrated(page);
      return response;
    };
    await use(page);
  },
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

/** Waits for the page's next two frames: dnd-kit gets ready for the arrow keys over those after a keyboard pick-up. */
export const nextFrames = (page: Page) => page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));

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
