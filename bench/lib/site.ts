import { spawn } from 'node:child_process';
import path from 'node:path';
import { ROOT, type Service } from './processes';

const TSX = require.resolve('tsx/cli');

/** The composed production site (npm start) on its own port and data (the demo seed), for browser measurements. */
export async function startSite(port: number, dataDir: string, env: Record<string, string> = {}): Promise<Service> {
  const child = spawn(process.execPath, [TSX, path.join(ROOT, 'shell', 'server', 'start.ts')], {
    env: { ...process.env, PORT: String(port), API_PORT: String(port + 1), DATA_DIR: dataDir, DATABASE_URL: '', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 600_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error('the site stopped while starting');
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      /* starting */
    }
    if (Date.now() > deadline) throw new Error('the site did not start within 10 minutes');
    await new Promise((resolve) => setTimeout(resolve, 500));
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
