import { ADMIN_USER, DEMO_USER, expect, signIn, test } from './fixtures';

test('a regular user never downloads the admin bundle', async ({ page }) => {
  const adminRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/remotes/mf-admin/')) adminRequests.push(request.url());
  });
  await signIn(page, DEMO_USER);
  await page.getByRole('button', { name: /Account menu for/ }).click();
  await expect(page.getByRole('link', { name: 'Admin' })).toHaveCount(0);
  await page.goto('/admin');
  await expect(page.getByText('You must be an administrator to access this.')).toBeVisible();
  await page.goto('/battlestations');
  await page.goto('/parts');
  expect(adminRequests).toEqual([]);
});

test('an admin gets the admin bundle', async ({ page }) => {
  await signIn(page, ADMIN_USER);
  const admin = page.waitForRequest((request) => request.url().includes('/remotes/mf-admin/'));
  await page.getByRole('button', { name: /Account menu for/ }).click();
  await page.getByRole('link', { name: 'Admin' }).click();
  await admin;
  await expect(page.getByText('You must be an administrator to access this.')).toHaveCount(0);
});

test('remotes are requested only when their route is visited', async ({ page }) => {
  const remotes = new Set<string>();
  page.on('request', (request) => {
    const match = /\/remotes\/(mf-[a-z]+)\//.exec(request.url());
    if (match) remotes.add(match[1]);
  });
  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Featured Battlestations' })).toBeVisible();
  expect([...remotes]).toEqual([]);
  await page.goto('/parts');
  await expect.poll(() => [...remotes]).toEqual(['mf-parts']);
});

test('a blocked remote shows its fallback while the rest of the site works, and retry recovers', async ({ page }) => {
  let blocked = true;
  await page.route('**/remotes/mf-parts/**', (route) => (blocked ? route.fulfill({ status: 500, body: 'down' }) : route.fallback()));
  await page.goto('/parts');
  const fallback = page.getByRole('alert').filter({ hasText: 'This section could not be loaded' });
  await expect(fallback).toBeVisible();
  // Header and footer still work, and so does another remote.
  await expect(page.getByRole('banner').getByRole('link', { name: 'View Battlestations' })).toBeVisible();
  await page.getByRole('banner').getByRole('link', { name: 'View Battlestations' }).click();
  await expect(page).toHaveURL('/battlestations');
  await expect(page.getByRole('heading', { name: 'Browse Battlestations', level: 1 })).toBeVisible();
  await page.goBack();
  await expect(fallback).toBeVisible();

  blocked = false;
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(fallback).toBeHidden();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/Parts|All/);
});

test('host and remotes share one copy of React', async ({ page }) => {
  // React's core module is the only file that assigns its internals object: count the files that do.
  const reactCopies: string[] = [];
  page.on('response', async (response) => {
    if (!response.url().endsWith('.js')) return;
    const body = await response.text().catch(() => '');
    if (body.includes('__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE=')) reactCopies.push(response.url());
  });
  await page.goto('/battlestations');
  await expect(page.getByRole('heading', { name: 'Browse Battlestations', level: 1 })).toBeVisible();
  await page.getByRole('banner').getByRole('button', { name: 'Browse Parts' }).click();
  await page.getByRole('link', { name: 'All Parts' }).click();
  await expect(page).toHaveURL('/parts');
  await page.waitForLoadState('networkidle');
  expect(reactCopies).toHaveLength(1);
});
