import type { APIRequestContext, Page } from '@playwright/test';
import { ADMIN_USER, expect, signIn, test } from './fixtures';

/**
 * Issue 7 parts 3 and 6 in the browser: names, descriptions and usernames with HTML and script render as
 * text everywhere they are shown, and the site's Content-Security-Policy lets every main page work
 * without a single violation.
 */

/** A 48×36 PNG, enough for the image pipeline. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAADAAAAAkCAIAAABAJy5dAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAUElEQVRYhe2WQQ0AQAzCJos/7qvqZHCPJhNACHRcw1d3cwVVEDoUM1Rbxhw/FYzoUMxQbRlzCNWBhg7FDNWWIYcQjPF11OeK8yP7adY/B9oDmzWSOW7GgrMAAAAASUVORK5CYII=',
  'base64',
);
const EMULATOR = 'http://127.0.0.1:9099/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key';

/** Payloads that, rendered as HTML, would set window.__xss, open a dialog or add an element. */
const IMG = '<img src=x onerror="window.__xss=1;alert(1)">';
const SCRIPT = '<script>window.__xss=2;alert(2)</script>';

async function register(request: APIRequestContext, username: string) {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const user = { username: `${username}${id}`, email: `xss.${id}@example.com`, password: 'secret-pass-1' };
  const res = await request.post('/api/users/', { data: { ...user, confirmPassword: user.password } });
  expect(res.status(), await res.text()).toBe(201);
  const signInRes = await request.post(EMULATOR, { data: { email: user.email, password: user.password, returnSecureToken: true } });
  return { ...user, token: ((await signInRes.json()) as { idToken: string }).idToken };
}

/** Fails the test on any dialog, and tells whether a payload ran or injected an element. */
function watchForInjection(page: Page) {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return async () => {
    const injected = await page.evaluate(() => ({
      xss: (window as unknown as { __xss?: number }).__xss ?? null,
      images: document.querySelectorAll('img[src="x"]').length,
      // The server-rendered page's data block (type application/json) holds the names as JSON text; it never runs.
      scripts: [...document.scripts].filter((s) => s.type !== 'application/json' && s.textContent?.includes('__xss')).length,
    }));
    expect({ dialogs, ...injected }).toEqual({ dialogs: [], xss: null, images: 0, scripts: 0 });
  };
}

test('battlestation names, descriptions and usernames with HTML render as text on browse, detail and the profile tables', async ({ page, request, consoleErrors }) => {
  void consoleErrors;
  // The API refuses markup in usernames outright; what it allows (quotes, ampersands, entities) must stay text.
  const refused = await request.post('/api/users/', { data: { username: `${IMG}x`, email: 'xss-refused@example.com', password: 'secret-pass-1', confirmPassword: 'secret-pass-1' } });
  expect(refused.status()).toBe(400);
  const owner = await register(request, `"'&amp;onclick=x_`);

  const tag = Date.now().toString(36);
  const name = `${IMG} Desk ${tag} ${SCRIPT}`.slice(0, 100);
  const description = `${SCRIPT}\n${IMG}\n<b>not bold</b> &lt;kept&gt;`;
  const parts = ((await (await request.get('/api/parts?resultsPerPage=12')).json()) as { parts: { part_id: number }[] }).parts;
  const created = await request.post('/api/battlestations/', {
    headers: { authorization: `Bearer ${owner.token}` },
    multipart: { name, description, added_parts: JSON.stringify([parts[0].part_id]), images: { name: 'desk.png', mimeType: 'image/png', buffer: PNG } },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { newId } = (await created.json()) as { newId: number };
  const favorite = await request.put(`/api/battlestations/favorites/${newId}`, { headers: { authorization: `Bearer ${owner.token}` }, data: { action: 'add' } });
  expect(favorite.ok()).toBe(true);

  const noInjection = watchForInjection(page);

  await page.goto(`/battlestations?searchTerm=${tag}`);
  const card = page.getByRole('list', { name: 'Battlestations' }).getByRole('listitem').filter({ hasText: tag });
  await expect(card.getByText(name, { exact: true })).toBeVisible();
  await expect(card.getByText(owner.username, { exact: false })).toBeVisible();
  await noInjection();

  await page.goto(`/battlestations/${newId}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText(`By: ${owner.username}`, { exact: true })).toBeVisible();
  for (const line of description.split('\n')) await expect(page.getByText(line, { exact: false }).first()).toBeVisible();
  await expect(page.locator('b', { hasText: 'not bold' })).toHaveCount(0);
  await noInjection();

  await signIn(page, owner);
  await page.goto('/profile/battlestations');
  await expect(page.getByRole('row').filter({ hasText: tag }).getByText(name, { exact: true })).toBeVisible();
  await noInjection();

  await page.goto('/profile/favorites');
  const row = page.getByRole('row').filter({ hasText: tag });
  await expect(row.getByText(name, { exact: true })).toBeVisible();
  // The Creator column's link (a phone's line under the name has another, hidden here).
  await expect(row.getByText(owner.username, { exact: true }).filter({ visible: true })).toBeVisible();
  await noInjection();
});

/** Collects `securitypolicyviolation` events from the first script on, in every page the test opens. */
async function recordCspViolations(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}`));
  });
  return () => page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);
}

test('the main pages run under the site CSP without a single violation', async ({ page, request, consoleErrors }) => {
  test.setTimeout(120_000);
  void consoleErrors; // a blocked resource also logs a console error, which fails the test
  const violations = await recordCspViolations(page);
  const station = ((await (await request.get('/api/battlestations/featured')).json()) as { battlestation_id: number }[])[0];
  const part = ((await (await request.get('/api/parts?resultsPerPage=12')).json()) as { parts: { part_id: number }[] }).parts[0];

  const document = await page.goto('/');
  const csp = document?.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toMatch(/script-src 'self'(;| [^;]*;)/);
  expect(document?.headers()['x-content-type-options']).toBe('nosniff');

  const visits: [path: string, ready: (p: Page) => Promise<void>][] = [
    ['/', (p) => expect(p.getByText('Share and explore amazing spaces for work, gaming, and life.')).toBeVisible()],
    ['/battlestations', (p) => expect(p.getByRole('list', { name: 'Battlestations' })).toBeVisible()],
    [`/battlestations/${station.battlestation_id}`, (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible()],
    ['/parts', (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible()],
    [`/parts/view/${part.part_id}`, (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible()],
    ['/login', (p) => expect(p.getByRole('button', { name: 'Login' })).toBeVisible()],
    ['/register', (p) => expect(p.getByText('Create an Account')).toBeVisible()],
  ];
  for (const [path, ready] of visits) {
    await page.goto(path);
    await ready(page);
    expect({ path, violations: await violations() }).toEqual({ path, violations: [] });
  }

  // Signed in: the profile and the admin area (the admin remote loads only now), then the API's own page.
  await signIn(page, ADMIN_USER);
  for (const path of ['/profile/battlestations', '/profile/settings', '/admin', '/admin/parts', '/battlestations/new']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    expect({ path, violations: await violations() }).toEqual({ path, violations: [] });
  }
  await page.goto('/api/docs/');
  await expect(page.locator('.swagger-ui').first()).toBeVisible();
  expect({ path: '/api/docs/', violations: await violations() }).toEqual({ path: '/api/docs/', violations: [] });
});
