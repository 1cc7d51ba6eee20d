import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect, test, uniqueUser } from './fixtures';

/** The part cards of the catalogue grid. */
const partCards = (page: Page) => page.getByRole('list', { name: 'Parts' }).getByRole('link');

/** 'N Battlestation(s)' of a card, as a number. */
async function countOf(card: Locator): Promise<number> {
  const text = await card.getByText(/^\d+ Battlestations?$/).textContent();
  return Number(text?.split(' ')[0]);
}

async function chooseOption(page: Page, label: string, option: string) {
  const select = page.getByRole('combobox', { name: label, exact: true });
  await select.selectOption({ label: option });
}

test('browse a category from the top bar, sort by Most Popular, page through all parts', async ({ page, consoleErrors }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Browse Parts' }).click();
  await page.getByRole('link', { name: 'GPU', exact: true }).click();
  await expect(page).toHaveURL('/parts/gpu');
  await expect(page).toHaveTitle('Browse GPU | Battledeck');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('GPU');
  await expect(page.getByRole('navigation', { name: 'Categories' }).getByRole('link', { name: 'GPU' })).toHaveAttribute('aria-current', 'page');
  await expect(partCards(page)).toHaveCount(10);
  // Cards show thumbnails that really load.
  const firstImage = partCards(page).first().locator('img');
  await expect(firstImage).toHaveAttribute('src', /^\/images\/parts\/.+_thumb\.\w+$/);
  await expect.poll(() => firstImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

  // Most Popular puts the most used first at once (decision 24); the toggle still flips it.
  await chooseOption(page, 'Sort By', 'Most Popular');
  await expect(page).toHaveURL('/parts/gpu?sortBy=battlestation_count&direction=desc');
  await expect(page.getByRole('button', { name: 'Direction: Descending' })).toBeVisible();
  await page.getByRole('button', { name: 'Direction: Descending' }).click();
  await expect(page).toHaveURL('/parts/gpu?sortBy=battlestation_count');
  await page.getByRole('button', { name: 'Direction: Ascending' }).click();
  await expect(page).toHaveURL('/parts/gpu?sortBy=battlestation_count&direction=desc');
  await expect(partCards(page)).toHaveCount(10);
  const counts = [];
  for (const card of await partCards(page).all()) counts.push(await countOf(card));
  expect(counts).toEqual([...counts].sort((a, b) => b - a));
  expect(counts[0]).toBeGreaterThan(0);

  // All parts, 12 a page; the sort stays when the category changes.
  await page.getByRole('navigation', { name: 'Categories' }).getByRole('link', { name: 'All' }).click();
  await expect(page).toHaveURL('/parts?sortBy=battlestation_count&direction=desc');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('All');
  await expect(page.getByRole('heading', { name: /^\d+ Parts$/ })).toBeVisible();
  const firstPage = await partCards(page).allTextContents();
  expect(firstPage).toHaveLength(12);
  const pager = page.getByRole('navigation', { name: 'Parts pages' });
  await pager.getByRole('link', { name: 'Page 2' }).click();
  await expect(page).toHaveURL('/parts?pageNumber=2&sortBy=battlestation_count&direction=desc');
  await expect(pager.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  await expect(partCards(page).first()).not.toHaveText(firstPage[0]);
  const secondPage = await partCards(page).allTextContents();
  expect(secondPage.filter((text) => firstPage.includes(text))).toEqual([]);

  // Back restores the previous page from the URL.
  await page.goBack();
  await expect(page).toHaveURL('/parts?sortBy=battlestation_count&direction=desc');
  await expect(partCards(page).first()).toHaveText(firstPage[0]);
  expect(consoleErrors).toEqual([]);
});

test('search tolerates typos, and a small screen chooses the category from a disclosure of links', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/parts');
  await expect(page.getByRole('navigation', { name: 'Categories' })).toBeHidden();
  await page.getByText('Category', { exact: true }).click();
  await page.getByRole('group').getByRole('link', { name: 'Memory' }).click();
  await expect(page).toHaveURL('/parts/memory');
  await expect(page.getByRole('group').getByRole('link', { name: 'Memory' })).toBeHidden();
  await page.getByRole('searchbox', { name: 'Search parts' }).fill('corsiar');
  await page.getByRole('searchbox', { name: 'Search parts' }).press('Enter');
  await expect(page).toHaveURL('/parts/memory?searchTerm=corsiar');
  await expect(partCards(page)).toHaveCount(3);
  for (const card of await partCards(page).all()) await expect(card).toContainText('Corsair');

  await page.getByRole('searchbox', { name: 'Search parts' }).fill('no such part anywhere');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByText('Sorry, no parts found that match your search.')).toBeVisible();

  await page.goto('/parts/no-such-category');
  await expect(page).toHaveURL('/parts');
});

test('open a part, follow a store link in a new tab, open a battlestation that uses it', async ({ page, context, consoleErrors }) => {
  await page.goto('/parts/cpu?sortBy=battlestation_count&direction=desc');
  const card = partCards(page).first();
  const name = (await card.getByRole('heading').textContent()) ?? '';
  const count = await countOf(card);
  expect(count).toBeGreaterThan(0);
  await card.click();

  await expect(page).toHaveURL(/\/parts\/view\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(page).toHaveTitle(`${name} | Battledeck`);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', new RegExp(name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  await expect(page.getByText(`${count} Battlestation${count === 1 ? '' : 's'}`, { exact: true })).toBeVisible();
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(crumbs.getByRole('link', { name: 'CPU' })).toHaveAttribute('href', '/parts/cpu');
  await expect(page.getByRole('img', { name })).toHaveJSProperty('complete', true);

  const buy = page.getByRole('region', { name: 'Where to Buy' });
  const store = buy.getByRole('link').last();
  await expect(store).toHaveAttribute('target', '_blank');
  await expect(store).toHaveAttribute('rel', 'noopener noreferrer');
  const href = (await store.getAttribute('href')) ?? '';
  expect(href).toMatch(/^https:\/\//);
  // No internet here: the store answers from a stand-in, so the new tab really opens at its address.
  await context.route(`${new URL(href).origin}/**`, (route) => route.fulfill({ contentType: 'text/html', body: '<title>Store</title><h1>Store</h1>' }));
  const [popup] = await Promise.all([page.waitForEvent('popup'), store.click()]);
  await expect(popup).toHaveURL(href);
  expect(await popup.evaluate(() => window.opener)).toBeNull();
  await popup.close();

  const stations = page.getByRole('region', { name: 'Battlestations using this part' });
  // A card's station link holds its name (the 'by:' line is the member's own link).
  const stationCards = stations.getByRole('link').filter({ has: page.getByRole('heading', { level: 3 }) });
  await expect(stationCards.first()).toBeVisible();
  expect(await stationCards.count()).toBe(Math.min(count, 10));
  const stationName = (await stationCards.first().getByRole('heading').textContent()) ?? '';
  await stationCards.first().click();
  await expect(page).toHaveURL(/\/battlestations\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(stationName);
  expect(consoleErrors).toEqual([]);
});

test('a missing part: signed-out visitors sign in first, then submit it and are thanked', async ({ page, request }) => {
  const user = uniqueUser('parts');
  const registered = await request.post('/api/users/', { data: { ...user, confirmPassword: user.password } });
  expect(registered.status()).toBe(201);

  await page.goto('/parts/keyboard?searchTerm=Keychron%20Q1');
  await page.getByRole('button', { name: 'Submit New Part' }).click();
  await expect(page).toHaveURL('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Login' }).click();
  // Back where the visitor was.
  await expect(page).toHaveURL('/parts/keyboard?searchTerm=Keychron%20Q1');

  await page.getByRole('button', { name: 'Submit New Part' }).click();
  const dialog = page.getByRole('dialog', { name: 'Submit New Part' });
  await expect(dialog.getByLabel('Part name')).toHaveValue('Keychron Q1');
  await expect(dialog.getByLabel('Part name')).toBeFocused();
  expect(await axeViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByText('Field is required.')).toHaveCount(1);
  await dialog.getByLabel('Link to the part').fill('keychron.com/q1');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByText('Enter a valid part URL starting with http:// or https://.')).toBeVisible();
  await dialog.getByLabel('Link to the part').fill('https://www.keychron.com/products/keychron-q1');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByText('Thank You!')).toBeVisible();
  await expect(dialog.getByText('We appreciate your help in improving Battledeck.')).toBeVisible();
  await expect(dialog.getByText('Your part is pending approval and should be added soon.')).toBeVisible();
  // The thanks' own Close button (the dialog's corner × is also called Close).
  await dialog.getByRole('status').getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
});

/** WCAG 2.1 A/AA violations axe finds on the page as it is now. */
async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

// Every state in both colour schemes: a11y-public.spec.ts. This one adds the catalogue on a phone.
test('the catalogue and a part page have no axe violations, on a phone too', async ({ page }) => {
  await page.goto('/parts/gpu?sortBy=battlestation_count&direction=desc');
  await expect(partCards(page)).toHaveCount(10);
  expect(await axeViolations(page)).toEqual([]);

  await page.setViewportSize({ width: 390, height: 844 });
  expect(await axeViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 800 });

  await partCards(page).first().click();
  await expect(page.getByRole('region', { name: 'Battlestations using this part' }).getByRole('link').first()).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});

test("a part picture that fails before the page's scripts run shows 'Image not found', as one failing later does", async ({ page }) => {
  // Every part picture answers 404, before hydration (the scripts start once the page has loaded).
  await page.route('**/images/parts/**', (route) => route.fulfill({ status: 404, body: '' }));
  await page.goto('/parts/view/1');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const frame = page.locator('main');
  await expect(frame.getByText('Image not found').first()).toBeVisible();
  await expect(frame.locator('img[src*="/images/parts/"]')).toHaveCount(0);
});
