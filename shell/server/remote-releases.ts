import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { BUNDLES, hasServerBuild, ROOT } from './bundles';
import { precompressDir } from './precompress';
import { runToEnd } from './processes';

/** The file each build lists its curated singletons in (written by webpack.common.js, which names it too). */
export const SINGLETONS_FILE = 'singletons.json';

/**
 * Independent remote deploys: a remote is built on its own into `<remote>/releases/<version>/` (its
 * mf-manifest.json and content-hashed files, never touching `dist/` or another remote), and goes live when
 * its entry in the active remotes.json points at that release's manifest. Rolling back is pointing it back.
 */

export const REMOTES = BUNDLES.filter((bundle) => bundle !== 'shell');
/** `dist`: the remote's plain build (`npm run build`), what the committed remotes.json lists. */
export const DIST = 'dist';
const VERSION = /^\d{8}T\d{6}Z-[0-9a-f]{8}$/;

export const DEFAULT_REMOTES_FILE = path.join(ROOT, 'shell', 'public', 'remotes.json');

/** The remotes file the site server serves and release:remote writes (REMOTES_FILE, else the committed one). */
export function activeRemotesFile(env: NodeJS.ProcessEnv = process.env): string {
  return env.REMOTES_FILE ? path.resolve(ROOT, env.REMOTES_FILE) : DEFAULT_REMOTES_FILE;
}

export function assertRemote(folder: string): void {
  if (!REMOTES.includes(folder as (typeof REMOTES)[number])) {
    throw new Error(`Unknown remote "${folder}": expected one of ${REMOTES.join(', ')}.`);
  }
}

/** mf-parts → mf_parts: the remote's federation name, its key in remotes.json. */
export const federationName = (folder: string) => folder.replace(/-/g, '_');

export const releasesDir = (folder: string, root = ROOT) => path.join(root, folder, 'releases');

/** 2026-03-01T10:15:02.123Z → 20260301T101502Z */
export const timeStamp = (at: Date) => at.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}Z$/, 'Z');

/** A digest of a folder's files, names and bytes in a fixed order: the same build gives the same hash. */
export function contentHash(dir: string): string {
  const hash = createHash('sha256');
  const files = readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
  for (const file of files) hash.update(file).update('\0').update(readFileSync(path.join(dir, file))).update('\0');
  return hash.digest('hex');
}

/** `<UTC time stamp>-<8 hex of the content hash>`: sorts by time, and names exactly one set of files. */
export function releaseVersion(dir: string, at: Date): string {
  return `${timeStamp(at)}-${contentHash(dir).slice(0, 8)}`;
}

export function isReleaseVersion(value: string): boolean {
  return VERSION.test(value);
}

/** The releases built for a remote, oldest first. */
export function listReleases(folder: string, root = ROOT): string[] {
  const dir = releasesDir(folder, root);
  if (!existsSync(dir)) return [];
  return readdirSync(dir).filter(isReleaseVersion).sort();
}

/**
 * Builds one remote in production mode into a new release folder. BATTLEDECK_BUILD_LABEL (shown by the
 * remote in the page) defaults to the release's time stamp.
 */
export async function buildRelease(folder: string, options: { label?: string } = {}): Promise<{ version: string; dir: string }> {
  assertRemote(folder);
  const at = new Date();
  const staging = path.join(releasesDir(folder), `.staging-${process.pid}-${at.getTime()}`);
  try {
    const webpack = (...args: string[]) =>
      runToEnd(process.execPath, [require.resolve('webpack-cli/bin/cli.js'), '--mode', 'production', ...args], {
        cwd: path.join(ROOT, folder),
        env: { ...process.env, BATTLEDECK_BUILD_LABEL: options.label ?? timeStamp(at) },
      });
    await webpack('--output-path', staging);
    // Its server build goes with it (ADR 012): the release renders its pages on the server too.
    if (hasServerBuild(folder)) await webpack('--env', 'server', '--output-path', path.join(staging, 'server'));
    await precompressDir(staging);
    const version = releaseVersion(staging, at);
    const dir = path.join(releasesDir(folder), version);
    // The same files built in the same second are the same release.
    if (existsSync(dir)) rmSync(staging, { recursive: true, force: true });
    else renameSync(staging, dir);
    return { version, dir };
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    throw error;
  }
}

/** The manifest URL of a remote's release (or of its plain build), under an optional CDN base URL. */
export function manifestUrl(folder: string, version: string, baseUrl = ''): string {
  const base = baseUrl.replace(/\/+$/, '');
  return version === DIST ? `${base}/remotes/${folder}/mf-manifest.json` : `${base}/remotes/${folder}/releases/${version}/mf-manifest.json`;
}

/** Which build a manifest URL names: a release version, `dist`, or null for anything else. */
export function versionOf(folder: string, url: string | undefined): string | null {
  if (!url) return null;
  const release = new RegExp(`/remotes/${folder}/releases/([^/]+)/mf-manifest\\.json$`).exec(url);
  if (release) return release[1];
  return url.endsWith(`/remotes/${folder}/mf-manifest.json`) ? DIST : null;
}

/** What a build's curated singletons hold, package by package (webpack.common.js writes the file). */
function readSingletons(dir: string): Record<string, string[]> | null {
  const file = path.join(dir, SINGLETONS_FILE);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, string[]>) : null;
}

/**
 * antd, its icons and the router are shared as curated subsets, `@battledeck/shared` as its entry points, and
 * every remote gets the live shell's (the shell registers its singletons first). A remote release built with
 * a name the shell's build lacks would find it undefined in the browser: refuse it here, before it is live.
 */
export function assertShellProvides(folder: string, version: string, buildDir: string, shellDir: string): void {
  const needs = readSingletons(buildDir);
  if (!needs) throw new Error(`${folder} ${version} has no ${SINGLETONS_FILE}: it was built before the shared singletons were listed. Build it again.`);
  const provides = readSingletons(shellDir);
  if (!provides) throw new Error(`The shell has no ${SINGLETONS_FILE} in ${shellDir}: build the shell first (npm run build).`);
  // A shell built before its file listed the shared package's entry points cannot vouch for them.
  const sharedEntry = (pkg: string) => pkg.startsWith('@battledeck/shared/');
  if (Object.keys(needs).some(sharedEntry) && !Object.keys(provides).some(sharedEntry)) {
    throw new Error(
      `${folder} ${version} uses @battledeck/shared, which the live shell's ${SINGLETONS_FILE} does not list (it was built before the list had it). ` +
        'Build and deploy the shell first (npm run build).',
    );
  }
  const missing = Object.entries(needs).flatMap(([pkg, names]) => names.filter((n) => !provides[pkg]?.includes(n)).map((n) => `${pkg} ${n}`));
  if (missing.length > 0) {
    throw new Error(
      `${folder} ${version} uses shared ${missing.join(', ')}, which the live shell does not provide. ` +
        'Build and deploy the shell first (npm run build): every remote gets these from the shell.',
    );
  }
}

export interface Activation {
  name: string;
  previous: string | undefined;
  current: string;
}

/**
 * Points one remote's entry in the remotes file at a release (or `dist`), leaving every other entry as it
 * was. The file is replaced in one rename, so the site server never reads half of it.
 */
export function activateRelease(options: { remotesFile: string; folder: string; version: string; baseUrl?: string; root?: string }): Activation {
  const { remotesFile, folder, version } = options;
  assertRemote(folder);
  if (version !== DIST && !isReleaseVersion(version)) throw new Error(`"${version}" is not a release version (like 20260301T101502Z-1a2b3c4d) or "${DIST}".`);
  const root = options.root ?? ROOT;
  const manifest = version === DIST ? path.join(root, folder, 'dist', 'mf-manifest.json') : path.join(releasesDir(folder, root), version, 'mf-manifest.json');
  if (!existsSync(manifest)) throw new Error(`No build of ${folder} at ${path.relative(root, path.dirname(manifest))}: build it first.`);

  assertShellProvides(folder, version, path.dirname(manifest), path.join(root, 'shell', 'dist'));

  const entries = JSON.parse(readFileSync(remotesFile, 'utf8')) as Record<string, string>;
  const name = federationName(folder);
  const previous = entries[name];
  const current = manifestUrl(folder, version, options.baseUrl);
  const next = { ...entries, [name]: current };
  const temp = `${remotesFile}.${process.pid}.tmp`;
  writeFileSync(temp, `${JSON.stringify(next, null, 2)}\n`);
  renameSync(temp, remotesFile);
  return { name, previous, current };
}
