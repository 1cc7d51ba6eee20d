import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const API_DIR = path.resolve(__dirname, '../../..');

/**
 * One API process, started the way a deploy starts it (`node --import tsx src/server.ts`: one process, so a
 * SIGKILL really kills the server, not a wrapper), configured by environment only.
 */
export interface ApiInstance {
  name: string;
  port: number;
  url: string;
  process: ChildProcess;
  /** The last lines it printed (shown when a test fails). */
  output(): string;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

export function startApiInstance(name: string, port: number, env: Record<string, string>): ApiInstance {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: API_DIR,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env, API_HOST: '127.0.0.1', API_PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString().split('\n').filter(Boolean));
    if (lines.length > 200) lines.splice(0, lines.length - 200);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    name,
    port,
    url: `http://127.0.0.1:${port}`,
    process: child,
    output: () => lines.join('\n'),
    async kill(signal = 'SIGTERM') {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill(signal);
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Polls /api/health until the instance answers (migrated and serving). */
export async function waitUntilHealthy(instance: ApiInstance, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (instance.process.exitCode !== null) throw new Error(`${instance.name} exited early:\n${instance.output()}`);
    const ok = await fetch(`${instance.url}/api/health`, { signal: AbortSignal.timeout(2000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${instance.name} did not become healthy within ${timeoutMs / 1000} s:\n${instance.output()}`);
}
