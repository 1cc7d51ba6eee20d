import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(__dirname, '..', '..');
const TSX = require.resolve('tsx/cli');

export interface Service {
  url: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

async function waitForUrl(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the process stopped before ${url} answered`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

function stopper(child: ChildProcess) {
  return () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
    });
}

/**
 * With BENCH_CPU_PROF naming a folder, the servers write a CPU profile there when they stop (`node
 * --cpu-prof`, which NODE_OPTIONS may not carry): where a run's Node time went (decision 015).
 */
export function profileFlags(): string[] {
  const folder = process.env.BENCH_CPU_PROF;
  return folder ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(folder)}`] : [];
}

/** The API in its own process (as in production), quiet, on the given database. */
export async function startApi(port: number, env: Record<string, string>): Promise<Service> {
  const child = spawn(process.execPath, [TSX, ...profileFlags(), path.join(ROOT, 'api', 'src', 'server.ts')], {
    env: { ...process.env, API_PORT: String(port), LOG_LEVEL: 'warn', SEED_ON_EMPTY: 'false', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForUrl(`${url}/api/health`, child, 180_000);
  return { url, process: child, stop: stopper(child) };
}

/** The bare Fastify hello route in its own process: the framework ceiling. */
export async function startHello(port: number): Promise<Service> {
  const child = spawn(process.execPath, [TSX, path.join(ROOT, 'bench', 'hello-server.ts')], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForUrl(`${url}/hello`, child, 60_000);
  return { url, process: child, stop: stopper(child) };
}

/** Resident memory of a process and its peak so far (Linux /proc), in MB. */
export function memoryOf(pid: number): { rssMb: number; peakMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rssMb: Math.round(kb('VmRSS') / 1024), peakMb: Math.round(kb('VmHWM') / 1024) };
}

/** The tsx launcher runs the server as its child: the process that holds the memory is that child. */
export function serverPid(service: Service): number {
  const launcher = service.process.pid!;
  try {
    const children = readFileSync(`/proc/${launcher}/task/${launcher}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
    return children.length ? Number(children[0]) : launcher;
  } catch {
    return launcher;
  }
}
