import { defineConfig, devices } from '@playwright/test';
import path from 'node:path';
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from '../playwright.config';
import { COMMITTED_REMOTES_FILE, DEPLOY_API_PORT, DEPLOY_DIR, DEPLOY_PORT, DEPLOY_REMOTES_FILE, ROOT } from './deploy-site';

/**
 * `npm run test:cluster` (browser part): independent remote deploys against a running production site whose
 * remotes file is a copy the test may rewrite (REMOTES_FILE). One worker: the test switches a live entry.
 */
const prepare = [
  `require('fs').rmSync(${JSON.stringify(DEPLOY_DIR)}, { recursive: true, force: true })`,
  `require('fs').mkdirSync(${JSON.stringify(DEPLOY_DIR)}, { recursive: true })`,
  `require('fs').copyFileSync(${JSON.stringify(COMMITTED_REMOTES_FILE)}, ${JSON.stringify(DEPLOY_REMOTES_FILE)})`,
].join('; ');

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  outputDir: path.join(ROOT, '.tmp', `e2e-results-${DEPLOY_PORT}`),
  timeout: 5 * 60_000,
  expect: { timeout: 15_000 },
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${DEPLOY_PORT}`,
    launchOptions: { executablePath: CHROMIUM_EXECUTABLE, args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    command: `node -e ${JSON.stringify(prepare)} && node ${require.resolve('tsx/cli')} ${path.join(ROOT, 'shell/server/start.ts')}`,
    url: `http://127.0.0.1:${DEPLOY_PORT}/api/health`,
    timeout: 1_200_000,
    reuseExistingServer: false,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(DEPLOY_PORT),
      API_PORT: String(DEPLOY_API_PORT),
      DATA_DIR: path.join(DEPLOY_DIR, 'data'),
      REMOTES_FILE: DEPLOY_REMOTES_FILE,
      HOST: '127.0.0.1',
      NODE_ENV: 'test',
      // As in e2e/playwright.config.ts: the test checks what is server-rendered, not the machine's load.
      SERVER_RENDER_BUDGET_MS: '3000',
      DATABASE_URL: '',
    },
  },
});
