import { defineConfig, devices } from '@playwright/test';
import path from 'node:path';

/** Browser tests against the composed production build, started fresh on its own ports and data. */
const PORT = Number(process.env.E2E_PORT ?? 8180);
const API_PORT = Number(process.env.E2E_API_PORT ?? 8181);
const ROOT = path.resolve(__dirname, '..');
const DATA_DIR = path.join(ROOT, '.tmp', `e2e-data-${PORT}`);

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
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  // One retry: on this 2-core machine a full run (two browsers, the site, the API) has made the keyboard
  // drag-and-drop tests miss an announcement now and then (they pass alone); a test that fails twice fails,
  // and a retried test is listed as flaky in the report.
  retries: 1,
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    command: `node -e "require('fs').rmSync('${DATA_DIR}', { recursive: true, force: true })" && node ${require.resolve('tsx/cli')} ${path.join(ROOT, 'shell/server/start.ts')}`,
    url: `http://127.0.0.1:${PORT}/api/health`,
    timeout: 600_000,
    reuseExistingServer: false,
    // start.ts stops the API and the emulator it started when it gets SIGTERM.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
    stdout: 'pipe',
    stderr: 'pipe',
    // The browser tests run the product's default set-up: embedded PostgreSQL (PGlite), images on disk.
    env: { PORT: String(PORT), API_PORT: String(API_PORT), DATA_DIR, HOST: '127.0.0.1', NODE_ENV: 'test', DATABASE_URL: '',
      // Every test signs up from 127.0.0.1: one client as far as the rate limit can tell.
      RATE_LIMIT_SIGN_UP_MAX: '1000',
      // Two browsers, the build and the API share two cores here: the server-render budget (300 ms) is
      // for a machine that does nothing else; a page past it would be rendered by the browser and a test
      // of server rendering would fail for the machine's load, not the page's (the bench measures the budget).
      SERVER_RENDER_BUDGET_MS: '3000',
      // Test-only (refused in production): the store-link checker may reach the specs' fake store on 127.0.0.1.
      OUTBOUND_ALLOW_LOOPBACK: 'true',
    },
  },
});
