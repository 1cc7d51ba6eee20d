import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import net from 'node:net';

/**
 * A child process in our own process group: Ctrl-C in the terminal (or a kill of the group by a test
 * runner) reaches it too, so nothing outlives `npm start`.
 */
export interface Child {
  name: string;
  process: ChildProcess;
}

export function startChild(name: string, command: string, args: string[], options: SpawnOptions = {}): Child {
  const child = spawn(command, args, { stdio: 'inherit', ...options });
  child.on('exit', (code, signal) => {
    // 130/143: it stopped on Ctrl-C or SIGTERM, as asked.
    if (code !== 0 && code !== 130 && code !== 143 && signal === null) console.error(`${name} exited with code ${code}`);
  });
  return { name, process: child };
}

export function runToEnd(command: string, args: string[], options: SpawnOptions = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit', ...options });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`))));
  });
}

/** SIGTERM (the child closes cleanly: the API drains, the emulator saves its accounts), SIGKILL after `graceMs`. */
export async function stopChild(child: Child, graceMs = 10_000): Promise<void> {
  if (child.process.exitCode !== null || child.process.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.process.once('exit', () => resolve()));
  child.process.kill('SIGTERM');
  const timer = setTimeout(() => child.process.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

export function isPortOpen(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Polls until `check` passes, failing with `what` after `timeoutMs`. */
export async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs: number, child?: Child): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.process.exitCode !== null) throw new Error(`${child.name} stopped before ${what}`);
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`Timed out after ${timeoutMs / 1000} s waiting for ${what}`);
}

export async function httpOk(url: string): Promise<boolean> {
  const response = await fetch(url);
  return response.ok;
}
