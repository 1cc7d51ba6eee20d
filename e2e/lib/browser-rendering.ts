import type { Page } from '@playwright/test';

/** The paths the site renders on the server (ADR 012): home and the public pages of the two remotes. */
const SERVER_RENDERED = /^\/($|battlestations(\/|$)|parts(\/|$))/;

/**
 * Makes the server-rendered pages of this test arrive as the site sends them when server rendering is
 * unavailable (the shell's empty page), so the browser renders them as before ADR 012: their loading and
 * error states, which a server-rendered page never shows on arrival, can then be held open and checked.
 * Other pages are left alone (a document Playwright answers itself loses its loopback address space, and
 * Chromium then blocks its calls to the Auth emulator).
 */
export async function renderInBrowser(page: Page): Promise<void> {
  await page.route(
    (url) => SERVER_RENDERED.test(url.pathname),
    async (route) => {
      const request = route.request();
      if (!request.isNavigationRequest() || request.resourceType() !== 'document') return route.fallback();
      const response = await route.fetch();
      const html = (await response.text()).replace(
        /<div id="root">[\s\S]*<\/div><script type="application\/json" id="battledeck-state">[\s\S]*?<\/script>/,
        '<div id="root"></div>',
      );
      await route.fulfill({ response, body: html });
    },
  );
}
