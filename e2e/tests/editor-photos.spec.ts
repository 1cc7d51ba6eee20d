import type { Page } from '@playwright/test';
import { png, registerAccount } from '../lib/test-data';
import { expect, nextFrames, signIn, test } from './fixtures';

/**
 * Issue 16 items 3 and 4 in Chromium: one arrow key moves a photo one place, Escape puts it back, the whole
 * tile drags with a mouse or a finger, and a file that is not an image is flagged on its tile and never sent.
 */
const COLOURS: [string, [number, number, number]][] = [
  ['red.png', [220, 30, 30]],
  ['green.png', [30, 200, 30]],
  ['blue.png', [30, 30, 220]],
];

async function openEditorWithPhotos(page: Page) {
  await page.goto('/battlestations/new');
  await expect(page.getByRole('heading', { level: 1, name: 'Create Battlestation' })).toBeVisible();
  await page.getByTestId('photo-input').setInputFiles(COLOURS.map(([name, rgb]) => ({ name, mimeType: 'image/png', buffer: png(320, 240, rgb) })));
  await expect(order(page)).resolves.toEqual(['red.png', 'green.png', 'blue.png']);
}

/** The photos' file names in display order, from the tiles' alternative texts ('Photo 2 (green.png)'). */
async function order(page: Page): Promise<string[]> {
  const tiles = page.getByRole('list', { name: 'Photos, in display order' }).getByRole('img');
  await expect(tiles).toHaveCount(3);
  return (await tiles.evaluateAll((imgs) => imgs.map((img) => img.getAttribute('alt') ?? ''))).map((alt) => /\((.*)\)/.exec(alt)?.[1] ?? alt);
}

test.describe('photo tiles on a desktop', () => {
  test.beforeEach(async ({ page, request }) => {
    await signIn(page, await registerAccount(request, 'tiles'));
    await openEditorWithPhotos(page);
  });

  test('the keyboard moves a photo one place per arrow key, Space drops, Escape cancels', async ({ page }) => {
    const handle = page.getByRole('button', { name: 'Drag Photo 1 (red.png) to reorder' });
    await handle.focus();
    await page.keyboard.press('Space');
    // dnd-kit gets ready for the arrows over the frames after a pick-up: an arrow pressed right after the first
    // announcement was lost in 3 of 16 runs alone on an idle machine, none in 32 with the frames' wait.
    // A person's key is never that quick.
    await expect(page.getByText(/red\.png\) is over position 1 of 3/)).toBeAttached();
    await nextFrames(page);
    await page.keyboard.press('ArrowRight');
    await expect(page.getByText(/red\.png\) is over position 2 of 3/)).toBeAttached();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByText(/red\.png\) is over position 3 of 3/)).toBeAttached();
    await page.keyboard.press('Space');
    await expect.poll(() => order(page)).toEqual(['green.png', 'blue.png', 'red.png']);
    // dnd-kit gives the focus back to the dropped photo's handle a frame after the drop; a focus moved earlier
    // would be taken back.
    await expect(page.getByRole('button', { name: 'Drag Photo 3 (red.png) to reorder' })).toBeFocused();

    await page.getByRole('button', { name: 'Drag Photo 1 (green.png) to reorder' }).focus();
    await page.keyboard.press('Space');
    await expect(page.getByText(/green\.png\) is over position 1 of 3/)).toBeAttached();
    await nextFrames(page);
    await page.keyboard.press('ArrowRight');
    await expect(page.getByText(/green\.png\) is over position 2 of 3/)).toBeAttached();
    await page.keyboard.press('Escape');
    await expect(page.getByText(/Reordering cancelled/)).toBeAttached();
    expect(await order(page)).toEqual(['green.png', 'blue.png', 'red.png']);
  });

  test('a mouse drags the whole tile, not only its handle', async ({ page }) => {
    const tiles = page.getByRole('list', { name: 'Photos, in display order' }).getByRole('listitem');
    await tiles.nth(2).scrollIntoViewIfNeeded();
    const from = (await tiles.nth(0).getByRole('img').boundingBox())!;
    const to = (await tiles.nth(2).getByRole('img').boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    for (let step = 1; step <= 10; step++) {
      await page.mouse.move(from.x + from.width / 2 + ((to.x - from.x) * step) / 10, from.y + from.height / 2 + ((to.y - from.y) * step) / 10);
    }
    await page.mouse.up();
    await expect.poll(() => order(page)).toEqual(['green.png', 'blue.png', 'red.png']);
  });

  test('a file that is not an image is flagged on its tile and Save sends nothing', async ({ page }) => {
    let posts = 0;
    page.on('request', (r) => void (r.method() === 'POST' && r.url().includes('/api/battlestations') && (posts += 1)));
    await page.getByTestId('photo-input').setInputFiles([{ name: 'notes.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('just some notes, not a photo') }]);
    const bad = page.getByRole('listitem').filter({ has: page.getByRole('img', { name: 'Photo 4 (notes.jpg)' }) });
    await expect(bad.getByText('This file is not a PNG, JPG or GIF image.')).toBeVisible();
    await page.getByLabel('Name', { exact: true }).fill('Desk with a bad file');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('This file is not a PNG, JPG or GIF image.').first()).toBeVisible();
    await expect(page).toHaveURL('/battlestations/new');
    expect(posts).toBe(0);
  });
});

test.describe('photo tiles on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('a long press on a tile picks it up and a finger moves it', async ({ page, request }) => {
    // On a phone the account menu is in the drawer: the sign-in page's own confirmation says it worked.
    const account = await registerAccount(request, 'touch');
    await page.goto('/login');
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Login Successful!')).toBeVisible();
    await openEditorWithPhotos(page);
    const tiles = page.getByRole('list', { name: 'Photos, in display order' }).getByRole('listitem');
    await tiles.nth(2).scrollIntoViewIfNeeded();
    const from = (await tiles.nth(0).getByRole('img').boundingBox())!;
    const to = (await tiles.nth(1).getByRole('img').boundingBox())!;
    const cdp = await page.context().newCDPSession(page);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x: number, y: number) =>
      cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y }] });
    const start = { x: from.x + from.width / 2, y: from.y + from.height / 2 };
    const end = { x: to.x + to.width / 2, y: to.y + to.height / 2 };
    await touch('touchStart', start.x, start.y);
    await page.waitForTimeout(350);
    for (let step = 1; step <= 10; step++) await touch('touchMove', start.x + ((end.x - start.x) * step) / 10, start.y + ((end.y - start.y) * step) / 10);
    await touch('touchEnd', end.x, end.y);
    await expect.poll(() => order(page)).toEqual(['green.png', 'red.png', 'blue.png']);
  });
});
