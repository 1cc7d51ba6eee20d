import type { Page } from '@playwright/test';
import { apiCall, expectAccessible, failRequests, holdRequests } from '../lib/axe';
import { createStation, idToken, png, registerAccount, uniqueName } from '../lib/test-data';
import { expect, signIn, test } from './fixtures';

/**
 * Issue 7 part 9: the signed-in routes and states (create/edit with their errors and dialogs, the submit-part
 * dialog, the profile area), checked by axe for serious or critical violations in light and dark mode.
 * Every test works on a fresh account and its own stations.
 */

/** Waits for the part picker's suggestions and leaves the list open. */
async function openSuggestions(page: Page, text: string) {
  const search = page.getByRole('combobox', { name: 'Search parts' });
  // Emptied first: typing the same text again would not open the list.
  await search.fill('');
  await search.fill(text);
  await expect(page.getByText(/\d+ results? available\./)).toBeVisible();
  await expect(page.locator('.ant-select-dropdown:visible .ant-select-item-option').first()).toBeVisible();
}

for (const colorScheme of ['light', 'dark'] as const) {
  // Minutes of axe runs: in `npm run test:reliability` (CI), light and dark; the public pages' suite stays in npm test.
  test.describe(`${colorScheme} mode`, { tag: '@reliability' }, () => {
    test.use({ colorScheme });

    test('create: empty, with field errors, the part picker open, the submit-part dialog, the upload dialog', async ({ page, request, consoleErrors }) => {
      void consoleErrors;
      test.setTimeout(120_000);
      const account = await registerAccount(request, 'a11yc');
      await signIn(page, account);
      await page.goto('/battlestations/new');
      await expect(page.getByRole('heading', { level: 1, name: 'Create Battlestation' })).toBeVisible();
      await expectAccessible(page, 'create, empty');

      // Save is enabled by any change: a wrong link, then Save shows every rule at once.
      await page.getByLabel('Instagram link').fill('not a link');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Enter a valid Instagram link.')).toBeVisible();
      await expect(page.getByText('Field is required.')).toBeVisible();
      await expect(page.getByText('Please select at least one part for your battlestation.')).toBeVisible();
      await expectAccessible(page, 'create with field errors');

      // A photo over 4 MB is flagged on its tile.
      const big = Buffer.concat([png(40, 30, [200, 40, 40]), Buffer.alloc(4_194_400)]);
      await page.getByTestId('photo-input').setInputFiles([
        { name: 'ok.png', mimeType: 'image/png', buffer: png(320, 240, [40, 120, 200]) },
        { name: 'big.png', mimeType: 'image/png', buffer: big },
      ]);
      await expect(page.getByText('Maximum file size is 4MB.').first()).toBeVisible();
      await expectAccessible(page, 'create with photos, one too large');

      await openSuggestions(page, 'ryzen');
      await expectAccessible(page, 'part picker suggestions');
      await page.keyboard.press('Escape');

      await page.getByRole('button', { name: 'Submit New Part' }).click();
      const submitPart = page.getByRole('dialog', { name: 'Submit New Part' });
      await expect(submitPart.getByLabel('Part name')).toBeFocused();
      await expectAccessible(page, 'submit-part dialog');
      await submitPart.getByRole('button', { name: 'Submit' }).click();
      await expect(submitPart.getByText('Field is required.')).toHaveCount(2);
      await expectAccessible(page, 'submit-part dialog with field errors');
      await submitPart.getByLabel('Part name').fill(uniqueName('A11y missing part'));
      await submitPart.getByLabel('Link to the part').fill('https://example.com/part');
      await submitPart.getByRole('button', { name: 'Submit' }).click();
      await expect(submitPart.getByText('Thank You!')).toBeVisible();
      await expectAccessible(page, 'submit-part thanks');
      await page.keyboard.press('Escape');
      await expect(submitPart).toBeHidden();

      // A valid form: remove the big photo, add a part, name it.
      await page.getByRole('button', { name: /^Remove Photo 2/ }).click();
      await openSuggestions(page, 'ryzen');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await page.getByRole('button', { name: 'Add', exact: true }).click();
      await page.getByLabel('Instagram link').fill('');
      await page.getByLabel('Name', { exact: true }).fill(uniqueName('A11y desk'));

      const create = apiCall('/battlestations/');
      await failRequests(page, create);
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Unable to Upload Battlestation')).toBeVisible();
      await expectAccessible(page, 'upload dialog, failed');
      await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
      await page.unroute(create);

      const release = await holdRequests(page, create);
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByRole('dialog', { name: 'Uploading Battlestation' })).toBeVisible();
      await expectAccessible(page, 'upload dialog, uploading');
      await release();
      await expect(page.getByText('Battlestation uploaded!')).toBeVisible();
      await expectAccessible(page, 'upload dialog, uploaded');
      await expect(page).toHaveURL(/\/battlestations\/\d+$/);
    });

    test('edit: loaded, delete confirmation, updated, no access and load error', async ({ page, request, consoleErrors }) => {
      void consoleErrors;
      const account = await registerAccount(request, 'a11ye');
      const name = uniqueName('A11y edit');
      const id = await createStation(request, await idToken(request, account), { name, photos: 2 });
      await signIn(page, account);
      await page.goto(`/battlestations/${id}/edit`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('list', { name: 'Photos, in display order' }).getByRole('listitem')).toHaveCount(2);
      await expectAccessible(page, 'edit');

      await page.getByLabel('Name', { exact: true }).fill('');
      await page.getByLabel('Reddit link').fill('not a link');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Field is required.')).toBeVisible();
      await expect(page.getByText('Enter a valid Reddit link.')).toBeVisible();
      await expectAccessible(page, 'edit with field errors');
      await page.getByLabel('Name', { exact: true }).fill(name);
      await page.getByLabel('Reddit link').fill('');

      await page.getByRole('button', { name: 'Delete' }).click();
      await expect(page.getByRole('dialog', { name: 'Delete Battlestation' })).toBeVisible();
      await expectAccessible(page, 'edit, delete confirmation');
      await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

      await page.getByRole('button', { name: 'Move Photo 1 right' }).click();
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Battlestation updated!')).toBeVisible();
      await expectAccessible(page, 'update dialog, updated');
      await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();

      await page.goto('/battlestations/1/edit');
      await expect(page.getByText('Sorry, you do not have access to edit this battlestation.')).toBeVisible();
      await expectAccessible(page, 'edit, no access');

      await failRequests(page, apiCall(`/battlestations/id/${id}`));
      await page.goto(`/battlestations/${id}/edit`);
      await expect(page.getByText('Sorry, we were unable to load this battlestation. Please try again later.')).toBeVisible();
      await expectAccessible(page, 'edit, load error');
    });

    test('profile: my battlestations with the row menu and dialogs, favorites, loading and errors', async ({ page, request, consoleErrors }) => {
      // Eleven states, each checked with axe: about a minute on a loaded 2-core machine (it hit 60 s).
      test.setTimeout(120_000);
      void consoleErrors;
      const account = await registerAccount(request, 'a11yp');
      const token = await idToken(request, account);
      const kept = uniqueName('A11y kept');
      const gone = uniqueName('A11y gone');
      await createStation(request, token, { name: kept, isPublic: false });
      await createStation(request, token, { name: gone });
      await signIn(page, account);

      const mine = apiCall(`/users/${account.uid}/battlestations`);
      const release = await holdRequests(page, mine);
      await page.goto('/profile/battlestations');
      await expect(page.getByText('LOADING...')).toBeVisible();
      await expectAccessible(page, 'my battlestations while loading');
      await release();
      await expect(page.getByRole('link', { name: kept, exact: true })).toBeVisible();
      await expectAccessible(page, 'my battlestations');

      await page.getByRole('button', { name: `More actions for ${gone}` }).click();
      await expect(page.getByRole('menuitem', { name: /Delete Battlestation/ })).toBeVisible();
      await expectAccessible(page, 'my battlestations, row menu open');
      await page.getByRole('menuitem', { name: /Copy Part List/ }).click();
      await expect(page.getByRole('dialog', { name: 'Copy Part List' }).getByRole('textbox')).toHaveValue(/Category \| Part/);
      await expectAccessible(page, 'my battlestations, copy part list');
      await page.keyboard.press('Escape');

      await page.getByRole('button', { name: `More actions for ${gone}` }).click();
      await page.getByRole('menuitem', { name: /Delete Battlestation/ }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete Battlestation' });
      await expect(confirm).toContainText(`Are you sure you want to delete ${gone}?`);
      await expectAccessible(page, 'my battlestations, delete confirmation');
      await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
      await expect(confirm.getByText(`${gone} has been deleted.`)).toBeVisible();
      await expectAccessible(page, 'my battlestations, deleted');
      await confirm.getByRole('button', { name: 'Close' }).click();
      await expect(confirm).toBeHidden();

      await page.goto('/profile/favorites');
      await expect(page.getByText("You haven't favorited any battlestations yet.")).toBeVisible();
      await expectAccessible(page, 'favorites, empty');
      const favorite = await request.put('/api/battlestations/favorites/1', { headers: { authorization: `Bearer ${token}` }, multipart: { action: 'add' } });
      expect(favorite.ok()).toBe(true);
      await page.reload();
      await expect(page.getByRole('row').filter({ has: page.getByRole('link') }).first()).toBeVisible();
      await expectAccessible(page, 'favorites');
      // The account menu: a list of its links and Logout, and nothing else a list may not hold.
      await page.getByRole('button', { name: /^Account menu for / }).click();
      await expect(page.getByRole('link', { name: 'My Battlestations' }).first()).toBeVisible();
      await expectAccessible(page, 'account menu open');
      await page.keyboard.press('Escape');

      await failRequests(page, mine);
      await page.goto('/profile/battlestations');
      await expect(page.getByText('Sorry, we were unable to load any battlestations. Please try again later.')).toBeVisible();
      await expectAccessible(page, 'my battlestations, load error');
    });

    test('settings: loaded, field errors, warnings, delete-account dialog, loading and load error', async ({ page, request, consoleErrors }) => {
      // Five states, each checked with axe: it hit 60 s beside the other reliability suites (2026-11-27).
      test.setTimeout(120_000);
      void consoleErrors;
      const account = await registerAccount(request, 'a11ys');
      await signIn(page, account);
      // The session reads the profile first (let through); the settings page's own read is the one held.
      const profile = apiCall(`/users/${account.uid}`);
      const release = await holdRequests(page, profile, { passFirst: 1 });
      await page.goto('/profile/settings');
      await expect(page.getByRole('status').filter({ hasText: 'Loading your profile' })).toBeAttached();
      await expectAccessible(page, 'settings while loading');
      await release();
      const username = page.getByLabel('Username');
      await expect(username).toHaveValue(account.username);
      await expectAccessible(page, 'settings');

      await username.fill('short');
      await username.blur();
      await page.getByLabel('Password', { exact: true }).fill('brand-new-pass');
      await page.getByLabel('Confirm Password').fill('other-pass');
      await page.getByLabel('Confirm Password').blur();
      await page.getByLabel('Email Address').fill(`new.${account.email}`);
      await expect(page.getByText('Must be at least 6 characters.')).toBeVisible();
      await expect(page.getByText('Passwords do not match.')).toBeVisible();
      await expect(page.getByText('Changing your email address will cause you to be logged out.')).toBeVisible();
      await expectAccessible(page, 'settings with field errors and warnings');

      await page.getByRole('button', { name: 'Delete Account' }).click();
      await expect(page.getByRole('dialog', { name: 'Delete Account' })).toBeVisible();
      await expectAccessible(page, 'delete-account dialog');
      await page.keyboard.press('Escape');

      await failRequests(page, profile, { passFirst: 1 });
      await page.goto('/profile');
      await expect(page.getByText('Current profile could not be loaded.')).toBeVisible();
      await expectAccessible(page, 'settings, profile load error');
    });
  });
}
