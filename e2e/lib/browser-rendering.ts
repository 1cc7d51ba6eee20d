import type { Page } from '@playwright/test';

/**
 * Makes every page of this test arrive as the site sends it when server rendering is unavailable (the
 * shell's empty page), so the browser renders it as before ADR 012: its loading and error states, which a
 * server-rendered page never shows on arrival, can then be held open and checked.
 */
export async function renderInBrowser(page: Page): Promise<void> {
  await page.route('**/*', async (route) => {
    const request = route.request();
    if (!request.isNavigationRequest() || request.resourceType() !== 'document') return route.fallback();
    const response = await route.fetch();
    const html = (await response.text()).replace(
      /<div id="root">[\s\S]*<\/div><script type="application\/json" id="battledeck-state">[\s\S]*?<\/script>/,
      '<div id="root"></div>',
    );
    await route.fulfill({ response, body: html });
  });
}
