import { readFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BattlestationCard, OembedResponse, StationPart } from '@battledeck/shared/contract';
import { expect, test } from './fixtures';

/**
 * Issue 20 item 2: the Copy Part List dialog's six formats (copy and download), and a public station embedded
 * elsewhere through oEmbed: the discovery link in its page's head, the answer, and the card in an iframe.
 */
test('part list exports, and a station embedded on another site through oEmbed', async ({ page, context, request, consoleErrors, baseURL }) => {
  void consoleErrors;
  const [station] = (await (await request.get('/api/battlestations/featured')).json()) as BattlestationCard[];
  const pageUrl = `${baseURL}/battlestations/${station.battlestation_id}`;

  // The server-rendered head names the oEmbed answer.
  const head = await (await request.get(`/battlestations/${station.battlestation_id}`)).text();
  const discovery = /<link rel="alternate" type="application\/json\+oembed" href="([^"]+)"/.exec(head)?.[1].replace(/&#38;|&amp;/g, '&');
  expect(discovery).toBe(`${baseURL}/api/oembed?url=${encodeURIComponent(pageUrl)}&format=json`);
  expect((await request.get(discovery!)).status()).toBe(200);

  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto(`/battlestations/${station.battlestation_id}`);
  await page.getByRole('button', { name: 'Copy Part List' }).click();
  const dialog = page.getByRole('dialog', { name: 'Copy Part List' });
  const formats = dialog.getByRole('radiogroup', { name: 'Format' });
  const expected: [string, RegExp][] = [
    ['Reddit Markdown', /^Category \| Part \| Brand \| Store link\n/],
    ['BBCode', /^\[table\]\n/],
    ['HTML table', /^<table>\n/],
    ['Plain text', /on Battledeck\nhttp/],
    ['CSV', /^Category,Part,Brand,Store link\n/],
    ['JSON', /^\{\n {2}"battlestation"/],
  ];
  for (const [label, start] of expected) {
    await formats.getByRole('radio', { name: label }).check();
    await expect(dialog.getByRole('textbox', { name: `Part list as ${label}` })).toHaveValue(start);
  }
  // Copy: the clipboard gets the text, the button says so.
  await dialog.getByRole('button', { name: 'Copy' }).click();
  await expect(dialog.getByRole('button', { name: 'Copied!' })).toBeVisible();
  expect(JSON.parse(await page.evaluate(() => navigator.clipboard.readText()))).toMatchObject({ battlestation: { id: station.battlestation_id } });

  // Download: a CSV file named after the station, RFC 4180 line ends.
  await formats.getByRole('radio', { name: 'CSV' }).check();
  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('link', { name: 'Download CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`-${station.battlestation_id}-parts\\.csv$`));
  const csv = await readFile((await download.path())!, 'utf8');
  expect(csv.startsWith('Category,Part,Brand,Store link\r\n')).toBe(true);
  expect(csv.endsWith(`${pageUrl}\r\n`)).toBe(true);
  // The whole Part shape, not the page's lighter part list: a part's brand and its first store link are there.
  const parts = (await (await request.get(`/api/battlestations/id/${station.battlestation_id}/parts`)).json()) as StationPart[];
  const sold = parts.find((part) => part.manufacturer && part.stores.length > 0)!;
  expect(csv).toContain(`,${sold.manufacturer},${sold.stores[0].url}\r\n`);
  await page.keyboard.press('Escape');

  // oEmbed: a rich answer whose html is put on someone else's page; the card loads in its iframe.
  const answer = await request.get(`/api/oembed?url=${encodeURIComponent(pageUrl)}&format=json&maxwidth=400`);
  expect(answer.status()).toBe(200);
  const oembed = (await answer.json()) as OembedResponse;
  expect(oembed).toMatchObject({ type: 'rich', version: '1.0', title: station.name, author_name: station.username, provider_name: 'Battledeck', width: 400 });
  expect((await request.get(`/api/oembed?url=${encodeURIComponent(pageUrl)}&format=xml`)).status()).toBe(501);
  expect((await request.get(`/api/oembed?url=${encodeURIComponent(`${baseURL}/battlestations/999999999`)}`)).status()).toBe(404);

  // Someone's blog on another origin (a real loopback server: Chromium keeps pages it cannot place on the
  // network from framing local addresses).
  const blog = http.createServer((_request, response) =>
    response.writeHead(200, { 'content-type': 'text/html' }).end(`<!doctype html><title>A blog</title><h1>My favourite desk</h1>${oembed.html}`),
  );
  await new Promise<void>((resolve) => blog.listen(0, '127.0.0.1', resolve));
  // In a page of its own: Chromium logs "Blocked script execution" for each of Playwright's own probes of a
  // frame sandboxed without scripts (the card has none), which the console check of `page` would count.
  const blogPage = await context.newPage();
  await blogPage.goto(`http://127.0.0.1:${(blog.address() as AddressInfo).port}/post`, { waitUntil: 'load' });
  const card = blogPage.frameLocator('iframe');
  await expect(card.getByRole('heading', { name: station.name })).toBeVisible();
  await expect(card.getByText(`by ${station.username}`)).toBeVisible();
  const view = card.getByRole('link', { name: /^View on Battledeck/ });
  await expect(view).toHaveAttribute('target', '_blank');
  await expect(view).toHaveAttribute('rel', 'noopener');
  if (station.thumbnail) {
    await expect.poll(() => card.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  }
  const [opened] = await Promise.all([context.waitForEvent('page'), view.click()]);
  await expect(opened).toHaveURL(pageUrl);
  await opened.close();
  blog.close();
});
