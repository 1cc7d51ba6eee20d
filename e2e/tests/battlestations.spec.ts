import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { choosePart } from '../lib/editor';
import { expect, signIn, test, uniqueUser } from './fixtures';

/** A small JPEG drawn in the browser (a coloured desk with a label), as a file for the photo picker. */
async function makeJpeg(page: Page, name: string, hue: number) {
  const dataUrl = await page.evaluate((h) => {
    const canvas = document.createElement('canvas');
    canvas.width = 800;
    canvas.height = 600;
    const ctx = canvas.getContext('2d')!;
    ctx.fillStyle = `hsl(${h} 60% 45%)`;
    ctx.fillRect(0, 0, 800, 600);
    ctx.fillStyle = '#222';
    ctx.fillRect(100, 380, 600, 40);
    ctx.fillStyle = '#fff';
    ctx.font = 'bold 64px sans-serif';
    ctx.fillText(`Photo ${h}`, 220, 250);
    return canvas.toDataURL('image/jpeg', 0.9);
  }, hue);
  return { name, mimeType: 'image/jpeg', buffer: Buffer.from(dataUrl.split(',')[1], 'base64') };
}

/** Registers a fresh account through the API and signs in through the page. */
async function signInAsNewUser(page: Page) {
  const user = uniqueUser('bs');
  const res = await page.request.post('/api/users/', { data: { ...user, confirmPassword: user.password } });
  expect(res.status()).toBe(201);
  await signIn(page, user);
  return user;
}

async function chooseOption(page: Page, label: string, option: string) {
  const select = page.getByRole('combobox', { name: label, exact: true });
  await select.selectOption({ label: option });
}

test('browse: sort by name, go to page 2, and a reload keeps both', async ({ page, consoleErrors }) => {
  await page.goto('/battlestations');
  await expect(page).toHaveTitle('Browse Battlestations | Battledeck');
  await expect(page.getByRole('heading', { name: /^1–12 of \d+ battlestations$/ })).toBeVisible();
  await chooseOption(page, 'Sort By', 'Name');
  await expect(page).toHaveURL(/\/battlestations\?sortBy=name$/);
  const firstOnPage1 = await page.getByRole('list', { name: 'Battlestations' }).getByRole('heading').first().textContent();

  await page.getByRole('link', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(/\/battlestations\?pageNumber=2&sortBy=name$/);
  await expect(page.getByRole('heading', { name: /^13–24 of/ })).toBeVisible();
  const names = page.getByRole('list', { name: 'Battlestations' }).getByRole('heading');
  const page2 = await names.allTextContents();
  expect(page2).not.toContain(firstOnPage1);
  // Sorted by name, ignoring case.
  expect(page2).toEqual([...page2].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));

  await page.reload();
  await expect(page.getByRole('heading', { name: /^13–24 of/ })).toBeVisible();
  expect(await names.allTextContents()).toEqual(page2);
  await expect(page.getByRole('combobox', { name: 'Sort By', exact: true })).toHaveValue('name');
  await expect(page.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');

  const a11y = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(a11y.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  expect(consoleErrors).toEqual([]);
});

test('browse: a search with no results says so, and a search goes back to page 1', async ({ page }) => {
  await page.goto('/battlestations?pageNumber=2');
  const search = page.getByRole('searchbox', { name: 'Search battlestations' });
  await search.fill('qwxzv nothing like this');
  await search.press('Enter');
  await expect(page).toHaveURL(/\/battlestations\?searchTerm=qwxzv\+nothing\+like\+this$/);
  await expect(page.getByText('Sorry, no battlestations found that match your search.')).toBeVisible();
  // Typo-tolerant: 'wallnut' finds the walnut desk of the demo data.
  await search.fill('wallnut');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByRole('list', { name: 'Battlestations' }).getByRole('heading', { name: /Walnut/ }).first()).toBeVisible();
});

test('detail: open a station and its photo viewer with the keyboard', async ({ page, consoleErrors }) => {
  await page.goto('/battlestations?sortBy=favorites&direction=desc');
  const card = page.getByRole('list', { name: 'Battlestations' }).getByRole('link').first();
  const name = (await card.getByRole('heading').textContent())!;
  await card.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page).toHaveTitle(`${name} | Battledeck`);

  const photos = page.getByRole('link', { name: /^Open photo 1 of (\d+)$/ });
  const total = Number((await photos.getAttribute('aria-label'))!.match(/of (\d+)/)![1]);
  await photos.focus();
  await page.keyboard.press('Enter');
  const viewer = page.getByRole('dialog', { name });
  await expect(viewer).toContainText(`1 / ${total}`);
  await expect(viewer.getByRole('button', { name: 'Close' })).toBeFocused();
  await expect.poll(() => viewer.getByRole('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await page.keyboard.press('ArrowLeft');
  await expect(viewer).toContainText(`${total} / ${total}`);
  await page.keyboard.press('ArrowRight');
  await expect(viewer).toContainText(`1 / ${total}`);
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
  await expect(photos).toBeFocused();

  const a11y = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(a11y.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  expect(consoleErrors).toEqual([]);
});

test('favorite: signed out asks to log in, and the login comes back here', async ({ page }) => {
  await page.goto('/battlestations/1');
  await page.getByRole('button', { name: /^Favorite/ }).click();
  await page.getByRole('link', { name: 'Please log in first' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill('demo@example.com');
  await page.getByLabel('Password', { exact: true }).fill('demo-pass-123');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/battlestations\/1$/);
});

test('create with two photos and a part, edit the name and photo order, favorite, then delete', async ({ page, consoleErrors }) => {
  test.setTimeout(120_000);
  await signInAsNewUser(page);
  const name = `E2E desk ${Date.now().toString(36)}`;

  // The newest-first list, loaded before creating: it must show the new station afterwards without a reload.
  await page.goto('/battlestations?direction=desc');
  await expect(page.getByRole('list', { name: 'Battlestations' })).toBeVisible();

  // Create
  await page.getByRole('link', { name: 'New Build' }).click();
  await expect(page).toHaveTitle('Create | Battledeck');
  await page.getByLabel(/Name/).fill(name);
  await page.getByLabel('Description').fill('Line one\nLine two');
  const first = await makeJpeg(page, 'first.jpg', 10);
  const second = await makeJpeg(page, 'second.jpg', 200);
  await page.getByTestId('photo-input').setInputFiles([first, second]);
  await expect(page.getByRole('list', { name: 'Photos, in display order' }).getByRole('listitem')).toHaveCount(2);
  // The part picker, by keyboard: type, wait for the suggestions, take the first.
  await choosePart(page);
  const partName = (await page.getByRole('list', { name: 'Selected parts' }).locator('span').nth(1).textContent())!;
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Battlestation uploaded!')).toBeVisible();
  await expect(page).toHaveURL(/\/battlestations\/\d+$/);
  const stationUrl = new URL(page.url()).pathname;
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Open photo \d of 2$/ })).toHaveCount(2);
  await expect(page.getByRole('table').getByRole('link', { name: partName })).toBeVisible();
  // The author's line break kept (the description's Markdown subset, SPEC decision 30).
  expect(await page.getByText('Line one').innerHTML()).toBe('Line one<br>Line two');
  const thumbs = page.getByRole('link', { name: /^Open photo \d of 2$/ }).locator('img');
  const [firstSrc, secondSrc] = [await thumbs.nth(0).getAttribute('src'), await thumbs.nth(1).getAttribute('src')];

  // History was replaced: Back returns to the list (not the form), which already shows the new station among
  // the newest (other tests running at the same time may have added theirs since).
  await page.goBack();
  await expect(page).toHaveURL(/\/battlestations\?direction=desc$/);
  const newCard = page.getByRole('list', { name: 'Battlestations' }).getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });
  await expect(newCard).toHaveCount(1);
  await newCard.getByRole('link').first().click();
  await expect(page).toHaveURL(new RegExp(`${stationUrl}$`));

  // Edit the name and the photo order.
  await page.getByRole('link', { name: 'Edit Battlestation' }).click();
  await expect(page).toHaveTitle('Edit | Battledeck');
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
  await page.getByLabel(/Name/).fill(`${name} v2`);
  await page.getByRole('button', { name: 'Move Photo 1 right' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Battlestation updated!')).toBeVisible();
  await page.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
  await page.getByRole('link', { name: `Back to ${name} v2` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `${name} v2` })).toBeVisible();
  await expect(thumbs.nth(0)).toHaveAttribute('src', secondSrc!);
  await expect(thumbs.nth(1)).toHaveAttribute('src', firstSrc!);
  // The station's History (decision 019) lists the edit first, in plain words, above the creation.
  const history = page.getByRole('list', { name: 'History' });
  await expect(history.locator(':scope > li').first()).toContainText(`Changed the title to “${name} v2”Reordered photos`);
  await expect(history.locator(':scope > li').last()).toContainText('Created this battlestation');

  // Favorite: the count changes at once and survives a reload.
  const heart = page.getByRole('button', { name: /^Favorite/ });
  await expect(heart).toHaveAccessibleName('Favorite, 0 favorites');
  await heart.click();
  await expect(heart).toHaveAccessibleName('Favorite, 1 favorite');
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  await expect(heart).not.toHaveAttribute('aria-busy');
  await page.reload();
  await expect(page.getByRole('button', { name: 'Favorite, 1 favorite' })).toHaveAttribute('aria-pressed', 'true');

  // Delete from the edit page, then the list.
  await page.getByRole('link', { name: 'Edit Battlestation' }).click();
  await page.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm.getByText('Deleted!')).toBeVisible();
  await confirm.getByRole('button', { name: 'Close' }).last().click();
  await expect(page).toHaveURL(/\/battlestations$/);
  await page.goto(stationUrl);
  await expect(page.getByText("We're sorry. This battlestation doesn't exist or couldn't be loaded.")).toBeVisible();
  expect(consoleErrors.filter((e) => !e.includes('404'))).toEqual([]);
});

test('edit: someone else gets the no-access message; signed out goes to login', async ({ page }) => {
  await page.goto('/battlestations/1/edit');
  await expect(page).toHaveURL(/\/login$/);
  await signInAsNewUser(page);
  await page.goto('/battlestations/1/edit');
  await expect(page.getByText('Sorry, you do not have access to edit this battlestation.')).toBeVisible();
});
