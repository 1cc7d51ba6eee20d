import { expect, test } from './fixtures';

test('home shows the tagline and featured battlestation cards', async ({ page, consoleErrors }) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Home | Battledeck');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Share and explore amazing spaces for work, gaming, and life.');
  const featured = page.getByRole('region', { name: 'Featured Battlestations' });
  const cards = featured.getByRole('listitem').filter({ hasText: 'by:' });
  await expect(cards.first()).toBeVisible();
  expect(await cards.count()).toBeGreaterThan(0);
  expect(await cards.count()).toBeLessThanOrEqual(12);
  // A card's photo and name link to the station; its 'by: username' to the member's page.
  const first = cards.first().getByRole('link').first();
  await expect(cards.first().getByRole('link').nth(1)).toHaveAttribute('href', /^\/users\/[^/]+$/);
  await expect(first).toHaveAttribute('href', /^\/battlestations\/\d+$/);
  await expect(first.locator('img')).toHaveAttribute('src', /_thumb\.(jpg|jpeg|png|gif)$/);
  // The thumbnail really loads.
  await expect.poll(() => first.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  expect(consoleErrors).toEqual([]);
});

test('footer links: privacy opens in a new tab', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByText('© 2023 Battledeck')).toBeVisible();
  const privacy = footer.getByRole('link', { name: /Privacy/ });
  await expect(privacy).toHaveAttribute('target', '_blank');
  const [popup] = await Promise.all([page.waitForEvent('popup'), privacy.click()]);
  await expect(popup).toHaveTitle(/Privacy/);
});

test('the public pages fit the smallest phone (320 px) without scrolling sideways, the header included', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 568 });
  for (const path of ['/', '/battlestations', '/battlestations/1', '/parts', '/parts/cpu']) {
    await page.goto(path);
    await expect(page.getByRole('link', { name: 'Battledeck home' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeInViewport({ ratio: 1 });
    expect({ path, width: await page.evaluate(() => document.documentElement.scrollWidth) }).toEqual({ path, width: 320 });
  }
});
