import { existsSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './bundles';
import { createSiteServer } from './site-server';
import { siteListenHost, siteOptionsFromEnv } from './site-options';

/**
 * `npm run start:site`: the site server alone (the shell, the remotes and their releases, remotes.json,
 * config.js, security headers), passing /api and /images to API_ORIGIN (a load balancer in front of the API
 * instances). What a CDN pulls from in production; builds nothing (run `npm run build` first) and starts no
 * API or emulator. SIGTERM closes it after the requests in flight.
 */
const PORT = Number(process.env.PORT ?? 8080);
const API_ORIGIN = process.env.API_ORIGIN ?? 'http://127.0.0.1:8081';
const AUTH_EMULATOR_URL = process.env.AUTH_EMULATOR_URL ?? 'http://127.0.0.1:9099';

let HOST: string;
try {
  HOST = siteListenHost(process.env);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
if (!existsSync(path.join(ROOT, 'shell', 'dist', 'index.html'))) {
  console.error('No build of the shell in shell/dist: run `npm run build` first.');
  process.exit(1);
}
const options = siteOptionsFromEnv(process.env, { port: PORT, apiOrigin: API_ORIGIN, authEmulatorUrl: AUTH_EMULATOR_URL });
async function main(): Promise<void> {
  const site = await createSiteServer(options);
  await site.listen({ port: PORT, host: HOST });
  console.info(`Battledeck site on http://${HOST}:${PORT} (API at ${API_ORIGIN}, remotes from ${options.remotesFile})`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void site.close().then(() => process.exit(0)));
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
