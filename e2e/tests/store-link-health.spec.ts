import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expectAccessible } from '../lib/axe';
import { idToken, png, uniqueName } from '../lib/test-data';
import { ADMIN_USER, expect, signIn, test } from './fixtures';

/**
 * Issue 20 item 5: a store link that fails two checks in a row shows in the admin's Store Links section and
 * is marked on the part page; the admin fixes it. The store is a fake one on 127.0.0.1, which the API may
 * reach only through the test-only OUTBOUND_ALLOW_LOOPBACK of playwright.config.ts. Checks run through the
 * admin's check-now call (the same pass and lock as the schedule, which is off in tests).
 */

let store: http.Server;
let origin: string;
test.beforeAll(async () => {
  store = http.createServer((req, res) => {
    if (req.url?.startsWith('/ok')) res.writeHead(200, { 'content-type': 'text/html' }).end('<p>in stock</p>');
    else res.writeHead(404).end('gone');
  });
  await new Promise<void>((resolve) => store.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(store.address() as AddressInfo).port}`;
});
test.afterAll(() => new Promise<void>((resolve) => store.close(() => resolve())));

test('an admin sees a link broken after two failed checks, the part page marks it, and the admin fixes it', async ({ page, request, consoleErrors }) => {
  void consoleErrors;
  const auth = { authorization: `Bearer ${await idToken(request, ADMIN_USER)}` };
  const storeName = uniqueName('Linkcheck Store');
  const partName = uniqueName('Linkcheck Part');

  const createdStore = await request.post('/api/stores', { headers: auth, multipart: { name: storeName, url: `https://${Date.now().toString(36)}.shop.example` } });
  expect(createdStore.ok()).toBe(true);
  const storeId = ((await createdStore.json()) as { store_id: number }).store_id;
  const types = (await (await request.get('/api/parts/types')).json()) as { type_id: number }[];
  const createdPart = await request.post('/api/parts', {
    headers: auth,
    multipart: {
      name: partName,
      type_id: String(types[0].type_id),
      manufacturer: 'Acme',
      added_stores: JSON.stringify([{ store_id: storeId, url: `${origin}/gone/part` }]),
      image: { name: 'part.png', mimeType: 'image/png', buffer: png(48, 36, [90, 90, 90]) },
    },
  });
  expect(createdPart.status()).toBe(201);
  const partId = ((await createdPart.json()) as { part_id: number }).part_id;

  const check = async () => {
    const res = await request.post('/api/admin/store-links/check', { headers: auth, data: { part_id: partId } });
    expect(res.status(), await res.text()).toBe(200);
    return res.json();
  };
  expect(await check()).toEqual({ checked: 1, ok: 0, failed: 1, ran: true });

  // One failure is not enough: the part page shows the link plainly.
  await page.goto(`/parts/view/${partId}`);
  const buy = page.getByRole('region', { name: 'Where to Buy' });
  await expect(buy.getByRole('link', { name: `${storeName} (opens in a new tab)` })).toBeVisible();
  await expect(buy.getByText('Link may be broken')).toHaveCount(0);

  expect(await check()).toEqual({ checked: 1, ok: 0, failed: 1, ran: true });

  // The server-rendered part page marks it, in words tied to the link.
  await page.goto(`/parts/view/${partId}`);
  const link = buy.getByRole('link', { name: `${storeName} (opens in a new tab)` });
  await expect(link).toHaveAccessibleDescription('Link may be broken');
  await expect(buy.getByText('Link may be broken')).toBeVisible();
  await expectAccessible(page, 'part page with a broken store link');

  await signIn(page, ADMIN_USER);
  await page.goto('/admin/store_links');
  await expect(page.getByRole('heading', { level: 1, name: 'Broken Store Links' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: partName });
  await expect(row.getByRole('link', { name: partName })).toHaveAttribute('href', `/parts/view/${partId}`);
  await expect(row.getByText(storeName)).toBeVisible();
  await expect(row.getByText('HTTP 404')).toBeVisible();
  await expect(row.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT/);
  await expectAccessible(page, 'admin store links');

  await row.getByRole('button', { name: `Fix the ${storeName} link of ${partName}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Fix Store Link' });
  await dialog.getByLabel('URL').fill(`${origin}/ok/part`);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`The ${storeName} link of ${partName} was saved. It will be checked again on the next pass.`)).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: partName })).toHaveCount(0);

  expect(await check()).toEqual({ checked: 1, ok: 1, failed: 0, ran: true });
  await page.goto(`/parts/view/${partId}`);
  await expect(buy.getByRole('link', { name: `${storeName} (opens in a new tab)` })).toHaveAttribute('href', `${origin}/ok/part`);
  await expect(buy.getByText('Link may be broken')).toHaveCount(0);
});
