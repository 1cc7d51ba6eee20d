import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const API_DIR = path.resolve(__dirname, '../../..');

export interface ApiProcess {
  url: string;
  child: ChildProcess;
  /** Settles with the exit code (null when killed by a signal) and when it happened. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
  /** Everything it printed (pino JSON lines and anything else). */
  output(): string;
  /** True while the process runs. */
  alive(): boolean;
  /** SIGKILL if still running (clean-up after a failed test). */
  kill(): Promise<void>;
}

/**
 * The API as production starts it: `node --import tsx src/server.ts` (one process, so signals reach the
 * server itself, not a wrapper), configured by environment only.
 */
export function startApiProcess(port: number, env: Record<string, string>): ApiProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: API_DIR,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      SEED_ON_EMPTY: 'false',
      ...env,
      API_HOST: '127.0.0.1',
      API_PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const chunks: string[] = [];
  child.stdout?.on('data', (chunk: Buffer) => chunks.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => chunks.push(chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal, at: Date.now() })),
  );
  const alive = () => child.exitCode === null && child.signalCode === null;
  return {
    url: `http://127.0.0.1:${port}`,
    child,
    exited,
    output: () => chunks.join(''),
    alive,
    async kill() {
      if (!alive()) return;
      child.kill('SIGKILL');
      await exited;
    },
  };
}

/** Polls /api/health until the process answers 200 (migrated and serving). */
export async function waitUntilHealthy(api: ApiProcess, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!api.alive()) throw new Error(`The API exited before it was healthy:\n${api.output().slice(-4000)}`);
    const ok = await fetch(`${api.url}/api/health`, { signal: AbortSignal.timeout(2000) }).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The API was not healthy within ${timeoutMs / 1000} s:\n${api.output().slice(-4000)}`);
}
