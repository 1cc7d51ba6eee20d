import type { Page, Route } from '@playwright/test';
import { REMOTE_TIMEOUT_MS } from '@battledeck/shared/remote';
import { expect, test } from './fixtures';

/**
 * One remote (mf-parts) fails the ways a CDN or a bad deploy fails: it answers 500, it hangs, its entry
 * script throws, or its manifest points at a file that is not there. Each time the parts section shows
 * its fallback within the shell's time limit, the header and the other sections keep working, "Try again"
 * recovers once the fault is gone (fetching the remote anew), and the page holds one copy of React.
 */
const PARTS_REMOTE = '**/remotes/mf-parts/**';
/** Margin over the shell's limit for the browser to load the page and render the panel on a busy machine. */
const RENDER_MARGIN_MS = 3000;
/** A fault the browser sees at once must not wait for the time limit. */
const FAST_FAULT_LIMIT_MS = REMOTE_TIMEOUT_MS / 2;
const HUNG_FAULT_LIMIT_MS = REMOTE_TIMEOUT_MS + RENDER_MARGIN_MS;

const isManifest = (url: string) => url.endsWith('/mf-manifest.json');
/** A retry asks for the entry as remoteEntry.….js?retry=n. */
const isEntry = (url: string) => /\/remoteEntry\.[^/?]*js(\?|$)/.test(url);

interface FaultCase {
  name: string;
  /** Answers a request for one of the remote's files while the fault is on. */
  fault(route: Route, hold: (route: Route) => Promise<void>): Promise<void>;
  /** The fallback must show before this. */
  limitMs: number;
  /** Console errors the fault itself causes (anything else fails the test). */
  expectedErrors: RegExp[];
}

const LOAD_FAILED = /^Failed to load resource/;

const CASES: FaultCase[] = [
  {
    name: 'answers 500 for every file',
    fault: (route) => route.fulfill({ status: 500, body: 'down' }),
    limitMs: FAST_FAULT_LIMIT_MS,
    expectedErrors: [LOAD_FAILED],
  },
  {
    name: 'never answers for its manifest',
    fault: (route, hold) => (isManifest(route.request().url()) ? hold(route) : route.fallback()),
    limitMs: HUNG_FAULT_LIMIT_MS,
    expectedErrors: [LOAD_FAILED],
  },
  {
    name: 'never answers for its entry script',
    fault: (route, hold) => (isEntry(route.request().url()) ? hold(route) : route.fallback()),
    limitMs: HUNG_FAULT_LIMIT_MS,
    expectedErrors: [LOAD_FAILED],
  },
  {
    name: 'serves an entry script that throws',
    fault: (route) =>
      isEntry(route.request().url())
        ? route.fulfill({ status: 200, contentType: 'text/javascript', body: 'throw new Error("broken remote entry");' })
        : route.fallback(),
    limitMs: FAST_FAULT_LIMIT_MS,
    expectedErrors: [/^broken remote entry$/],
  },
  {
    name: 'serves a manifest pointing at a missing entry file',
    fault: async (route) => {
      if (!isManifest(route.request().url())) return route.fallback();
      const response = await route.fetch();
      const manifest = (await response.json()) as { metaData: { remoteEntry: { name: string } } };
      manifest.metaData.remoteEntry.name = 'remoteEntry.missing.js';
      await route.fulfill({ response, json: manifest });
    },
    limitMs: FAST_FAULT_LIMIT_MS,
    expectedErrors: [LOAD_FAILED, /^Refused to execute script from '[^']*\/remoteEntry\.missing\.js(\?[^']*)?'/],
  },
];

/** Counts the JS files that define React's internals: one means host and remotes share one React. */
function countReactCopies(page: Page): string[] {
  const copies: string[] = [];
  page.on('response', async (response) => {
    if (!response.url().endsWith('.js') || response.status() !== 200) return;
    const body = await response.text().catch(() => '');
    if (body.includes('__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE=')) copies.push(response.url());
  });
  return copies;
}

function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

interface InjectedFault {
  /** Paths of the remote's files requested so far. */
  hits: string[];
  /** From now on the real files are served (held requests stay unanswered). */
  lift(): void;
  /** Aborts the requests still held (after the test). */
  release(): Promise<void>;
}

async function injectFault(page: Page, fault: FaultCase['fault']): Promise<InjectedFault> {
  let active = true;
  const hits: string[] = [];
  const held: Route[] = [];
  // A hung file is never answered while the test runs: the retry must not depend on it.
  const hold = async (route: Route) => {
    held.push(route);
  };
  await page.route(PARTS_REMOTE, async (route) => {
    hits.push(new URL(route.request().url()).pathname);
    if (active) return fault(route, hold);
    return route.fallback();
  });
  return {
    hits,
    lift: () => (active = false),
    release: async () => {
      await Promise.all(held.map((route) => route.abort().catch(() => undefined)));
    },
  };
}

const fallbackOf = (page: Page) => page.getByRole('alert').filter({ hasText: 'This section could not be loaded' });

/**
 * Opens /parts and measures how long until the fallback shows, counted from the moment the section started
 * loading (its request for remotes.json): the shell's time limit runs from there, while the shell's own
 * start-up before it varies with how busy the machine is.
 */
async function openPartsUntilFallback(page: Page): Promise<number> {
  let sectionStarted: number | undefined;
  const onRequest = (request: { url(): string }) => {
    if (sectionStarted === undefined && new URL(request.url()).pathname === '/remotes.json') sectionStarted = Date.now();
  };
  page.on('request', onRequest);
  try {
    // Not waiting for the load event: a remote file requested before it fires holds it back while it hangs.
    await page.goto('/parts', { waitUntil: 'commit' });
    await expect(fallbackOf(page)).toBeVisible({ timeout: HUNG_FAULT_LIMIT_MS + RENDER_MARGIN_MS });
  } finally {
    page.off('request', onRequest);
  }
  expect(sectionStarted, 'the parts section asked for remotes.json').toBeDefined();
  return Date.now() - sectionStarted!;
}

/** The header and footer work and another remote's section loads while the parts remote is down. */
async function expectRestOfSiteWorks(page: Page): Promise<void> {
  await page.getByRole('banner').getByRole('link', { name: 'View Battlestations' }).click();
  await expect(page).toHaveURL('/battlestations');
  await expect(page.getByRole('heading', { name: 'Browse Battlestations', level: 1 })).toBeVisible();
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Home' })).toBeVisible();
  // Back within the app (no new document): the first document's load event may still wait on the hung file.
  await page.goBack({ waitUntil: 'commit' });
  await expect(page).toHaveURL('/parts');
  await expect(fallbackOf(page)).toBeVisible({ timeout: HUNG_FAULT_LIMIT_MS });
}

/** Clicks "Try again" and measures how long until the parts section is there. */
async function retryUntilParts(page: Page): Promise<number> {
  const started = Date.now();
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/Parts|All/, { timeout: HUNG_FAULT_LIMIT_MS });
  await expect(fallbackOf(page)).toBeHidden();
  return Date.now() - started;
}

// Each case waits out the shell's 8 s limit, and more: fault injection, run by `npm run test:reliability` (CI).
const RELIABILITY = { tag: '@reliability' };

for (const fault of CASES) {
  test(`when the parts remote ${fault.name}, its section falls back in time, the rest works, and retry recovers`, RELIABILITY, async ({ page }) => {
    const reactCopies = countReactCopies(page);
    const errors = collectErrors(page);
    const injected = await injectFault(page, fault.fault);
    try {
      const fallbackMs = await openPartsUntilFallback(page);
      expect(fallbackMs).toBeLessThan(fault.limitMs);
      await expectRestOfSiteWorks(page);

      injected.lift();
      const before = injected.hits.length;
      const retryMs = await retryUntilParts(page);
      // The retry fetched the remote anew (manifest and entry), rather than replaying the failed attempt.
      const refetched = injected.hits.slice(before);
      expect(refetched.some(isManifest)).toBe(true);
      expect(refetched.some(isEntry)).toBe(true);

      await expect.poll(() => reactCopies.length).toBe(1);
      expect(errors.filter((error) => !fault.expectedErrors.some((re) => re.test(error)))).toEqual([]);
      console.log(`federation fault "${fault.name}": fallback ${fallbackMs} ms (limit ${fault.limitMs} ms), retry ${retryMs} ms`);
    } finally {
      await injected.release();
    }
  });
}

test('when the chunk of the parts App answers only after 10 s, the fallback shows in time and retry recovers once it arrives', RELIABILITY, async ({ page }) => {
  // Browsers make one request per URL at a time, and webpack asks for a chunk at one URL: a retry joins the
  // slow request rather than starting another, so it recovers the moment that answer arrives.
  const reactCopies = countReactCopies(page);
  const errors = collectErrors(page);
  let slow = true;
  let chunkReleased = false;
  await page.route('**/remotes/mf-parts/__federation_expose_App*', async (route) => {
    if (slow) {
      slow = false;
      await new Promise((resolve) => setTimeout(resolve, 10_000));
      chunkReleased = true;
    }
    await route.fallback().catch(() => undefined);
  });
  const fallbackMs = await openPartsUntilFallback(page);
  // The shell's time limit brought the fallback, not the chunk's late arrival.
  expect(chunkReleased).toBe(false);
  expect(fallbackMs).toBeLessThan(HUNG_FAULT_LIMIT_MS);
  await expect(page.getByRole('banner').getByRole('link', { name: 'View Battlestations' })).toBeVisible();
  const retryMs = await retryUntilParts(page);
  await expect.poll(() => reactCopies.length).toBe(1);
  expect(errors).toEqual([]);
  console.log(`federation fault "slow App chunk (10 s)": fallback ${fallbackMs} ms, retry ${retryMs} ms`);
});

test('when remotes.json never answers, the section falls back in time, the shell keeps working, and retry recovers', RELIABILITY, async ({ page }) => {
  const reactCopies = countReactCopies(page);
  const errors = collectErrors(page);
  let active = true;
  const held: Route[] = [];
  let requests = 0;
  await page.route('**/remotes.json', async (route) => {
    requests += 1;
    if (active) held.push(route);
    else await route.fallback();
  });
  try {
    const fallbackMs = await openPartsUntilFallback(page);
    expect(fallbackMs).toBeLessThan(HUNG_FAULT_LIMIT_MS);
    // Every remote needs remotes.json; the shell's own pages do not.
    await page.getByRole('contentinfo').getByRole('link', { name: 'Home' }).click();
    await expect(page.getByText('Share and explore amazing spaces for work, gaming, and life.')).toBeVisible();
    await page.goBack();
    await expect(fallbackOf(page)).toBeVisible({ timeout: HUNG_FAULT_LIMIT_MS });

    active = false;
    const before = requests;
    const retryMs = await retryUntilParts(page);
    expect(requests).toBeGreaterThan(before);
    await expect.poll(() => reactCopies.length).toBe(1);
    expect(errors.filter((error) => !LOAD_FAILED.test(error))).toEqual([]);
    console.log(`federation fault "remotes.json never answers": fallback ${fallbackMs} ms, retry ${retryMs} ms`);
  } finally {
    await Promise.all(held.map((route) => route.abort().catch(() => undefined)));
  }
});
