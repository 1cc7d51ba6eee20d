import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { precompressDir } from './precompress';
import { writeHomePage } from './prerender-home';
import { runToEnd } from './processes';

export const ROOT = path.resolve(__dirname, '../..');

/** The front-end bundles: folder, and the file a finished build leaves. */
export const BUNDLES = ['shell', 'mf-battlestations', 'mf-parts', 'mf-profile', 'mf-admin'] as const;
const STAMP = '.build-stamp';

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce((newest, entry) => Math.max(newest, newestMtime(path.join(target, entry))), stat.mtimeMs);
}

/** A bundle needs building when it has no finished build or a source it depends on is newer. */
export function isStale(bundle: string): boolean {
  const stamp = path.join(ROOT, bundle, 'dist', STAMP);
  if (!existsSync(stamp)) return true;
  const built = statSync(stamp).mtimeMs;
  const sources = [
    path.join(ROOT, bundle, 'src'),
    path.join(ROOT, bundle, 'public'),
    path.join(ROOT, bundle, 'webpack.config.js'),
    path.join(ROOT, 'shared', 'src'),
    path.join(ROOT, 'webpack.common.js'),
    path.join(ROOT, 'package-lock.json'),
  ];
  return sources.some((source) => newestMtime(source) > built);
}

/** Remotes with a `src/server.tsx` render their public pages on the server and get a Node build. */
export function hasServerBuild(bundle: string): boolean {
  return bundle !== 'shell' && existsSync(path.join(ROOT, bundle, 'src', 'server.tsx'));
}

export async function buildBundle(bundle: string): Promise<void> {
  const started = Date.now();
  const webpack = (...args: string[]) => runToEnd(process.execPath, [require.resolve('webpack-cli/bin/cli.js'), ...args], { cwd: path.join(ROOT, bundle) });
  await webpack('--mode', 'production');
  // A remote that renders its pages on the server is built for Node too, into dist/server (ADR 012).
  if (hasServerBuild(bundle)) await webpack('--mode', 'production', '--env', 'server');
  if (bundle === 'shell') {
    // The home page is also prerendered: its HTML paints before any JavaScript runs.
    await webpack('-c', 'webpack.prerender.js');
    writeHomePage(path.join(ROOT, 'shell'));
  }
  // Compressed once here, so the site server never compresses a file per request.
  await precompressDir(path.join(ROOT, bundle, 'dist'));
  // The stamp carries the build's start: a source changed while it ran is newer, so the next run rebuilds.
  const stamp = path.join(ROOT, bundle, 'dist', STAMP);
  writeFileSync(stamp, new Date(started).toISOString());
  utimesSync(stamp, new Date(started), new Date(started));
  console.info(`built ${bundle} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** Whether a pid's process still runs: signal 0 checks without signalling (EPERM: runs, as someone else). */
function isRunning(pid: number): boolean {
  try {
    return process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** One build at a time per checkout: two starts (e.g. parallel test runs) must not write the same dist. */
export async function withBuildLock<T>(work: () => Promise<T>, lock = path.join(ROOT, '.tmp', 'build.lock')): Promise<T> {
  const owner = path.join(lock, 'pid');
  mkdirSync(path.dirname(lock), { recursive: true });
  // A loaded CI machine has taken over 10 minutes for the five bundles.
  const deadline = Date.now() + 30 * 60_000;
  for (;;) {
    try {
      mkdirSync(lock);
      writeFileSync(owner, String(process.pid));
      break;
    } catch {
      // A lock whose builder is gone (Ctrl-C'd, killed) is left over; so is one older than any build.
      const pid = existsSync(owner) ? Number(readFileSync(owner, 'utf8')) : 0;
      const abandoned = pid > 0 ? !isRunning(pid) : existsSync(lock) && Date.now() - statSync(lock).mtimeMs > 60_000;
      if (abandoned || (existsSync(lock) && Date.now() - statSync(lock).mtimeMs > 25 * 60_000)) rmSync(lock, { recursive: true, force: true });
      if (Date.now() > deadline) throw new Error(`Timed out waiting for ${lock}`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  try {
    return await work();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/** Builds what is missing or out of date (or everything with `force`), two at a time. */
export async function buildMissing(bundles: readonly string[] = BUNDLES, force = false): Promise<void> {
  await withBuildLock(async () => {
    const queue = bundles.filter((bundle) => force || isStale(bundle));
    const worker = async () => {
      for (let bundle = queue.shift(); bundle; bundle = queue.shift()) await buildBundle(bundle);
    };
    await Promise.all([worker(), worker()]);
  });
}

if (require.main === module) {
  // `npm run build [-- bundle…]` rebuilds the named bundles, or all of them; `-- --stale` builds only what
  // is missing or out of date (what `npm test` starts early, so the browser tests find the site built).
  const args = process.argv.slice(2);
  const stale = args.includes('--stale');
  const only = args.filter((arg) => arg !== '--stale');
  buildMissing(only.length ? only : BUNDLES, !stale).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
