import { defineConfig, devices } from '@playwright/test';
import { existsSync } from 'node:fs';
import path from 'node:path';

/** Browser tests against the composed production build, started fresh on its own ports and data. */
const PORT = Number(process.env.E2E_PORT ?? 8180);
const API_PORT = Number(process.env.E2E_API_PORT ?? 8181);
const ROOT = path.resolve(__dirname, '..');
const DATA_DIR = path.join(ROOT, '.tmp', `e2e-data-${PORT}`);

/**
 * Debian's old headless shell (`apt-get install -y chromium-headless-shell`, what Playwright itself runs
 * headless) when installed, else the full browser. The full one, headless, still runs its own UI's renderers and
 * a GPU process, its display threads at nice -8 when run as root: on 2 cores beside the unit suite that starved
 * the tests until hooks and steps timed out (2026-11-27, load average 18).
 */
export const CHROMIUM_EXECUTABLE =
  process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium');

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: './tests',
  outputDir: path.join(ROOT, '.tmp', `e2e-results-${PORT}`),
  // Beside the unit suite on 2 cores a page's axe passes and uploads take 30-40 s on a normal day and past
  // 60 s on a slow one (2026-11-27: the same tests 31-36 s alone, 66-78 s in the full run); a hung test still fails.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  fullyParallel: true,
  workers: 2,
  // One retry: on this 2-core machine a full run (two browsers, the site, the API) has made the keyboard
  // drag-and-drop tests miss an announcement now and then (they pass alone); a test that fails twice fails,
  // and a retried test is listed as flaky in the report.
  retries: 1,
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    launchOptions: { executablePath: CHROMIUM_EXECUTABLE, args: CHROMIUM_ARGS },
    // Recorded on the retry of a failed test only: a trace screencasts every frame and snapshots the page at
    // each action, which kept Chromium's GPU and browser processes busy through every passing test (four spec
    // files alone: 290 busy CPU-s with a trace of every test, 210 without; 2026-12-07).
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    command: `node -e "require('fs').rmSync('${DATA_DIR}', { recursive: true, force: true })" && node ${require.resolve('tsx/cli')} ${path.join(ROOT, 'shell/server/start.ts')}`,
    url: `http://127.0.0.1:${PORT}/api/health`,
    // The first run builds all five bundles beside the unit suite: 3-4 minutes here, past 10 on a loaded CI
    // machine (stop 28: the build was still going when a 600 s limit ended the run).
    timeout: 1_200_000,
    reuseExistingServer: false,
    // start.ts stops the API and the emulator it started when it gets SIGTERM.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
    stdout: 'pipe',
    stderr: 'pipe',
    // The browser tests run the product's default set-up: embedded PostgreSQL (PGlite), images on disk.
    env: { PORT: String(PORT), API_PORT: String(API_PORT), DATA_DIR, HOST: '127.0.0.1', NODE_ENV: 'test', DATABASE_URL: '',
      // Every test signs up from 127.0.0.1: one client as far as the rate limit can tell.
      RATE_LIMIT_SIGN_UP_MAX: '1000',
      // The admin specs' saves all come from there too.
      RATE_LIMIT_STAFF_WRITE_MAX: '1000',
      // And every spec's stations, created and saved (30 in 15 minutes by default; the API suite tests the limit).
      RATE_LIMIT_UPLOAD_MAX: '1000',
      // Two browsers, the build and the API share two cores here: the server-render budget (300 ms) is
      // for a machine that does nothing else; a page past it would be rendered by the browser and a test
      // of server rendering would fail for the machine's load, not the page's (the bench measures the budget).
      SERVER_RENDER_BUDGET_MS: '3000',
      // Test-only (refused in production): the store-link checker may reach the specs' fake store on 127.0.0.1.
      OUTBOUND_ALLOW_LOOPBACK: 'true',
    },
  },
});
