import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';

/** Issue 19: 'Similar setups' on a station page and 'Often paired with' on a part page, from the demo seed. */

async function json<T>(request: APIRequestContext, url: string): Promise<T> {
  const res = await request.get(url);
  expect(res.status()).toBe(200);
  return (await res.json()) as T;
}

test('a visitor sees similar setups on a station page and goes to one of them', async ({ page, request, consoleErrors }) => {
  const [station] = await json<{ battlestation_id: number; name: string }[]>(request, '/api/battlestations/featured');
  // Server-rendered with the page (ADR 012).
  const html = await (await request.get(`/battlestations/${station.battlestation_id}`)).text();
  expect(html).toContain('Similar setups');

  await page.goto(`/battlestations/${station.battlestation_id}`);
  const section = page.getByRole('region', { name: 'Similar setups' });
  await expect(section.getByRole('heading', { level: 2, name: 'Similar setups' })).toBeVisible();
  const cards = section.getByRole('list', { name: 'Similar setups' }).locator(':scope > li');
  await expect(cards).toHaveCount(8);
  const first = cards.first().getByRole('heading', { level: 3 });
  const name = (await first.textContent()) ?? '';
  expect(name).not.toBe(station.name);
  await cards.first().getByRole('link', { name }).first().click();
  await expect(page).toHaveURL(/\/battlestations\/\d+$/);
  await expect(page).not.toHaveURL(new RegExp(`/battlestations/${station.battlestation_id}$`));
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Similar setups' })).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test('a visitor sees the parts often paired with a part, by category, and goes to one of them', async ({ page, request, consoleErrors }) => {
  const { parts } = await json<{ parts: { part_id: number; name: string }[] }>(request, '/api/parts?sortBy=battlestation_count&direction=desc');
  const part = parts[0];
  const paired = await json<{ part_id: number; name: string; type_name: string }[]>(request, `/api/parts/id/${part.part_id}/paired`);
  expect(paired.length).toBeGreaterThan(0);
  const html = await (await request.get(`/parts/view/${part.part_id}`)).text();
  expect(html).toContain('Often paired with');

  await page.goto(`/parts/view/${part.part_id}`);
  const section = page.getByRole('region', { name: 'Often paired with' });
  await expect(section.getByRole('heading', { level: 2, name: 'Often paired with' })).toBeVisible();
  const group = section.getByRole('list', { name: paired[0].type_name, exact: true });
  const link = group.getByRole('link', { name: paired[0].name, exact: true });
  await expect(link).toHaveAttribute('href', `/parts/view/${paired[0].part_id}`);
  await link.click();
  await expect(page).toHaveURL(`/parts/view/${paired[0].part_id}`);
  await expect(page.getByRole('heading', { level: 1, name: paired[0].name })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Often paired with' }).getByRole('link').first()).toBeVisible();
  expect(consoleErrors).toEqual([]);
});
