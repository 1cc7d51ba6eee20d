import type { Page } from '@playwright/test';
import { createStation, idToken, png, registerAccount, somePartIds, uniqueName } from '../lib/test-data';
import { expect, signIn, test } from './fixtures';

/**
 * Issue 16 items 1 and 7: Enter in the editor's fields never publishes the station (only Save does), and the part
 * search takes only a highlighted suggestion, showing a part already added as added. On a desktop and a phone.
 */

/** Every POST to the battlestation endpoints the page sends. */
function recordStationPosts(page: Page): string[] {
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname.startsWith('/api/battlestations')) posts.push(request.url());
  });
  return posts;
}

const viewports = [
  { label: 'desktop', size: { width: 1280, height: 800 } },
  { label: 'phone', size: { width: 390, height: 844 } },
];

for (const { label, size } of viewports) {
  test.describe(label, () => {
    test('Enter in Search parts (or the name) does not publish: the page stays on /battlestations/new; Save does', async ({ page, request, consoleErrors }) => {
      void consoleErrors;
      test.setTimeout(120_000);
      // Signed in on a desktop (the phone layout hides the account menu signIn waits for), then the viewport.
      await signIn(page, await registerAccount(request, 'enter'));
      await page.setViewportSize(size);
      const posts = recordStationPosts(page);
      await page.goto('/battlestations/new');
      await expect(page.getByRole('heading', { level: 1, name: 'Create Battlestation' })).toBeVisible();

      // The report: a name, a photo and a part.
      const name = uniqueName('Enter desk');
      await page.getByLabel(/Name/).fill(name);
      await page.getByTestId('photo-input').setInputFiles({ name: 'desk.png', mimeType: 'image/png', buffer: png(64, 48, [40, 120, 200]) });
      await expect(page.getByRole('list', { name: 'Photos, in display order' }).getByRole('listitem')).toHaveCount(1);
      const search = page.getByRole('combobox', { name: 'Search parts' });
      await search.fill('ryzen');
      await expect(page.getByText(/\d+ results? available\./)).toBeVisible();
      // Nothing is highlighted until the arrow keys say so: Enter then keeps the text and chooses nothing.
      await expect(search).not.toHaveAttribute('aria-activedescendant');
      await search.press('Enter');
      await expect(search).toHaveValue('ryzen');
      await search.press('ArrowDown');
      const activeId = await search.getAttribute('aria-activedescendant');
      await expect(page.locator(`[id="${activeId}"]`)).toHaveAccessibleName(/Ryzen/);
      await search.press('Enter');
      const chosen = await search.inputValue();
      expect(chosen).toMatch(/Ryzen/);
      await page.getByRole('button', { name: 'Add', exact: true }).click();
      const selected = page.getByRole('list', { name: 'Selected parts' });
      await expect(selected.getByRole('listitem')).toHaveCount(1);

      // qqqzzzxxx + Enter in Search parts.
      await search.fill('qqqzzzxxx');
      await expect(page.getByRole('status').filter({ hasText: 'No results are available.' })).toBeVisible();
      await search.press('Enter');
      // Enter in the name too.
      await page.getByLabel(/Name/).press('Enter');
      await page.waitForTimeout(1000);
      expect(posts).toEqual([]);
      await expect(page).toHaveURL(/\/battlestations\/new$/);
      await expect(page.getByText('Uploading Battlestation')).toHaveCount(0);
      await expect(search).toHaveValue('qqqzzzxxx');

      // The part already added shows as added, not as missing (item 7).
      await search.fill(chosen);
      await expect(page.getByText(/\d+ already added\./)).toBeVisible();
      await expect(page.getByText('No results are available.')).toHaveCount(0);
      const addedOption = page.locator('.ant-select-dropdown:visible .ant-select-item-option-disabled').filter({ hasText: chosen });
      await expect(addedOption).toContainText('Added');
      await search.press('Enter');
      await expect(search).toHaveValue(chosen);
      await expect(page.getByRole('button', { name: 'Add', exact: true })).toBeDisabled();
      await expect(selected.getByRole('listitem')).toHaveCount(1);

      // Save, by keyboard, still publishes.
      await page.getByRole('button', { name: 'Save' }).focus();
      await page.keyboard.press('Enter');
      await expect(page.getByText('Battlestation uploaded!')).toBeVisible();
      await expect(page).toHaveURL(/\/battlestations\/\d+$/);
      expect(posts).toHaveLength(1);
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    });

    test('nothing the keyboard focuses is hidden behind the sticky Save bar (WCAG 2.4.11)', async ({ page, request, consoleErrors }) => {
      void consoleErrors;
      test.setTimeout(120_000);
      const account = await registerAccount(request, 'focusbar');
      // Enough parts and photos that the form runs well below the fold, past the bar.
      const id = await createStation(request, await idToken(request, account), { name: uniqueName('Focus bar'), photos: 3, partIds: await somePartIds(request, 12) });
      await signIn(page, account);
      await page.setViewportSize(size);
      await page.goto(`/battlestations/${id}/edit`);
      await expect(page.getByRole('list', { name: 'Selected parts' }).getByRole('listitem')).toHaveCount(12);
      const bar = page.getByRole('button', { name: 'Save' }).locator('xpath=ancestor::*[contains(@class, "footer")][1]');
      await expect(bar).toBeVisible();
      const hidden: string[] = [];
      for (let step = 0; step < 90; step += 1) {
        await page.keyboard.press('Tab');
        const focused = await page.evaluate(() => {
          const element = document.activeElement as HTMLElement | null;
          if (!element || element === document.body) return null;
          const bar = [...document.querySelectorAll('[class*="footer"]')].find((candidate) => getComputedStyle(candidate).position === 'sticky');
          if (!bar || bar.contains(element)) return null;
          const rect = element.getBoundingClientRect();
          const barRect = bar.getBoundingClientRect();
          // Covered: the two overlap (the bar stays within the form, so the site's own footer below is not).
          const covered = rect.bottom > barRect.top + 1 && rect.top < barRect.bottom - 1;
          return { name: element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? element.tagName, covered };
        });
        if (focused?.covered) hidden.push(focused.name);
      }
      expect(hidden).toEqual([]);
    });
  });
}
