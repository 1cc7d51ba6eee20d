import path from 'node:path';
import { SERVER_RENDER_BUDGET_MS } from '@battledeck/shared/remote';
import { BUNDLES, ROOT } from './bundles';
import { isLoopbackHost } from './loopback';
import { activeRemotesFile } from './remote-releases';
import { DEFAULT_MAX_RENDERS_IN_FLIGHT, siteFileFor, type SiteServerOptions } from './site-server';
import { createPageRenderer } from './ssr/page-renderer';

const REMOTE_FOLDERS = BUNDLES.filter((bundle) => bundle !== 'shell');
const DEFAULT_PAGE_CACHE_MS = 1000;
const WARM_UP_PAGES = ['/', '/battlestations', '/battlestations/1', '/parts', '/parts/view/1'];

/**
 * The site server's settings from the environment, shared by `npm start` (everything on one machine) and
 * `npm run start:site` (the site alone, in front of API instances elsewhere). Without FIREBASE_API_KEY the
 * browser signs in against the local Auth emulator.
 */
export function siteOptionsFromEnv(env: NodeJS.ProcessEnv, options: { port: number; apiOrigin: string; authEmulatorUrl: string }): SiteServerOptions {
  const imageBaseUrl = env.IMAGE_BASE_URL ?? '/images';
  const site: SiteServerOptions = {
    port: options.port,
    apiOrigin: options.apiOrigin,
    shellDir: path.join(ROOT, 'shell', 'dist'),
    publicDir: path.join(ROOT, 'shell', 'public'),
    remoteDirs: Object.fromEntries(REMOTE_FOLDERS.map((b) => [b, path.join(ROOT, b, 'dist')])),
    remoteReleaseDirs: Object.fromEntries(REMOTE_FOLDERS.map((b) => [b, path.join(ROOT, b, 'releases')])),
    // A deploy keeps its own remotes file (REMOTES_FILE), which `npm run release:remote` rewrites.
    remotesFile: activeRemotesFile(env),
    publicOrigin: publicOrigin(env, options.port),
    // The same variable the API reads: a proxy both trust is one whose visitors both count apart.
    trustProxy: env.TRUST_PROXY,
    clientConfig: {
      firebase: {
        apiKey: env.FIREBASE_API_KEY ?? 'demo-api-key',
        authDomain: env.FIREBASE_AUTH_DOMAIN ?? 'demo-battledeck.firebaseapp.com',
        projectId: env.FIREBASE_PROJECT_ID ?? 'demo-battledeck',
      },
      authEmulatorUrl: env.FIREBASE_API_KEY ? undefined : options.authEmulatorUrl,
      imageBaseUrl,
    },
  };
  // Public pages render on the server (ADR 012) unless SERVER_RENDERING=off (the browser then renders them).
  if (env.SERVER_RENDERING === 'off') return site;
  const renderPage = createPageRenderer({
    shellDir: site.shellDir,
    remotesFile: site.remotesFile,
    siteFile: (urlPath) => siteFileFor(site, urlPath),
    apiBaseUrl: `${options.apiOrigin.replace(/\/$/, '')}/api`,
    imageBaseUrl,
    publicOrigin: site.publicOrigin,
    budgetMs: wholeNumber('SERVER_RENDER_BUDGET_MS', env.SERVER_RENDER_BUDGET_MS, SERVER_RENDER_BUDGET_MS, 1),
  });
  return {
    ...site,
    renderPage,
    // Visitors of one URL share a render for a second (ADR 012); 0 renders every request.
    pageCacheMs: wholeNumber('SERVER_RENDER_CACHE_MS', env.SERVER_RENDER_CACHE_MS, DEFAULT_PAGE_CACHE_MS, 0),
    maxRendersInFlight: wholeNumber('SERVER_RENDER_MAX_IN_FLIGHT', env.SERVER_RENDER_MAX_IN_FLIGHT, DEFAULT_MAX_RENDERS_IN_FLIGHT, 1),
    onListen: () => renderPage.warmUp(WARM_UP_PAGES),
  };
}

/** A numeric setting: its default when unset, else a whole number of at least `min` (a typo is refused at start). */
function wholeNumber(name: string, value: string | undefined, fallback: number, min: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < min) throw new Error(`${name} must be a whole number of at least ${min}, not "${value}".`);
  return number;
}

/** The site's public origin (ADR 018): PUBLIC_ORIGIN, else http://localhost:PORT. The API reads the same variable. */
export function publicOrigin(env: NodeJS.ProcessEnv, port: number): string {
  return new URL(env.PUBLIC_ORIGIN?.trim() || `http://localhost:${port}`).origin;
}

/**
 * The loud opt-in that lets a site in Auth-emulator mode listen beyond loopback. The emulator signs nothing,
 * so through this site's /api anyone who can reach it can forge a token for any account, admins included.
 */
export const UNSAFE_EMULATOR_ON_NETWORK = 'BATTLEDECK_UNSAFE_EMULATOR_ON_NETWORK';

/**
 * Where the site listens: HOST, by default 127.0.0.1 while the browser signs in against the Auth emulator
 * (no FIREBASE_API_KEY) or the API the site serves /api from trusts it (`apiUsesEmulator`: npm start's API in
 * this process, which outside production does unless told otherwise), 0.0.0.0 with a real Firebase project.
 * A non-loopback HOST in emulator mode is refused unless BATTLEDECK_UNSAFE_EMULATOR_ON_NETWORK=yes.
 */
export function siteListenHost(env: NodeJS.ProcessEnv, { apiUsesEmulator = false }: { apiUsesEmulator?: boolean } = {}): string {
  const emulator = !env.FIREBASE_API_KEY || apiUsesEmulator;
  const host = env.HOST?.trim() || (emulator ? '127.0.0.1' : '0.0.0.0');
  if (emulator && !isLoopbackHost(host) && env[UNSAFE_EMULATOR_ON_NETWORK] !== 'yes') {
    throw new Error(
      `Refusing to listen on ${host}: with the Firebase Auth emulator, ID tokens are not signed, so anyone who can ` +
        'reach this site could sign in as any user, administrators included. Use HOST=127.0.0.1 (the default), configure ' +
        `a real Firebase project (FIREBASE_API_KEY, FIREBASE_PROJECT_ID), or, on a network you trust completely, set ${UNSAFE_EMULATOR_ON_NETWORK}=yes.`,
    );
  }
  return host;
}
