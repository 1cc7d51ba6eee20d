import type { APIRequestContext } from '@playwright/test';
import { createStation, idToken, png, registerAccount } from '../lib/test-data';
import { ADMIN_USER, expect, signIn, test } from './fixtures';

/**
 * Issue 20 item 4 (decision 021): a user naming a missing part is offered the existing one ("Did you mean …?")
 * and picks it; the admin sees a pending request flagged as a likely duplicate, merges the duplicate part into
 * the kept one after a confirmation that says what moves, and the merged part's page is gone while its station
 * shows the kept part.
 */

/** Letters only, so the parts' names are alike each other and nothing in the seed. */
const tag = () => `q${Array.from({ length: 5 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')}`;

async function createPart(request: APIRequestContext, token: string, name: string, typeId: number): Promise<number> {
  const res = await request.post('/api/parts', {
    headers: { authorization: `Bearer ${token}` },
    multipart: { name, type_id: String(typeId), manufacturer: 'Zentrix', image: { name: 'part.png', mimeType: 'image/png', buffer: png(48, 36, [90, 90, 90]) } },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { part_id: number }).part_id;
}

test('a near-duplicate name offers the existing part; the admin sees the flag and merges the duplicate', async ({ page, request, consoleErrors }) => {
  void consoleErrors;
  const id = tag();
  const keptName = `Zentrix Glide Pro ${id}`;
  const mergedName = `Zentrix Glyde Pro ${id}`;
  const adminToken = await idToken(request, ADMIN_USER);
  const types = (await (await request.get('/api/parts/types')).json()) as { type_id: number; type_path: string }[];
  const mouse = types.find((t) => t.type_path === 'mouse')!;
  const keptId = await createPart(request, adminToken, keptName, mouse.type_id);
  const mergedId = await createPart(request, adminToken, mergedName, mouse.type_id);
  const member = await registerAccount(request, 'dup');
  const memberToken = await idToken(request, member);
  const stationName = `Glyde desk ${id}`;
  const stationId = await createStation(request, memberToken, { name: stationName, partIds: [mergedId] });

  // The member names a missing part in the Mouse category and is offered the existing one.
  await signIn(page, member);
  await page.goto('/parts/mouse');
  await page.getByRole('button', { name: 'Submit New Part' }).click();
  const dialog = page.getByRole('dialog', { name: 'Submit New Part' });
  await dialog.getByLabel('Part name').fill(`zentrix glide pro ${id} wireless`);
  const suggestions = dialog.getByRole('list', { name: 'Did you mean …?' });
  await expect(suggestions).toBeVisible();
  await expect(dialog.getByRole('status').filter({ hasText: /existing parts? looks? like this name/ })).toHaveCount(1);
  const pick = suggestions.getByRole('link', { name: new RegExp(keptName) });
  // Keyboard: the suggestions follow the name field.
  await dialog.getByLabel('Part name').press('Tab');
  await expect(suggestions.getByRole('link').first()).toBeFocused();
  await pick.click();
  await expect(page).toHaveURL(new RegExp(`/parts/view/${keptId}$`));
  await expect(page.getByRole('heading', { level: 1, name: keptName })).toBeVisible();
  await expect(dialog).toBeHidden();

  // A request that looks like the duplicate, made anyway, is flagged in the admin's pending list.
  const requested = await request.post('/api/parts/request', {
    headers: { authorization: `Bearer ${memberToken}` },
    data: { partName: `Zentrix Glyde Pro ${id} mouse`, partUrl: 'https://example.com/glyde' },
  });
  expect(requested.status()).toBe(201);
  await page.getByRole('button', { name: /Account menu for/ }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('button', { name: /Account menu for/ })).toBeHidden();
  await signIn(page, ADMIN_USER);
  await page.goto('/admin/pending_parts');
  const row = page.getByRole('row').filter({ has: page.getByRole('button', { name: `Add Zentrix Glyde Pro ${id} mouse as a part` }) });
  await expect(row).toContainText('Looks like an existing part:');
  await expect(row.getByRole('link', { name: mergedName })).toHaveAttribute('href', `/parts/view/${mergedId}`);

  // The admin merges the duplicate into the kept part, after reading what moves.
  await page.goto(`/admin/parts?searchTerm=${encodeURIComponent(mergedName)}`);
  await page.getByRole('button', { name: `Merge ${mergedName} into another part` }).click();
  const merge = page.getByRole('dialog', { name: `Merge ${mergedName}` });
  const keep = merge.getByLabel('Keep this part');
  await keep.click();
  await keep.fill(keptName);
  await expect(page.locator('.ant-select-item-option-active:visible')).toHaveText(`${keptName} (Mouse)`);
  await keep.press('Enter');
  await expect(merge.getByText(`1 station, 0 store links and 0 requests move to ${keptName}.`)).toBeVisible();
  await merge.getByRole('button', { name: 'Merge' }).click();
  await expect(merge).toBeHidden();
  await expect(page.getByText(`Merged ${mergedName} into ${keptName}.`)).toBeVisible();

  // The merged part's page is gone; its station shows the kept part.
  await page.goto(`/parts/view/${mergedId}`);
  await expect(page.getByText("We're sorry. This part doesn't exist or couldn't be loaded.")).toBeVisible();
  await page.goto(`/battlestations/${stationId}`);
  await expect(page.getByRole('heading', { level: 1, name: stationName })).toBeVisible();
  await expect(page.getByRole('link', { name: keptName }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: mergedName, exact: true })).toHaveCount(0);
  // The station's history tells the merge as a part swap.
  await expect(page.getByText(`Removed a part: ${mergedName}`)).toBeVisible();
  await expect(page.getByText(`Added a part: ${keptName}`)).toBeVisible();
});
