import type { Page } from '@playwright/test';
import { expectVisibleFocus, tabTo } from '../lib/keyboard';
import { createStation, idToken, png, registerAccount, uniqueName, type Account } from '../lib/test-data';
import { ADMIN_USER, DEMO_USER, expect, nextFrames, test } from './fixtures';

/**
 * Issue 7 part 9: the main flows with the keyboard alone (Tab, Shift+Tab, Enter, Space, arrows, Escape;
 * no pointer action at all; choosing files through the file input is allowed). Every Tab stop is checked
 * for a visible focus indicator and for not being under the sticky top bar.
 */

/** Signs in from the home page: Login in the top bar, the two fields, Enter. */
async function keyboardSignIn(page: Page, user: Pick<Account, 'email' | 'password'>) {
  await page.goto('/');
  await tabTo(page, page.getByRole('banner').getByRole('link', { name: 'Login' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/login');
  await tabTo(page, page.getByLabel('Email'));
  await page.keyboard.type(user.email);
  await tabTo(page, page.getByLabel('Password', { exact: true }));
  await page.keyboard.type(user.password);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: /Account menu for/ })).toBeVisible();
}

/** The names of the buttons that got the focus, in order, from the first script on. */
async function recordFocusedButtons(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __focusedButtons: string[] }).__focusedButtons = seen;
    document.addEventListener('focusin', (e) => {
      if (e.target instanceof HTMLButtonElement) seen.push(e.target.getAttribute('aria-label') ?? e.target.textContent?.trim() ?? '');
    });
  });
  return () => page.evaluate(() => (window as unknown as { __focusedButtons: string[] }).__focusedButtons);
}

/** The main colour of each photo in the station's gallery, in display order ('r', 'g' or 'b'). */
async function galleryColours(page: Page): Promise<string[]> {
  const thumbs = page.getByRole('link', { name: /^Open photo \d+ of \d+$/ }).locator('img');
  await expect.poll(() => thumbs.evaluateAll((imgs) => imgs.every((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0))).toBe(true);
  return thumbs.evaluateAll((imgs) =>
    imgs.map((img) => {
      const canvas = document.createElement('canvas');
      canvas.width = canvas.height = 8;
      const context = canvas.getContext('2d')!;
      context.drawImage(img as HTMLImageElement, 0, 0, 8, 8);
      const [r, g, b] = context.getImageData(4, 4, 1, 1).data;
      return r > g && r > b ? 'r' : g > b ? 'g' : 'b';
    }),
  );
}

test('keyboard: browse, sort, change page, open a station and move through its photos', async ({ page, consoleErrors }) => {
  void consoleErrors;
  await page.goto('/battlestations');
  const cards = page.getByRole('list', { name: 'Battlestations' }).getByRole('link');
  await expect(cards.first()).toBeVisible();

  // Sort By is a native select: the arrows change it (at once), from Date Uploaded up to Name.
  await tabTo(page, page.getByRole('combobox', { name: 'Sort By' }));
  await page.keyboard.press('ArrowUp');
  await expect(page).toHaveURL(/sortBy=favorites/);
  await page.keyboard.press('ArrowUp');
  await expect(page).toHaveURL(/sortBy=name/);
  await expect(page.getByRole('combobox', { name: 'Sort By' })).toBeFocused();
  await expectVisibleFocus(page, 'after choosing a sort');

  await tabTo(page, page.getByRole('button', { name: /^Sort direction/ }));
  await page.keyboard.press('Space');
  await expect(page).toHaveURL(/direction=desc/);
  await expectVisibleFocus(page, 'after changing the direction');

  // The next page, then the previous one: the focus goes to the new results' heading, at their top.
  await tabTo(page, page.getByRole('link', { name: 'Next' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/pageNumber=2/);
  await expect(page.getByRole('heading', { name: /^13–\d+ of \d+ battlestations$/ })).toBeFocused();
  await expectVisibleFocus(page, 'after Next');
  await tabTo(page, page.getByRole('link', { name: 'Previous' }));
  await page.keyboard.press('Enter');
  await expect(page).not.toHaveURL(/pageNumber=2/);
  await expect(page.getByRole('heading', { name: /^1–12 of \d+ battlestations$/ })).toBeFocused();
  await expectVisibleFocus(page, 'after Previous');

  // On to the first card and open it.
  const first = cards.first();
  const name = (await first.getByRole('heading').textContent())!;
  await tabTo(page, first);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

  // The viewer: opened with Enter, arrows move, Tab stays inside, Escape closes and gives the focus back.
  const opener = page.getByRole('link', { name: /^Open photo 1 of \d+$/ });
  const total = Number((await opener.getAttribute('aria-label'))!.match(/of (\d+)/)![1]);
  expect(total).toBeGreaterThan(1);
  await tabTo(page, opener);
  await page.keyboard.press('Enter');
  const viewer = page.getByRole('dialog', { name });
  await expect(viewer.getByRole('button', { name: 'Close' })).toBeFocused();
  await expect(viewer).toContainText(`1 / ${total}`);
  await page.keyboard.press('ArrowRight');
  await expect(viewer).toContainText(`2 / ${total}`);
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(viewer).toContainText(`${total} / ${total}`);
  for (const control of ['Previous photo', 'Next photo', 'Close']) {
    await page.keyboard.press('Tab');
    await expect(viewer.getByRole('button', { name: control })).toBeFocused();
    await expectVisibleFocus(page, `viewer: ${control}`);
  }
  await page.keyboard.press('Shift+Tab');
  await expect(viewer.getByRole('button', { name: 'Next photo' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(viewer).toContainText(`1 / ${total}`);
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
  await expect(opener).toBeFocused();
  await expectVisibleFocus(page, 'after closing the viewer');
});

test('keyboard: sign in, create a battlestation, reorder its photos, pick a part and save', async ({ page, request, consoleErrors }) => {
  void consoleErrors;
  test.setTimeout(120_000);
  const account = await registerAccount(request, 'kbd');
  const focusedButtons = await recordFocusedButtons(page);
  await keyboardSignIn(page, account);

  await tabTo(page, page.getByRole('banner').getByRole('link', { name: 'New Build' }), { backwards: true });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Create Battlestation' })).toBeVisible();

  const name = uniqueName('Keyboard desk');
  await tabTo(page, page.getByLabel('Name', { exact: true }));
  await page.keyboard.type(name);

  // Choosing files goes through the file input (the picker dialog itself is the browser's).
  await page.getByTestId('photo-input').setInputFiles([
    { name: 'red.png', mimeType: 'image/png', buffer: png(320, 240, [220, 30, 30]) },
    { name: 'green.png', mimeType: 'image/png', buffer: png(320, 240, [30, 200, 30]) },
    { name: 'blue.png', mimeType: 'image/png', buffer: png(320, 240, [30, 30, 220]) },
  ]);
  const tiles = page.getByRole('list', { name: 'Photos, in display order' }).getByRole('img');
  await expect(tiles.nth(2)).toHaveAttribute('alt', 'Photo 3 (blue.png)');

  // Drag with the keyboard: Space picks the photo up, the arrows move it, Space drops it.
  await tabTo(page, page.getByRole('button', { name: 'Drag Photo 1 (red.png) to reorder' }));
  await page.keyboard.press('Space');
  // dnd-kit announces where the photo is as soon as it is picked up.
  await expect(page.getByText(/red\.png\) is over position 1 of 3/)).toBeAttached();
  await nextFrames(page);
  // One arrow press is one place (issue 16 item 3: it used to take 5–9 presses of a few pixels each).
  await page.keyboard.press('ArrowRight');
  await expect(page.getByText(/red\.png\) is over position 2 of 3/)).toBeAttached();
  await page.keyboard.press('Space');
  await expect(tiles.nth(0)).toHaveAttribute('alt', 'Photo 1 (green.png)');
  await expect(tiles.nth(1)).toHaveAttribute('alt', 'Photo 2 (red.png)');
  await expectVisibleFocus(page, 'after the keyboard drag');

  // The move buttons do it in one step and keep the focus.
  const moveBlueLeft = page.getByRole('button', { name: 'Move Photo 3 (blue.png) left' });
  await tabTo(page, moveBlueLeft);
  await page.keyboard.press('Enter');
  await expect(tiles.nth(1)).toHaveAttribute('alt', 'Photo 2 (blue.png)');
  await expect(page.getByRole('button', { name: 'Move Photo 2 (blue.png) left' })).toBeFocused();
  await expectVisibleFocus(page, 'after Move left');

  // The part picker: type, nothing is highlighted until ArrowDown highlights the first suggestion, named by the
  // part; Enter takes it, Add.
  const search = page.getByRole('combobox', { name: 'Search parts' });
  await tabTo(page, search);
  await page.keyboard.type('ryzen');
  await expect(page.getByText(/\d+ results? available\./)).toBeVisible();
  await expect(search).not.toHaveAttribute('aria-activedescendant');
  await page.keyboard.press('ArrowDown');
  const activeId = await search.getAttribute('aria-activedescendant');
  expect(activeId).toBeTruthy();
  await expect(page.locator(`[id="${activeId}"]`)).toHaveAccessibleName(/Ryzen/);
  await page.keyboard.press('Enter');
  const chosen = await search.inputValue();
  expect(chosen).toMatch(/Ryzen/);
  await tabTo(page, page.getByRole('button', { name: 'Add', exact: true }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('list', { name: 'Selected parts' })).toContainText(chosen);
  await expect(search).toBeFocused();

  await tabTo(page, page.getByRole('button', { name: 'Save' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Battlestation uploaded!')).toBeVisible();
  // The dialog moves the focus to its button; the new page also opens by itself 1.2 s later, which a loaded
  // machine's polling can miss, so the focus is read from the events, not polled.
  await expect.poll(focusedButtons).toContain('View Battlestation');
  // Enter opens the new page at once (or finds it already open after the automatic redirect).
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('table').getByRole('link', { name: chosen })).toBeVisible();
  expect(await galleryColours(page)).toEqual(['g', 'b', 'r']);
});

test('keyboard: an administrator sorts and pages the parts table, opens a row editor and cancels', async ({ page, consoleErrors }) => {
  void consoleErrors;
  await keyboardSignIn(page, ADMIN_USER);
  await tabTo(page, page.getByRole('button', { name: /Account menu for/ }), { backwards: true });
  await page.keyboard.press('Enter');
  await tabTo(page, page.getByRole('link', { name: 'Admin', exact: true }));
  await page.keyboard.press('Enter');
  const sections = page.getByRole('navigation', { name: 'Admin sections' });
  await tabTo(page, sections.getByRole('link', { name: 'Parts', exact: true }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Parts' })).toBeVisible();

  const nameHeader = page.getByRole('columnheader', { name: /Name/ });
  await tabTo(page, nameHeader.getByRole('button'));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/direction=desc/);
  await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
  await expectVisibleFocus(page, 'after sorting');

  const pages = page.getByRole('navigation', { name: 'Parts pages' });
  await tabTo(page, pages.getByRole('button', { name: 'Next' }), { max: 80 });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/pageNumber=2/);
  await expect(pages.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  await expectVisibleFocus(page, 'after Next');

  // Back up to the last row's editor button (named once it has the focus: page 2's rows may still be arriving).
  const edit = page.getByRole('button', { name: /^Edit / }).last();
  await tabTo(page, edit, { backwards: true });
  const editName = (await page.evaluate(() => document.activeElement?.getAttribute('aria-label')))!.replace(/^Edit /, '');
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('Name')).toHaveValue(editName);
  await expect(dialog).toContainText('Edit');
  await tabTo(page, dialog.getByRole('button', { name: 'Cancel' }));
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(edit).toBeFocused();
  await expectVisibleFocus(page, 'after cancelling the editor');
});

test('keyboard: deleting a row of my battlestations leaves the focus on the next row', async ({ page, request, consoleErrors }) => {
  void consoleErrors;
  const account = await registerAccount(request, 'kbdel');
  const token = await idToken(request, account);
  const first = uniqueName('Keyboard first');
  const second = uniqueName('Keyboard second');
  await createStation(request, token, { name: first });
  await createStation(request, token, { name: second });
  await keyboardSignIn(page, account);
  await page.goto('/profile/battlestations');

  const menuOf = (station: string) => page.getByRole('button', { name: `More actions for ${station}` });
  const firstRowName = await page.getByRole('row').nth(1).getByRole('link').first().textContent();
  const [gone, kept] = firstRowName === first ? [first, second] : [second, first];
  await tabTo(page, menuOf(gone));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: /Copy Part List/ })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: /Delete Battlestation/ })).toBeFocused();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Delete Battlestation' });
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Delete', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog.getByText(`${gone} has been deleted.`)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  // The deleted row's button is gone: the same button of the row that took its place has the focus.
  await expect(menuOf(kept)).toBeFocused();
  await expectVisibleFocus(page, 'after deleting a row');
});

test('keyboard: the skip link goes past the top bar, and the demo user reaches the profile menu', async ({ page }) => {
  await keyboardSignIn(page, DEMO_USER);
  await page.goto('/battlestations');
  const search = page.getByRole('searchbox', { name: 'Search battlestations' });
  await expect(search).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expectVisibleFocus(page, 'skip link');
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(search).toBeFocused();

  await tabTo(page, page.getByRole('button', { name: /Account menu for/ }), { backwards: true });
  await page.keyboard.press('Enter');
  await tabTo(page, page.getByRole('link', { name: 'Favorites', exact: true }));
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: /Account menu for/ })).toBeFocused();
  await expect(page.getByRole('link', { name: 'Favorites', exact: true })).toBeHidden();
});
