import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * Issue 16 items 2 and 8 in Chromium: the viewer shows a photo as large as the window allows (contain, up to
 * its own pixels; it showed at ~62 % before), Back closes it instead of leaving the page, Home/End jump.
 */
async function openViewer(page: Page) {
  await page.goto('/battlestations');
  await page.getByRole('list', { name: 'Battlestations' }).getByRole('link').first().click();
  await page.getByRole('link', { name: /^Open photo 1 of \d+$/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  return dialog;
}

/** How much of the stage the photo fills, along its limiting side (1 = edge to edge). */
async function fill(page: Page): Promise<{ fill: number; natural: number; shown: number }> {
  const photo = page.getByRole('dialog').getByRole('img', { name: /photo \d+ of \d+/ });
  await expect.poll(() => photo.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  return photo.evaluate((img) => {
    const image = img as HTMLImageElement;
    const stage = image.parentElement!.getBoundingClientRect();
    const style = getComputedStyle(image.parentElement!);
    const width = stage.width - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    const height = stage.height - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
    const shown = image.getBoundingClientRect();
    const scale = Math.min(width / image.naturalWidth, height / image.naturalHeight, 1);
    return { fill: shown.width / (image.naturalWidth * scale), natural: image.naturalWidth, shown: shown.width };
  });
}

for (const [device, viewport] of [
  ['desktop', { width: 1366, height: 900 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test.describe(`the photo viewer on a ${device}`, () => {
    test.use({ viewport, ...(device === 'phone' ? { hasTouch: true, isMobile: true } : {}) });

    test('shows the photo as large as fits, and Back closes it but stays on the station', async ({ page }) => {
      const dialog = await openViewer(page);
      const stationUrl = page.url();
      const { fill: filled } = await fill(page);
      expect(filled).toBeGreaterThan(0.98);

      await page.keyboard.press('End');
      await expect(dialog).toContainText(/(\d+) \/ \1/);
      await page.keyboard.press('Home');
      await expect(dialog).toContainText(/(^|\D)1 \/ \d+/);

      await page.goBack();
      await expect(dialog).toBeHidden();
      expect(page.url()).toBe(stationUrl);
      await expect(page.getByRole('link', { name: /^Open photo 1 of \d+$/ })).toBeVisible();
    });
  });
}
