import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { ADMIN_USER, expect, signIn, test, uniqueUser } from './fixtures';

/**
 * Issue 6: the admin area end to end, as an administrator and as a freshly promoted moderator. Each test
 * makes the data it changes (unique names), so the seeded data other specs rely on stays as it was.
 */

/** A 48×36 PNG, enough for the image pipeline. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAADAAAAAkCAIAAABAJy5dAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAUElEQVRYhe2WQQ0AQAzCJos/7qvqZHCPJhNACHRcw1d3cwVVEDoUM1Rbxhw/FYzoUMxQbRlzCNWBhg7FDNWWIYcQjPF11OeK8yP7adY/B9oDmzWSOW7GgrMAAAAASUVORK5CYII=',
  'base64',
);
const EMULATOR = 'http://127.0.0.1:9099/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key';
const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A registered user (through the API, as the register page does) and an ID token from the Auth emulator. */
async function registeredUser(request: APIRequestContext, prefix: string) {
  const user = uniqueUser(prefix);
  const created = await request.post('/api/users/', { data: { ...user, confirmPassword: user.password } });
  expect(created.status()).toBe(201);
  return { ...user, token: await tokenOf(request, user) };
}

async function tokenOf(request: APIRequestContext, user: { email: string; password: string }): Promise<string> {
  const res = await request.post(EMULATOR, { data: { email: user.email, password: user.password, returnSecureToken: true } });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { idToken: string }).idToken;
}

async function anyPartId(request: APIRequestContext): Promise<number> {
  const res = await request.get('/api/parts?resultsPerPage=12');
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { parts: { part_id: number }[] }).parts[0].part_id;
}

/** Picks an option of a searchable select by typing it and pressing Enter, as a keyboard user does. */
async function choose(combobox: Locator, option: string) {
  await combobox.click();
  await combobox.fill(option);
  await expect(combobox.page().locator('.ant-select-item-option-active:visible')).toHaveText(option);
  await combobox.press('Enter');
}

async function openAdmin(page: Page, section: string) {
  await page.goto(`/admin/${section}`);
  await expect(page.getByRole('navigation', { name: 'Admin sections' })).toBeVisible();
}

test('an admin creates a store, then a part with an uploaded image and a link to that store', async ({ page, consoleErrors }) => {
  void consoleErrors;
  const storeName = unique('Store');
  const partName = unique('Part');
  await signIn(page, ADMIN_USER);

  await openAdmin(page, 'stores');
  await expect(page.getByRole('heading', { level: 1, name: 'Stores' })).toBeVisible();
  await page.getByRole('button', { name: 'New store' }).click();
  const storeDialog = page.getByRole('dialog', { name: 'New Store' });
  await storeDialog.getByLabel('Name').fill(storeName);
  await storeDialog.getByLabel('URL').fill('https://shop.example.com');
  await storeDialog.getByRole('button', { name: 'Save' }).click();
  await expect(storeDialog).toBeHidden();
  await page.getByRole('textbox', { name: 'Search stores' }).fill(storeName);
  await page.getByRole('textbox', { name: 'Search stores' }).press('Enter');
  await expect(page).toHaveURL(/searchTerm=/);
  await expect(page.getByRole('button', { name: `Edit ${storeName}` })).toBeVisible();

  await openAdmin(page, 'parts');
  await page.getByRole('button', { name: 'New part' }).click();
  const partDialog = page.getByRole('dialog', { name: 'New Part' });
  await partDialog.getByLabel('Name').fill(partName);
  await choose(partDialog.getByLabel('Type'), 'Monitor');
  await partDialog.getByLabel('Manufacturer', { exact: true }).fill('Acme Displays');
  await partDialog.getByText('Local').click();
  await partDialog.getByLabel('Image file (PNG, JPG or GIF)').setInputFiles({ name: 'monitor.png', mimeType: 'image/png', buffer: PNG });
  await expect(partDialog.getByRole('img', { name: 'Preview of the new image' })).toBeVisible();
  await choose(partDialog.getByLabel('Store', { exact: true }), storeName);
  await partDialog.getByLabel('Store link URL').fill('https://shop.example.com/monitor');
  await partDialog.getByRole('button', { name: 'Add' }).click();
  await expect(partDialog.getByRole('link', { name: 'https://shop.example.com/monitor' })).toBeVisible();
  await partDialog.getByRole('button', { name: 'Save' }).click();
  await expect(partDialog).toBeHidden();

  await page.getByRole('textbox', { name: 'Search parts' }).fill(partName);
  await page.getByRole('textbox', { name: 'Search parts' }).press('Enter');
  const row = page.getByRole('row').filter({ has: page.getByRole('button', { name: `Edit ${partName}` }) });
  await expect(row).toBeVisible();
  await expect(row.getByLabel('Stores')).toHaveText(storeName);

  // The store's part count went up at once.
  await openAdmin(page, `stores?searchTerm=${encodeURIComponent(storeName)}`);
  await expect(page.getByRole('row').filter({ hasText: storeName }).getByRole('cell').nth(2)).toHaveText('1');
});

test('an admin turns a pending part request into a part, approving it', async ({ page, request, consoleErrors }) => {
  void consoleErrors;
  const requester = await registeredUser(request, 'req');
  const name = unique('Requested Mic');
  const asked = await request.post('/api/parts/request', {
    headers: { authorization: `Bearer ${requester.token}` },
    multipart: { partName: name, partUrl: 'https://www.shure.example.com/mic' },
  });
  expect(asked.ok()).toBe(true);

  await signIn(page, ADMIN_USER);
  await openAdmin(page, 'pending_parts');
  await page.getByRole('button', { name: `Add ${name} as a part` }).click();
  const dialog = page.getByRole('dialog', { name: 'New Part from a Request' });
  await expect(dialog.getByLabel('Name')).toHaveValue(name);
  await expect(dialog.getByLabel('Manufacturer URL')).toHaveValue('https://www.shure.example.com/mic');
  await choose(dialog.getByLabel('Type'), 'Headset');
  await dialog.getByLabel('Manufacturer', { exact: true }).fill('Shure');
  await dialog.getByText('Local').click();
  await dialog.getByLabel('Image file (PNG, JPG or GIF)').setInputFiles({ name: 'mic.png', mimeType: 'image/png', buffer: PNG });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row.getByText('Approved')).toBeVisible();
  await expect(row.getByRole('button', { name: `Add ${name} as a part` })).toHaveCount(0);

  await openAdmin(page, `parts?searchTerm=${encodeURIComponent(name)}`);
  await expect(page.getByRole('button', { name: `Edit ${name}` })).toBeVisible();
});

test('an admin edits and deletes somebody else’s battlestation from the admin table', async ({ page, request, consoleErrors }) => {
  void consoleErrors;
  const owner = await registeredUser(request, 'own');
  const name = unique('Private Den');
  const created = await request.post('/api/battlestations/', {
    headers: { authorization: `Bearer ${owner.token}` },
    multipart: {
      name,
      is_public: 'false',
      added_parts: JSON.stringify([await anyPartId(request)]),
      images: { name: 'desk.png', mimeType: 'image/png', buffer: PNG },
    },
  });
  expect(created.status()).toBe(201);

  await signIn(page, ADMIN_USER);
  await openAdmin(page, 'battlestations');
  await expect(page.getByRole('heading', { level: 1, name: 'Battlestation Admin' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Search battlestations' }).fill(name);
  await page.getByRole('textbox', { name: 'Search battlestations' }).press('Enter');
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row.getByRole('img', { name: 'Private' })).toBeVisible();

  await row.getByRole('link', { name: `Edit ${name}` }).click();
  await expect(page).toHaveURL(/\/battlestations\/\d+\/edit$/);
  const renamed = `${name} (moderated)`;
  await page.getByLabel('Name', { exact: true }).fill(renamed);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Battlestation updated!')).toBeVisible();

  await openAdmin(page, `battlestations?searchTerm=${encodeURIComponent(name)}`);
  const renamedRow = page.getByRole('row').filter({ hasText: renamed });
  await expect(renamedRow).toBeVisible();
  await renamedRow.getByRole('button', { name: `More actions for ${renamed}` }).click();
  await page.getByRole('menuitem', { name: 'Delete Battlestation' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Battlestation' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm.getByText('Deleted!')).toBeVisible();
  await expect(confirm.getByText(`${renamed} has been deleted.`)).toBeVisible();
  await confirm.getByRole('button', { name: 'Close' }).last().click();
  await expect(page.getByRole('row').filter({ hasText: renamed })).toHaveCount(0);
});

test('an admin promotes a user to moderator, who then sees only the allowed sections', async ({ page, browser, request, consoleErrors }) => {
  void consoleErrors;
  const user = await registeredUser(request, 'mod');
  await signIn(page, ADMIN_USER);
  await openAdmin(page, 'users');
  await page.getByRole('textbox', { name: 'Search users' }).fill(user.username);
  await page.getByRole('textbox', { name: 'Search users' }).press('Enter');
  const toggle = page.getByRole('switch', { name: `Moderator role for ${user.username}` });
  await expect(toggle).not.toBeChecked();
  await toggle.click();
  await expect(toggle).toBeChecked();
  // Nobody can take away their own admin role.
  await page.getByRole('textbox', { name: 'Search users' }).fill('admin_battledeck');
  await page.getByRole('textbox', { name: 'Search users' }).press('Enter');
  await expect(page.getByRole('switch', { name: 'Admin role for admin_battledeck' })).toBeDisabled();

  const context = await browser.newContext();
  const moderator = await context.newPage();
  await signIn(moderator, user);
  await moderator.getByRole('button', { name: /Account menu for/ }).click();
  await moderator.getByRole('link', { name: 'Admin' }).click();
  const sections = moderator.getByRole('navigation', { name: 'Admin sections' }).getByRole('link');
  await expect(sections).toHaveText(['Home', 'Battlestations', 'Parts', 'Pending Parts']);
  await expect(moderator.getByRole('heading', { level: 1, name: 'Admin' })).toBeVisible();
  await expect(moderator.getByText('Pending requests')).toBeVisible();
  await moderator.goto('/admin/stores');
  await expect(moderator.getByRole('alert')).toHaveText('You must be an administrator to access this.');
  await moderator.goto('/admin/users');
  await expect(moderator.getByRole('alert')).toHaveText('You must be an administrator to access this.');
  await moderator.goto('/admin/parts');
  await expect(moderator.getByRole('heading', { level: 1, name: 'Parts' })).toBeVisible();
  await context.close();
});
