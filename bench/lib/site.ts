import { spawn } from 'node:child_process';
import path from 'node:path';
import { profileFlags, ROOT, type Service } from './processes';

const TSX = require.resolve('tsx/cli');

/** A server script of the repo in its own process, answering /api/health before this resolves. */
async function startServer(script: string, port: number, env: Record<string, string>, timeoutMs: number): Promise<Service> {
  const child = spawn(process.execPath, [TSX, ...profileFlags(), path.join(ROOT, script)], { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${script} stopped while starting`);
    if (await fetch(`${url}/api/health`).then((response) => response.ok, () => false)) break;
    if (Date.now() > deadline) throw new Error(`${script} did not start within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    process: child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** The composed production site (npm start) on its own port and data (the demo seed), for browser measurements. */
export function startSite(port: number, dataDir: string, env: Record<string, string> = {}): Promise<Service> {
  const siteEnv = { PORT: String(port), API_PORT: String(port + 1), DATA_DIR: dataDir, DATABASE_URL: '', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env };
  return startServer(path.join('shell', 'server', 'start.ts'), port, siteEnv, 600_000);
}

/** The site's front door alone (start:site: static files, /api proxied to `apiUrl`), as in production. */
export function startFrontDoor(port: number, apiUrl: string): Promise<Service> {
  return startServer(path.join('shell', 'server', 'site.ts'), port, { PORT: String(port), API_ORIGIN: apiUrl, HOST: '127.0.0.1', LOG_LEVEL: 'warn' }, 120_000);
}
