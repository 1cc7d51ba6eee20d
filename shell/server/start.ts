import path from 'node:path';
import { authEmulatorHostOf } from '../../api/src/config';
import { startEmbeddedApi, type EmbeddedApi } from '../../api/src/embedded';
import { buildMissing, BUNDLES, ROOT } from './bundles';
import { isPortOpen, startChild, stopChild, waitFor, type Child } from './processes';
import { createSiteServer } from './site-server';
import { publicOrigin, siteListenHost, siteOptionsFromEnv } from './site-options';

/**
 * `npm start`: builds what is missing, starts the Firebase Auth emulator, the API (embedded PostgreSQL,
 * images on disk) and the site server, all on http://localhost:PORT; the API runs in the site's process
 * (no proxy hop for /api) and listens on API_PORT too. `--dev` runs webpack dev servers instead of the
 * built files. Ctrl-C stops everything.
 */
const dev = process.argv.includes('--dev');
const PORT = Number(process.env.PORT ?? 8080);
const API_PORT = Number(process.env.API_PORT ?? 8081);
const AUTH_EMULATOR_PORT = 9099;
const DATA_DIR = path.resolve(process.env.DATA_DIR ?? path.join(ROOT, 'data'));
const TSX = require.resolve('tsx/cli');
const children: Child[] = [];

async function startEmulator(): Promise<void> {
  if (await isPortOpen(AUTH_EMULATOR_PORT)) {
    console.info(`Using the Firebase Auth emulator already running on 127.0.0.1:${AUTH_EMULATOR_PORT}`);
    return;
  }
  const child = startChild('auth emulator', process.execPath, [TSX, 'src/dev/auth-emulator-cli.ts'], {
    cwd: path.join(ROOT, 'api'),
    env: { ...process.env, DATA_DIR },
  });
  children.push(child);
  await waitFor('the Firebase Auth emulator', () => isPortOpen(AUTH_EMULATOR_PORT), 90_000, child);
}

function startApi(): Promise<EmbeddedApi> {
  // The API checks oEmbed addresses against the site's origin: the same one the site uses (ADR 018).
  return startEmbeddedApi({ ...process.env, DATA_DIR, API_PORT: String(API_PORT), PUBLIC_ORIGIN: publicOrigin(process.env, PORT) });
}

function startDevServers(host: string): void {
  const webpackCli = require.resolve('webpack-cli/bin/cli.js');
  for (const bundle of BUNDLES) {
    children.push(
      startChild(`${bundle} dev server`, process.execPath, [webpackCli, 'serve', '--mode', 'development'], {
        cwd: path.join(ROOT, bundle),
        // The dev servers pass /api on to this API: they listen where the site would (checked above).
        env: { ...process.env, API_PORT: String(API_PORT), HOST: host },
      }),
    );
  }
}

async function startSite(host: string, api: EmbeddedApi): Promise<() => Promise<void>> {
  const site = await createSiteServer({
    ...siteOptionsFromEnv(process.env, { port: PORT, apiOrigin: `http://127.0.0.1:${API_PORT}`, authEmulatorUrl: `http://127.0.0.1:${AUTH_EMULATOR_PORT}` }),
    apiHandler: api.handle,
  });
  await site.listen({ port: PORT, host });
  return () => site.close();
}

async function main(): Promise<void> {
  const started = Date.now();
  let stopSite: (() => Promise<void>) | null = null;
  let api: EmbeddedApi | null = null;
  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    await stopSite?.();
    await api?.close();
    await Promise.all(children.slice().reverse().map((child) => stopChild(child)));
    process.exit(code);
  };
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));

  try {
    // Checked before anything starts: emulator mode never listens beyond loopback unless told to, loudly. The
    // API is this process's (or behind the dev servers' proxy): the browser's key does not make its tokens signed.
    const host = siteListenHost(process.env, { apiUsesEmulator: authEmulatorHostOf(process.env) !== undefined });
    if (!dev) await buildMissing();
    await startEmulator();
    api = await startApi();
    if (dev) startDevServers(host);
    else stopSite = await startSite(host, api);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    await stop(1);
    return;
  }
  console.info(
    [
      '',
      `Battledeck is running at http://localhost:${PORT} (ready in ${((Date.now() - started) / 1000).toFixed(1)} s)`,
      '  Demo accounts: admin@example.com / admin-pass-123 (admin), demo@example.com / demo-pass-123',
      `  API docs: http://localhost:${PORT}/api/docs   Data: ${DATA_DIR}`,
      '  Press Ctrl-C to stop.',
      '',
    ].join('\n'),
  );
}

void main();
