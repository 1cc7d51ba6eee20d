import type { APIRequestContext, Page } from '@playwright/test';
import { expectAccessible } from '../lib/axe';
import { createStation, idToken, registerAccount, somePartIds, uniqueName } from '../lib/test-data';
import { expect, signIn, test } from './fixtures';

/**
 * Photo hotspots (issue 20 item 1, decision 020) in Chromium: the owner marks parts on a photo by mouse and by
 * keyboard, the markers stay on their photo when the photos are reordered, a visitor sees them on the
 * server-rendered station page and in the viewer, focuses one and follows it, and a removed part takes its
 * marker along.
 */

interface Station {
  images: string[];
  image_hotspots: { part_id: number; x: number; y: number }[][];
  parts: { part_id: number; name: string; type_name: string }[];
}

const station = async (request: APIRequestContext, id: number, token: string) =>
  (await (await request.get(`/api/battlestations/id/${id}`, { headers: { authorization: `Bearer ${token}` } })).json()) as Station;

async function saveEdits(page: Page) {
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Battlestation updated!')).toBeVisible();
  await page.getByRole('button', { name: 'Close' }).click();
}

test('owner marks parts by mouse and keyboard; markers keep to their photo; visitors see, focus and follow them', async ({ page: visitor, request, browser, consoleErrors }) => {
  const owner = await registerAccount(request, 'hotspots');
  const token = await idToken(request, owner);
  const id = await createStation(request, token, { name: uniqueName('Hotspot desk'), photos: 2, partIds: await somePartIds(request, 2) });
  const before = await station(request, id, token);
  const [first, second] = before.parts;

  // The owner works in a browser of their own; the test's page (hydration and console checks) is the visitor's.
  const ownerContext = await browser.newContext();
  const page = await ownerContext.newPage();
  await signIn(page, owner);
  await page.goto(`/battlestations/${id}/edit`);
  await page.getByRole('button', { name: 'Mark parts on Photo 1' }).click();
  const panel = page.getByRole('region', { name: 'Mark parts on Photo 1' });

  // Mouse: a click places a marker and asks which part.
  const photo = panel.getByTestId('hotspot-photo');
  const box = (await photo.boundingBox())!;
  await page.mouse.click(box.x + box.width * 0.25, box.y + box.height * 0.3);
  const choice = panel.getByLabel('Part of marker 1');
  await expect(choice).toBeFocused();
  await choice.selectOption({ label: `${second.name} (${second.type_name})` });
  const mouseMarker = panel.getByRole('button', { name: second.name, exact: true });
  await expect(mouseMarker).toBeVisible();

  // ... and a drag moves it (the photo measured again: focusing the choice may have scrolled the page).
  const at = (await mouseMarker.boundingBox())!;
  const now = (await photo.boundingBox())!;
  await page.mouse.move(at.x + at.width / 2, at.y + at.height / 2);
  await page.mouse.down();
  await page.mouse.move(now.x + now.width * 0.3, now.y + now.height * 0.4, { steps: 5 });
  await page.mouse.up();

  // Keyboard: Add marker puts one in the middle, with the focus; arrows move it, Shift for bigger steps.
  await panel.getByRole('button', { name: 'Add marker' }).press('Enter');
  const keyMarker = panel.getByRole('button', { name: first.name, exact: true });
  await expect(keyMarker).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Shift+ArrowDown');
  await expect(panel.getByRole('status')).toHaveText(`${first.name}: 51% across, 60% down.`);
  // A third marker, removed again with Delete.
  await panel.getByRole('button', { name: 'Add marker' }).press('Enter');
  await expect(panel.getByRole('button', { name: first.name, exact: true })).toHaveCount(2);
  await page.keyboard.press('Delete');
  await expect(panel.getByRole('button', { name: first.name, exact: true })).toHaveCount(1);
  await panel.getByRole('button', { name: 'Done' }).click();
  await saveEdits(page);

  let saved = await station(request, id, token);
  expect(saved.image_hotspots[0]).toEqual([
    { part_id: second.part_id, x: expect.closeTo(0.3, 1), y: expect.closeTo(0.4, 1) },
    { part_id: first.part_id, x: 0.51, y: 0.6 },
  ]);

  // Reordering the photos: the markers stay on their photo.
  await page.getByRole('button', { name: 'Move Photo 1 right' }).click();
  await saveEdits(page);
  saved = await station(request, id, token);
  expect(saved.images).toEqual([before.images[1], before.images[0]]);
  expect(saved.image_hotspots[0]).toEqual([]);
  expect(saved.image_hotspots[1]).toHaveLength(2);

  // A visitor: the server's HTML already has the markers, as links named by their parts.
  const html = await (await request.get(`/battlestations/${id}`)).text();
  expect(html).toContain(`href="/parts/view/${first.part_id}"`);
  expect(html).toContain('aria-label="Parts in photo 2"');

  await visitor.goto(`/battlestations/${id}`);
  const markers = visitor.getByRole('list', { name: 'Parts in photo 2' });
  await expect(markers.getByRole('link')).toHaveCount(2);
  const link = markers.getByRole('link', { name: first.name, exact: true });
  await link.focus();
  await expect(link.getByText(first.name, { exact: true })).toBeVisible();
  await expectAccessible(visitor, 'a station page with photo markers');

  // The full-screen viewer has them too.
  await visitor.getByRole('link', { name: 'Open photo 2 of 2' }).click({ position: { x: 8, y: 8 } });
  const viewer = visitor.getByRole('dialog');
  const viewerLink = viewer.getByRole('list', { name: 'Parts in photo 2' }).getByRole('link', { name: second.name, exact: true });
  await viewerLink.hover();
  await expect(viewerLink.getByText(second.name, { exact: true })).toBeVisible();
  await viewerLink.click();
  await expect(visitor).toHaveURL(`/parts/view/${second.part_id}`);
  await expect(visitor.getByRole('heading', { level: 1, name: second.name })).toBeVisible();
  // No hydration mismatch (React reports one as a console error; the consoleErrors fixture fails on any).
  expect(consoleErrors).toEqual([]);

  // Removing the part removes its marker.
  await page.getByRole('button', { name: `Remove ${second.name}` }).click();
  await expect(page.getByRole('button', { name: 'Mark parts on Photo 2, 1 marker' })).toBeVisible();
  await saveEdits(page);
  saved = await station(request, id, token);
  expect(saved.image_hotspots[1]).toEqual([{ part_id: first.part_id, x: 0.51, y: 0.6 }]);
  await ownerContext.close();
});
