import path from 'node:path';
import { BUNDLES, ROOT } from './bundles';
import { activeRemotesFile } from './remote-releases';
import type { SiteServerOptions } from './site-server';

const REMOTE_FOLDERS = BUNDLES.filter((bundle) => bundle !== 'shell');

/**
 * The site server's settings from the environment, shared by `npm start` (everything on one machine) and
 * `npm run start:site` (the site alone, in front of API instances elsewhere). Without FIREBASE_API_KEY the
 * browser signs in against the local Auth emulator.
 */
export function siteOptionsFromEnv(env: NodeJS.ProcessEnv, options: { port: number; apiOrigin: string; authEmulatorUrl: string }): SiteServerOptions {
  return {
    port: options.port,
    apiOrigin: options.apiOrigin,
    shellDir: path.join(ROOT, 'shell', 'dist'),
    publicDir: path.join(ROOT, 'shell', 'public'),
    remoteDirs: Object.fromEntries(REMOTE_FOLDERS.map((b) => [b, path.join(ROOT, b, 'dist')])),
    remoteReleaseDirs: Object.fromEntries(REMOTE_FOLDERS.map((b) => [b, path.join(ROOT, b, 'releases')])),
    // A deploy keeps its own remotes file (REMOTES_FILE), which `npm run release:remote` rewrites.
    remotesFile: activeRemotesFile(env),
    clientConfig: {
      firebase: {
        apiKey: env.FIREBASE_API_KEY ?? 'demo-api-key',
        authDomain: env.FIREBASE_AUTH_DOMAIN ?? 'demo-battledeck.firebaseapp.com',
        projectId: env.FIREBASE_PROJECT_ID ?? 'demo-battledeck',
      },
      authEmulatorUrl: env.FIREBASE_API_KEY ? undefined : options.authEmulatorUrl,
      imageBaseUrl: env.IMAGE_BASE_URL ?? '/images',
    },
  };
}
