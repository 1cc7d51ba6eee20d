import { expect, type Page } from '@playwright/test';

/** In the station editor, picks the first part matching 'ryzen' by keyboard and adds it: one selected part. */
export async function choosePart(page: Page): Promise<void> {
  const partSearch = page.getByRole('combobox', { name: 'Search parts' });
  await partSearch.fill('ryzen');
  await expect(page.getByText(/\d+ results? available\./)).toBeVisible();
  await partSearch.press('ArrowDown');
  await partSearch.press('Enter');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByRole('list', { name: 'Selected parts' }).getByRole('listitem')).toHaveCount(1);
}
