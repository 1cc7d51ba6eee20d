import { apiCall, expectAccessible, failRequests, holdRequests } from '../lib/axe';
import { renderInBrowser } from '../lib/browser-rendering';
import { DEMO_USER, expect, test, uniqueUser } from './fixtures';

/**
 * Issue 7 part 9: every public route and state, checked by axe (WCAG 2.2 A/AA + target-size) for serious
 * or critical violations, in light and in dark mode. Loading states are held open by delaying the API call;
 * error states answer it with a 500. Pages are rendered in the browser here (as when server rendering is
 * unavailable), or those states would never show; server-rendered pages are checked in server-rendering.spec.ts.
 */

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`${colorScheme} mode`, () => {
    test.use({ colorScheme });
    test.beforeEach(async ({ page }) => renderInBrowser(page));

    test('home, its loading state and an unknown address', async ({ page, consoleErrors }) => {
      void consoleErrors;
      const release = await holdRequests(page, apiCall('/battlestations/featured'));
      await page.goto('/');
      await expect(page.locator('#featured[aria-busy="true"]')).toBeVisible();
      await expectAccessible(page, 'home while the featured cards load');
      await release();
      await expect(page.getByRole('region', { name: 'Featured Battlestations' }).getByRole('link').first()).toBeVisible();
      await expectAccessible(page, 'home');

      await page.goto('/no-such-page');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectAccessible(page, 'page not found');
    });

    test('browse battlestations: loading, loaded, empty search and error', async ({ page, consoleErrors }) => {
      void consoleErrors;
      const list = apiCall('/battlestations');
      const release = await holdRequests(page, list);
      await page.goto('/battlestations');
      await expect(page.getByRole('heading', { level: 1, name: 'Browse Battlestations' })).toBeVisible();
      await expectAccessible(page, 'browse while loading');
      await release();
      await expect(page.getByRole('list', { name: 'Battlestations' }).getByRole('link').first()).toBeVisible();
      await expectAccessible(page, 'browse');

      const search = page.getByRole('searchbox', { name: 'Search battlestations' });
      await search.fill('qwxzv nothing like this');
      await search.press('Enter');
      await expect(page.getByText('Sorry, no battlestations found that match your search.')).toBeVisible();
      await expectAccessible(page, 'browse with a search that finds nothing');

      await failRequests(page, list);
      await page.goto('/battlestations?sortBy=name');
      await expect(page.getByText('Sorry, we were unable to load any battlestations. Please try again later.')).toBeVisible();
      await expectAccessible(page, 'browse when the list fails to load');
    });

    test('battlestation detail: loading, photos, viewer, favorite notice, copy dialog, not found', async ({ page, consoleErrors }) => {
      void consoleErrors;
      const release = await holdRequests(page, apiCall('/battlestations/id/1'));
      await page.goto('/battlestations/1');
      await expect(page.getByRole('status').filter({ hasText: 'Loading battlestation' })).toBeAttached();
      await expectAccessible(page, 'detail while loading');
      await release();
      const firstPhoto = page.getByRole('link', { name: /^Open photo 1 of \d+$/ });
      await expect(firstPhoto).toBeVisible();
      await expectAccessible(page, 'detail with photos');

      await firstPhoto.click();
      const viewer = page.getByRole('dialog');
      await expect(viewer.getByRole('button', { name: 'Close' })).toBeFocused();
      await expectAccessible(page, 'photo viewer');
      await page.keyboard.press('Escape');
      await expect(viewer).toBeHidden();

      await page.getByRole('button', { name: /^Favorite/ }).click();
      await expect(page.getByRole('link', { name: 'Please log in first' })).toBeVisible();
      await expectAccessible(page, 'favorite notice (signed out)');

      await page.getByRole('button', { name: 'Copy Part List' }).click();
      const copy = page.getByRole('dialog', { name: 'Copy Part List' });
      await expect(copy.getByRole('textbox')).toHaveValue(/Category \| Part/);
      await expectAccessible(page, 'copy part list dialog');
      await copy.getByText('CSV', { exact: true }).click();
      await expect(copy.getByRole('textbox')).toHaveValue(/^Category,Part,Brand,Store link/);
      await expectAccessible(page, 'copy part list dialog, CSV');
      await page.keyboard.press('Escape');
      await expect(copy).toBeHidden();

      await page.goto('/battlestations/999999');
      await expect(page.getByText("We're sorry. This battlestation doesn't exist or couldn't be loaded.")).toBeVisible();
      await expectAccessible(page, 'battlestation not found');
    });

    test('parts: loading, catalogue, empty search, error, part page, part not found', async ({ page, consoleErrors }) => {
      void consoleErrors;
      const list = apiCall('/parts');
      const release = await holdRequests(page, list);
      await page.goto('/parts');
      await expect(page.getByRole('heading', { level: 1, name: 'All' })).toBeVisible();
      await expectAccessible(page, 'parts while loading');
      await release();
      const cards = page.getByRole('main').getByRole('link', { name: /Battlestations?/ });
      await expect(cards.first()).toBeVisible();
      await expectAccessible(page, 'parts catalogue');

      await page.goto('/parts/gpu?searchTerm=qwxzv%20nothing');
      await expect(page.getByText('Sorry, no parts found that match your search.')).toBeVisible();
      await expectAccessible(page, 'parts search that finds nothing');

      await failRequests(page, list);
      await page.goto('/parts/cpu');
      await expect(page.getByText('Sorry, we were unable to load any parts. Please try again later.')).toBeVisible();
      await expectAccessible(page, 'parts when the list fails to load');
      await page.unroute(list);

      const part = apiCall('/parts/id/1');
      const releasePart = await holdRequests(page, part);
      await page.goto('/parts/view/1');
      await expectAccessible(page, 'part page while loading');
      await releasePart();
      await expect(page.getByRole('region', { name: 'Where to Buy' })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Battlestations using this part' }).getByRole('link').first()).toBeVisible();
      await expectAccessible(page, 'part page');

      await page.goto('/parts/view/999999');
      await expect(page.getByText("We're sorry. This part doesn't exist or couldn't be loaded.")).toBeVisible();
      await expectAccessible(page, 'part not found');
    });

    test('sign-in pages: empty, with field errors and with a refusal', async ({ page, consoleErrors }) => {
      // Three pages, a sign-up and a reset with an axe run at each step: 33 s alone, over 60 s in a full run.
      test.slow();
      void consoleErrors;
      await page.goto('/login');
      await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
      await expectAccessible(page, 'login');
      await page.getByRole('button', { name: 'Login' }).click();
      await expect(page.getByText('Field is required.')).toHaveCount(2);
      await expectAccessible(page, 'login with field errors');
      await page.getByLabel('Email').fill('nobody-here@example.com');
      await page.getByLabel('Password', { exact: true }).fill('not-the-password');
      await page.getByRole('button', { name: 'Login' }).click();
      await expect(page.getByRole('alert')).toBeVisible();
      await expectAccessible(page, 'login refused');

      await page.goto('/register');
      await expect(page.getByRole('button', { name: 'Create Account' })).toBeVisible();
      await expectAccessible(page, 'register');
      await page.getByRole('button', { name: 'Create Account' }).click();
      await expect(page.getByText('Field is required.')).toHaveCount(4);
      await page.getByLabel('Username').fill('short');
      await page.getByLabel('Password', { exact: true }).fill('abc');
      await page.getByLabel('Confirm Password').fill('abcdef');
      await page.getByLabel('Confirm Password').blur();
      await expect(page.getByText('Must be at least 6 characters.')).toHaveCount(2);
      await expectAccessible(page, 'register with field errors');
      const user = uniqueUser('a11yr');
      await page.getByLabel('Username').fill(user.username);
      await page.getByLabel('Email').fill(user.email);
      await page.getByLabel('Password', { exact: true }).fill(user.password);
      await page.getByLabel('Confirm Password').fill(user.password);
      await page.getByRole('button', { name: 'Create Account' }).click();
      await expect(page.getByText('Account successfully created!')).toBeVisible();
      await expectAccessible(page, 'register, account created');

      await page.goto('/login/password-reset');
      await expect(page.getByRole('button', { name: 'Send reset link' })).toBeVisible();
      await expectAccessible(page, 'password reset');
      await page.getByRole('button', { name: 'Send reset link' }).click();
      await expect(page.getByText('Field is required.')).toBeVisible();
      await expectAccessible(page, 'password reset with a field error');
      await page.getByLabel('Email').fill(DEMO_USER.email);
      await page.getByRole('button', { name: 'Send reset link' }).click();
      await expect(page.getByText('Instruction to reset your password have been sent to:')).toBeVisible();
      await expectAccessible(page, 'password reset sent');
    });

    test('top bar menus, the phone drawer and a remote that cannot load', async ({ page, consoleErrors }) => {
      void consoleErrors;
      await page.goto('/battlestations');
      await page.getByRole('banner').getByRole('button', { name: 'Browse Parts' }).click();
      await expect(page.getByRole('link', { name: 'All Parts' })).toBeVisible();
      await expectAccessible(page, 'parts menu open');
      await page.keyboard.press('Escape');

      await page.setViewportSize({ width: 390, height: 844 });
      await page.getByRole('button', { name: 'Open menu' }).click();
      const drawer = page.getByRole('dialog', { name: 'Menu' });
      await drawer.getByRole('button', { name: 'Browse Parts' }).click();
      await expect(drawer.getByRole('link', { name: 'All Parts' })).toBeVisible();
      await expectAccessible(page, 'phone drawer open');
      await page.keyboard.press('Escape');
      await expect(drawer).toBeHidden();
      await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
      // Its Close button gives the focus back to the menu button too.
      await page.keyboard.press('Enter');
      await drawer.getByRole('button', { name: 'Close menu' }).press('Enter');
      await expect(drawer).toBeHidden();
      await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();

      await page.route('**/remotes/mf-parts/**', (route) => route.fulfill({ status: 500, body: 'down' }));
      await page.goto('/parts');
      await expect(page.getByRole('alert').filter({ hasText: 'This section could not be loaded' })).toBeVisible();
      await expectAccessible(page, 'remote fallback panel on a phone');
      await page.setViewportSize({ width: 1280, height: 720 });
      await expectAccessible(page, 'remote fallback panel');
    });
  });
}
