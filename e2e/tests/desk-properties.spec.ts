import { createStation, idToken, registerAccount, uniqueName } from '../lib/test-data';
import { expect, signIn, test } from './fixtures';

/** Issue 19 items 3-4 (decision 017): desk properties set in the editor, shown as swatches, and the list's filters. */

test('an owner sets the desk properties, sees the swatches, and finds the desk with the filters', async ({ page, request, consoleErrors }) => {
  const owner = await registerAccount(request, 'desk');
  const name = uniqueName('Desk filters');
  // Its photo is one blue-ish colour (test-data's png), so its palette is blue.
  const id = await createStation(request, await idToken(request, owner), { name });

  await signIn(page, owner);
  await page.goto(`/battlestations/${id}/edit`);
  const desk = page.getByRole('region', { name: 'Desk' });
  await desk.getByRole('checkbox', { name: 'Streaming' }).check();
  await desk.getByRole('combobox', { name: 'Monitors' }).selectOption('4');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Battlestation updated!')).toBeVisible();

  await page.goto(`/battlestations/${id}`);
  const shown = page.getByRole('region', { name: 'Desk' });
  await expect(shown.getByText('Streaming')).toBeVisible();
  await expect(shown.getByRole('list', { name: 'Palette colours' }).getByRole('listitem').first()).toContainText('Blue');

  await page.goto(`/battlestations?searchTerm=${encodeURIComponent(name)}`);
  await page.getByRole('combobox', { name: 'Main use' }).selectOption('streaming');
  await page.getByRole('combobox', { name: 'Monitors' }).selectOption('4+');
  await expect(page).toHaveURL(/mainUse=streaming/);
  await expect(page.getByRole('combobox', { name: 'Colour' }).getByRole('option', { name: 'Blue (1)' })).toBeAttached();
  await page.getByRole('combobox', { name: 'Colour' }).selectOption('blue');
  await expect(page.getByRole('heading', { level: 3, name })).toBeVisible();
  // A colour none of these desks has is greyed out; asked for by its address, it finds nothing and can be undone.
  await expect(page.getByRole('combobox', { name: 'Colour' }).getByRole('option', { name: 'Red (0)' })).toBeDisabled();
  await page.goto(`/battlestations?searchTerm=${encodeURIComponent(name)}&mainUse=streaming&colourFamily=red`);
  await expect(page.getByText('Sorry, no battlestations found that match your search.')).toBeVisible();
  await page.getByRole('combobox', { name: 'Colour' }).selectOption('');
  await expect(page.getByRole('heading', { level: 3, name })).toBeVisible();

  // Without scripts the same filters are a GET form the server answers.
  const html = await (await request.get(`/battlestations?searchTerm=${encodeURIComponent(name)}&mainUse=streaming&monitorCount=4%2B&colourFamily=`)).text();
  expect(html).toContain(name);
  expect(html).toContain('Streaming (1)');
  expect(consoleErrors).toEqual([]);
});
