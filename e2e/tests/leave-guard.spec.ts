import { registerAccount } from '../lib/test-data';
import { expect, signIn, test } from './fixtures';

/**
 * Unsaved changes on the battlestation form hold every way out of the page inside the site: a link, and the
 * browser's back and forward buttons (the shell's plain router has no useBlocker, ADR 012 addendum).
 */
test('the create form asks before a link or the back button leaves unsaved changes, and keeps them on Stay', async ({ page, request, consoleErrors }) => {
  void consoleErrors;
  const account = await registerAccount(request, 'leave');
  await signIn(page, account);
  await page.getByRole('banner').getByRole('link', { name: 'New Build' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Create Battlestation' })).toBeVisible();
  const name = page.getByLabel('Name');
  await name.fill('A desk not saved yet');
  const dialog = page.getByRole('dialog', { name: 'Leave this page?' });

  // A link: held, and Stay keeps the page and what was typed.
  await page.getByRole('banner').getByRole('link', { name: 'View Battlestations' }).click();
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('You have unsaved changes. If you leave now, they will be lost.');
  await dialog.getByRole('button', { name: 'Stay on this page' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/battlestations\/new$/);
  await expect(name).toHaveValue('A desk not saved yet');

  // The back button: the address goes back to the form while the dialog asks.
  await page.goBack();
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/\/battlestations\/new$/);
  await dialog.getByRole('button', { name: 'Stay on this page' }).click();
  await expect(dialog).toBeHidden();
  await expect(name).toHaveValue('A desk not saved yet');

  // Back again, and Leave: the page before it.
  await page.goBack();
  await dialog.getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Create Battlestation' })).toBeHidden();

  // Forward to a new, untouched form: nothing to hold, a link just goes.
  await page.goForward();
  await expect(page.getByRole('heading', { level: 1, name: 'Create Battlestation' })).toBeVisible();
  await expect(name).toHaveValue('');
  await page.getByRole('banner').getByRole('link', { name: 'View Battlestations' }).click();
  await expect(page).toHaveURL(/\/battlestations$/);
  await expect(dialog).toBeHidden();
});
