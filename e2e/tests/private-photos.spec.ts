import path from 'node:path';
import type { Locator } from '@playwright/test';
import { choosePart } from '../lib/editor';
import { idToken, png, registerAccount } from '../lib/test-data';
import { expect, signIn, test } from './fixtures';

/**
 * Issue 15 in the browser: a private station's photos are not public files. Its owner sees them (fetched
 * with the token into object URLs) on the station page, in the viewer and in My Battlestations; anyone
 * else gets 404 from the public image URL and from the API route.
 */

const SCREENSHOTS = path.resolve(__dirname, '../../.tmp');

/** The picture really loaded: an <img> from an object URL, decoded to real pixels. */
async function expectLoadedFromBlob(img: Locator) {
  await expect(img).toHaveAttribute('src', /^blob:/);
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0);
}

test('a private station: the owner sees its photo on the page and in My Battlestations; a visitor gets 404 everywhere', async ({ page, browser, consoleErrors }) => {
  test.setTimeout(120_000);
  const account = await registerAccount(page.request, 'priv');
  await signIn(page, account);
  const name = `Private desk ${Date.now().toString(36)}`;

  // Create it private, with one photo, through the form.
  await page.getByRole('link', { name: 'New Build' }).click();
  await page.getByLabel(/Name/).fill(name);
  const visibility = page.getByRole('switch', { name: 'Public' });
  await visibility.click();
  await expect(visibility).not.toBeChecked();
  await expect(page.getByText('Only you can see this battlestation.')).toBeVisible();
  await page.getByTestId('photo-input').setInputFiles({ name: 'desk.png', mimeType: 'image/png', buffer: png(800, 600, [40, 120, 200]) });
  await expect(page.getByRole('list', { name: 'Photos, in display order' }).getByRole('listitem')).toHaveCount(1);
  await choosePart(page);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Battlestation uploaded!')).toBeVisible();
  await expect(page).toHaveURL(/\/battlestations\/\d+$/);
  const id = Number(new URL(page.url()).pathname.split('/').pop());

  // The station page: the gallery's thumbnail and the viewer's full photo both load.
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expectLoadedFromBlob(page.getByRole('button', { name: 'Open photo 1 of 1' }).locator('img'));
  await page.screenshot({ path: path.join(SCREENSHOTS, 'private-photos-station.png') });
  await page.getByRole('button', { name: 'Open photo 1 of 1' }).click();
  await expectLoadedFromBlob(page.getByRole('dialog').getByRole('img', { name: `${name}, photo 1 of 1` }));
  await page.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // The editor's stored-photo tile.
  await page.getByRole('link', { name: 'Edit Battlestation' }).click();
  await expectLoadedFromBlob(page.getByRole('list', { name: 'Photos, in display order' }).getByRole('img', { name: 'Photo 1' }));

  // My Battlestations: the row's thumbnail.
  await page.goto('/profile/battlestations');
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });
  await expectLoadedFromBlob(row.locator('img'));
  await page.screenshot({ path: path.join(SCREENSHOTS, 'private-photos-profile.png') });

  // The stored names, as the owner's API answer gives them.
  const token = await idToken(page.request, account);
  const detail = await page.request.get(`/api/battlestations/id/${id}`, { headers: { Authorization: `Bearer ${token}` } });
  const [photo] = ((await detail.json()) as { images: string[] }).images;
  const thumb = photo.replace(/\.(\w+)$/, '_thumb.$1');
  const owned = await page.request.get(`/api/battlestations/images/${thumb}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(owned.status()).toBe(200);
  expect(owned.headers()['cache-control']).toMatch(/^private\b/);

  // A visitor (a fresh browser context, no session): 404 from the public URL pattern and from the API route.
  const visitor = await browser.newContext();
  try {
    for (const file of [photo, thumb]) {
      expect((await visitor.request.get(`/images/battlestations/${file}`)).status()).toBe(404);
      expect((await visitor.request.get(`/images/private/battlestations/${file}`)).status()).toBe(404);
      expect((await visitor.request.get(`/api/battlestations/images/${file}`)).status()).toBe(404);
    }
  } finally {
    await visitor.close();
  }
  expect(consoleErrors).toEqual([]);
});
