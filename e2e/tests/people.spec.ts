import type { APIRequestContext, Page } from '@playwright/test';
import { expectAccessible } from '../lib/axe';
import { createStation, idToken, png, registerAccount, somePartIds, uniqueName, type Account } from '../lib/test-data';
import { expect, test } from './fixtures';

/**
 * People pages (SPEC decisions 29-30, issue 19 item 5): every "by: username" leads to the member's page, which
 * lists their public stations only, is rendered by the server (404 for a name nobody has), and station
 * descriptions render a safe Markdown subset.
 */

interface Member {
  account: Account;
  publicName: string;
  privateName: string;
  publicId: number;
}

async function memberWithStations(request: APIRequestContext, prefix = 'people'): Promise<Member> {
  const account = await registerAccount(request, prefix);
  const token = await idToken(request, account);
  const publicName = uniqueName('People public desk');
  const privateName = uniqueName('People private desk');
  const publicId = await createStation(request, token, { name: publicName });
  await createStation(request, token, { name: privateName, isPublic: false });
  return { account, publicName, privateName, publicId };
}

async function expectPeoplePage(page: Page, member: Member) {
  await expect(page).toHaveURL(new RegExp(`/users/${member.account.username}$`));
  await expect(page.getByRole('heading', { level: 1, name: member.account.username })).toBeVisible();
  await expect(page).toHaveTitle(`${member.account.username} | Battledeck`);
  const cards = page.getByRole('list', { name: `Battlestations by ${member.account.username}` });
  await expect(cards.getByRole('link', { name: member.publicName })).toHaveAttribute('href', `/battlestations/${member.publicId}`);
  await expect(page.getByText('1 Battlestation', { exact: true })).toBeVisible();
  await expect(page.getByText(member.privateName)).toHaveCount(0);
}

test("a card's and a station page's 'by: username' lead to the member's page, which shows their public stations only", async ({ page, request, consoleErrors }) => {
  void consoleErrors;
  const member = await memberWithStations(request);

  await page.goto('/battlestations?sortBy=created_date&direction=desc');
  const card = page.getByRole('list', { name: 'Battlestations' }).getByRole('listitem').filter({ hasText: member.publicName });
  await card.getByRole('link', { name: member.account.username }).click();
  await expectPeoplePage(page, member);

  await page.goto(`/battlestations/${member.publicId}`);
  await page.getByRole('link', { name: member.account.username, exact: true }).click();
  await expectPeoplePage(page, member);
  // And back to the station from its card.
  await page.getByRole('link', { name: member.publicName }).click();
  await expect(page.getByRole('heading', { level: 1, name: member.publicName })).toBeVisible();
});

test('the owner, signed in, also sees only their public stations on their people page', async ({ page, request }) => {
  const member = await memberWithStations(request);
  await page.goto('/login');
  await page.getByLabel('Email').fill(member.account.email);
  await page.getByLabel('Password', { exact: true }).fill(member.account.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('button', { name: /Account menu for/ })).toBeVisible();
  await page.goto(`/users/${member.account.username}`);
  await expectPeoplePage(page, member);
});

test('a name nobody has gets the not-found page, with a 404 from the server', async ({ page, request, consoleErrors }) => {
  void consoleErrors;
  const answer = await request.get('/users/nobody_has_this_name_e2e');
  expect(answer.status()).toBe(404);
  const html = await answer.text();
  expect(html).toContain('<title>User not found | Battledeck</title>');
  expect(html).toContain('This member doesn&#x27;t exist.');

  await page.goto('/users/nobody_has_this_name_e2e');
  await expect(page.getByRole('heading', { level: 1, name: 'User not found' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText("We're sorry. This member doesn't exist.");
  await page.getByRole('link', { name: 'Browse all battlestations' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Browse Battlestations' })).toBeVisible();
});

test('the people page comes from the server whole: it shows and links without JavaScript', async ({ browser, request, baseURL }) => {
  const member = await memberWithStations(request);
  const answer = await request.get(`/users/${member.account.username}`);
  expect(answer.status()).toBe(200);
  const html = await answer.text();
  expect(html).toContain(`<title>${member.account.username} | Battledeck</title>`);
  expect(html).toContain(`<meta name="description" content="${member.account.username} on Battledeck: 1 public battlestation, with photos and part lists.">`);
  expect(html).toContain(member.publicName);
  expect(html).not.toContain(member.privateName);

  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`/users/${member.account.username}`);
  await expectPeoplePage(page, member);
  await page.getByRole('link', { name: member.publicName }).click();
  await expect(page.getByRole('heading', { level: 1, name: member.publicName })).toBeVisible();
  await page.getByRole('link', { name: member.account.username, exact: true }).click();
  await expectPeoplePage(page, member);
  await context.close();
});

test("hydrating a people page matches the server's markup and asks the API nothing again, for a name the path encodes", async ({ page, request, consoleErrors }) => {
  // A space and an accent: the path holds them percent-encoded, the server must decode them as the browser does.
  const member = await memberWithStations(request, 'Desk Josée');
  const answer = await request.get(`/users/${encodeURIComponent(member.account.username)}`);
  expect(answer.status()).toBe(200);
  expect(await answer.text()).toContain(member.publicName);
  const apiCalls: string[] = [];
  page.on('request', (req) => {
    const { pathname } = new URL(req.url());
    if (pathname.startsWith('/api/')) apiCalls.push(pathname);
  });
  await page.goto(`/users/${encodeURIComponent(member.account.username)}`);
  await expect(page.getByRole('heading', { level: 1, name: member.account.username })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(apiCalls).toEqual([]);
  expect(consoleErrors).toEqual([]);
  await expectAccessible(page, 'people page, server-rendered and hydrated');
});

const MARKDOWN = [
  'My **walnut** desk, *finally* done.',
  '',
  '- [Monitor arm](https://example.com/arm)',
  '- see https://example.org/lamp.',
  '',
  '<script>window.hacked = 1</script> <b>not bold</b> [bad](javascript:window.hacked=1) ![pic](https://example.com/p.png)',
].join('\n');

test('a station description renders its Markdown subset, the same on the server and in the browser, and nothing unsafe', async ({ page, request, consoleErrors }) => {
  const account = await registerAccount(request, 'mdown');
  const token = await idToken(request, account);
  const form = new FormData();
  const name = uniqueName('Markdown desk');
  form.append('name', name);
  form.append('description', MARKDOWN);
  form.append('is_public', 'true');
  form.append('added_parts', JSON.stringify(await somePartIds(request, 2)));
  form.append('images', new Blob([new Uint8Array(png(160, 120, [120, 90, 60]))], { type: 'image/png' }), 'desk.png');
  const created = await request.post('/api/battlestations/', { headers: { authorization: `Bearer ${token}` }, multipart: form });
  expect(created.status(), await created.text()).toBe(201);
  const id = ((await created.json()) as { newId: number }).newId;

  const html = await (await request.get(`/battlestations/${id}`)).text();
  expect(html).toContain('<strong>walnut</strong>');
  expect(html).toContain('<a href="https://example.com/arm" rel="nofollow ugc noopener">Monitor arm</a>');

  await page.goto(`/battlestations/${id}`);
  const description = page.getByRole('region', { name: 'Description' });
  await expect(description.locator('strong')).toHaveText('walnut');
  await expect(description.locator('em')).toHaveText('finally');
  await expect(description.getByRole('listitem')).toHaveCount(2);
  await expect(description.getByRole('link', { name: 'Monitor arm' })).toHaveAttribute('rel', 'nofollow ugc noopener');
  await expect(description.getByRole('link', { name: 'https://example.org/lamp' })).toHaveAttribute('href', 'https://example.org/lamp');
  await expect(description.getByText('<script>window.hacked = 1</script>', { exact: false })).toBeVisible();
  await expect(description.locator('script, img, b')).toHaveCount(0);
  await expect(description.getByText('[bad](javascript:window.hacked=1)', { exact: false })).toBeVisible();
  expect(await description.locator('a').evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual([
    'https://example.com/arm',
    'https://example.org/lamp',
    'https://example.com/p.png',
  ]);
  expect(await page.evaluate(() => (window as { hacked?: number }).hacked)).toBeUndefined();
  expect(consoleErrors).toEqual([]);
});
