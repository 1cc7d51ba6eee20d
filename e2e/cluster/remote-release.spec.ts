import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import { expect, test } from '../tests/fixtures';
import { DEPLOY_REMOTES_FILE, ROOT } from './deploy-site';

const run = promisify(execFile);
const REMOTES = ['mf-battlestations', 'mf-parts', 'mf-profile', 'mf-admin'];
const BUILD_META = 'meta[name="battledeck-build:mf_parts"]';

/** npm run <script> -- <args> from the repository root, with the deploy's remotes file. */
async function npmRun(script: string, args: string[], env: Record<string, string> = {}): Promise<string> {
  const { stdout } = await run('npm', ['run', '--silent', script, '--', ...args], {
    cwd: ROOT,
    env: { ...process.env, REMOTES_FILE: DEPLOY_REMOTES_FILE, ...env },
    maxBuffer: 16 * 1024 * 1024,
  });
  return stdout;
}

/** The build label in the server-rendered HTML of /parts (ADR 012): '' for the plain build, null if it was not server-rendered. */
async function serverRenderedLabel(page: Page): Promise<string | null> {
  const html = await (await page.request.get('/parts')).text();
  if (!html.includes('id="battledeck-state"')) return null;
  return /<meta name="battledeck-build:mf_parts" content="([^"]*)"/.exec(html)?.[1] ?? '';
}

const readRemotes = () => JSON.parse(readFileSync(DEPLOY_REMOTES_FILE, 'utf8')) as Record<string, string>;

/** Every file of a build folder with its modification time: any rewrite shows. */
function snapshot(dir: string): Record<string, number> {
  return Object.fromEntries(
    readdirSync(dir, { recursive: true })
      .map(String)
      .filter((file) => statSync(path.join(dir, file)).isFile())
      .map((file) => [file, statSync(path.join(dir, file)).mtimeMs]),
  );
}

/** Paths the page requests while `action` runs. */
async function pathsDuring(page: Page, action: () => Promise<void>): Promise<string[]> {
  const paths: string[] = [];
  const listener = (request: { url(): string }) => paths.push(new URL(request.url()).pathname);
  page.on('request', listener);
  try {
    await action();
  } finally {
    page.off('request', listener);
  }
  return paths;
}

// The pages arrive server-rendered: their heading shows before the remote's files are requested, so a visit
// waits for the network to settle (every file the page loads is then in the list).
async function openParts(page: Page) {
  await page.goto('/parts', { waitUntil: 'networkidle' });
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/Parts|All/);
}

async function openBattlestations(page: Page) {
  await page.goto('/battlestations', { waitUntil: 'networkidle' });
  await expect(page.getByRole('heading', { name: 'Browse Battlestations', level: 1 })).toBeVisible();
}

/** The shell's own scripts (served from the site root), e.g. /main.1a2b3c4d.js. */
const shellScripts = (paths: string[]) => [...new Set(paths.filter((p) => /^\/[^/]+\.js$/.test(p) && p !== '/config.js'))].sort();
const remotePaths = (paths: string[], folder: string) => [...new Set(paths.filter((p) => p.startsWith(`/remotes/${folder}/`)))].sort();

test('a remote built and released alone goes live on reload without a shell rebuild, and rolls back', async ({ page, consoleErrors }) => {
  void consoleErrors;
  let releaseDir: string | null = null;
  try {
    // Before: every remote from its plain build, on the server too.
    expect(await serverRenderedLabel(page)).toBe('');
    const partsBefore = await pathsDuring(page, () => openParts(page));
    const battlestationsBefore = await pathsDuring(page, () => openBattlestations(page));
    expect(shellScripts(partsBefore).some((p) => /^\/main\.[0-9a-f]{8}\.js$/.test(p))).toBe(true);
    expect(remotePaths(partsBefore, 'mf-parts')).toContain('/remotes/mf-parts/mf-manifest.json');
    const remotesBefore = readRemotes();
    const distsBefore = Object.fromEntries(REMOTES.map((r) => [r, snapshot(path.join(ROOT, r, 'dist'))]));

    // Build a changed mf-parts alone: its build label is new, so its bundle differs.
    const label = `e2e-${Date.now().toString(36)}`;
    const buildStarted = Date.now();
    const built = await npmRun('build:remote', ['mf-parts'], { BATTLEDECK_BUILD_LABEL: label });
    const buildMs = Date.now() - buildStarted;
    const version = /Built mf-parts release (\S+) in/.exec(built)?.[1] ?? '';
    expect(version).toMatch(/^\d{8}T\d{6}Z-[0-9a-f]{8}$/);
    releaseDir = path.join(ROOT, 'mf-parts', 'releases', version);
    expect(existsSync(path.join(releaseDir, 'mf-manifest.json'))).toBe(true);
    expect(readdirSync(releaseDir).some((f) => /^remoteEntry\.[0-9a-f]{8}\.js$/.test(f))).toBe(true);
    // dist/ of every remote (mf-parts included) is untouched, and nothing is live yet.
    for (const remote of REMOTES) expect(snapshot(path.join(ROOT, remote, 'dist'))).toEqual(distsBefore[remote]);
    expect(readRemotes()).toEqual(remotesBefore);

    // Release it: one entry changes.
    const releaseStarted = Date.now();
    await npmRun('release:remote', ['mf-parts', version]);
    const releaseMs = Date.now() - releaseStarted;
    expect(readRemotes()).toEqual({ ...remotesBefore, mf_parts: `/remotes/mf-parts/releases/${version}/mf-manifest.json` });

    // The site server renders /parts with the new release at once: no shell rebuild, no restart.
    expect(await serverRenderedLabel(page)).toBe(label);
    const partsAfter = await pathsDuring(page, () => openParts(page));
    await expect(page.locator(BUILD_META)).toHaveAttribute('content', label);
    expect(shellScripts(partsAfter)).toEqual(shellScripts(partsBefore));
    const released = remotePaths(partsAfter, 'mf-parts');
    expect(released).toContain(`/remotes/mf-parts/releases/${version}/mf-manifest.json`);
    expect(released.every((p) => p.startsWith(`/remotes/mf-parts/releases/${version}/`))).toBe(true);
    const battlestationsAfter = await pathsDuring(page, () => openBattlestations(page));
    expect(remotePaths(battlestationsAfter, 'mf-battlestations')).toEqual(remotePaths(battlestationsBefore, 'mf-battlestations'));

    // A release's manifest is always revalidated; its hashed files are cached for good.
    const manifest = await page.request.get(`/remotes/mf-parts/releases/${version}/mf-manifest.json`);
    expect(manifest.headers()['cache-control']).toBe('no-cache');
    const entry = released.find((p) => /remoteEntry\.[0-9a-f]{8}\.js$/.test(p)) ?? '';
    expect((await page.request.get(entry)).headers()['cache-control']).toBe('public, max-age=31536000, immutable');

    // Roll back: point the entry back at the plain build.
    await npmRun('release:remote', ['mf-parts', 'dist']);
    expect(readRemotes()).toEqual(remotesBefore);
    expect(await serverRenderedLabel(page)).toBe('');
    const partsRolledBack = await pathsDuring(page, () => openParts(page));
    await expect(page.locator(BUILD_META)).toHaveCount(0);
    expect(remotePaths(partsRolledBack, 'mf-parts')).toContain('/remotes/mf-parts/mf-manifest.json');
    expect(remotePaths(partsRolledBack, 'mf-parts').some((p) => p.includes('/releases/'))).toBe(false);
    expect(shellScripts(partsRolledBack)).toEqual(shellScripts(partsBefore));
    console.info(`[deploy figures] ${JSON.stringify({ buildMs, releaseMs, releaseFiles: readdirSync(releaseDir).length, loadAverage1m: Number(os.loadavg()[0].toFixed(1)) })}`);
  } finally {
    if (releaseDir) rmSync(releaseDir, { recursive: true, force: true });
  }
});
