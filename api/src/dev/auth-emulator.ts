import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { Socket } from 'node:net';
import path from 'node:path';

/**
 * The Firebase Auth emulator for development and tests (127.0.0.1:9099, project demo-battledeck).
 * Used by the start script, `npm run emulator -w api` and the API tests' global set-up.
 */
export const AUTH_EMULATOR = {
  host: '127.0.0.1',
  port: 9099,
  projectId: 'demo-battledeck',
  get address() {
    return `${this.host}:${this.port}`;
  },
  get url() {
    return `http://${this.host}:${this.port}`;
  },
} as const;

const API_DIR = path.resolve(__dirname, '../..');

export interface EnsureAuthEmulatorOptions {
  /** Keep accounts across restarts: import this directory at start (when it holds an export)… */
  importDir?: string;
  /** …and export into it on a clean stop. */
  exportOnExit?: boolean;
  /** 'inherit' shows the emulator's output; by default it is kept and printed only if start-up fails. */
  output?: 'inherit' | 'quiet';
  timeoutMs?: number;
}

export interface AuthEmulatorHandle {
  /** False when an emulator was already answering: then stop() leaves it alone. */
  started: boolean;
  /** Settles when the emulator we started exits (never, when we did not start it). */
  exited: Promise<void>;
  stop(): Promise<void>;
}

/** True when an Auth emulator answers on 127.0.0.1:9099. */
export async function isAuthEmulatorRunning(): Promise<boolean> {
  try {
    const response = await fetch(`${AUTH_EMULATOR.url}/`, { signal: AbortSignal.timeout(1000) });
    const body = (await response.json()) as { authEmulator?: { ready?: boolean } };
    return response.ok && body.authEmulator?.ready === true;
  } catch {
    return false;
  }
}

/** Starts the emulator unless one is already running, and waits until it answers. */
export async function ensureAuthEmulator(options: EnsureAuthEmulatorOptions = {}): Promise<AuthEmulatorHandle> {
  if (await isAuthEmulatorRunning()) return { started: false, exited: new Promise<void>(() => undefined), stop: async () => undefined };

  const args = ['emulators:start', '--only', 'auth', '--project', AUTH_EMULATOR.projectId, '--config', path.join(API_DIR, 'firebase.json')];
  if (options.importDir) {
    await fs.mkdir(options.importDir, { recursive: true });
    // --import fails on a directory without an export, as on the very first start.
    if (existsSync(path.join(options.importDir, 'firebase-export-metadata.json'))) args.push('--import', options.importDir);
    if (options.exportOnExit) args.push(`--export-on-exit=${options.importDir}`);
  }
  const firebaseBin = path.join(path.dirname(require.resolve('firebase-tools/package.json')), 'lib/bin/firebase.js');
  const child = spawn(process.execPath, [firebaseBin, ...args], {
    cwd: API_DIR,
    // Its own process group, so stop() also ends the workers it spawns.
    detached: true,
    env: { ...process.env, CI: 'true', NO_UPDATE_NOTIFIER: '1' },
    stdio: options.output === 'inherit' ? 'inherit' : ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString());
    if (output.length > 200) output.shift();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);

  // If this process ends without calling stop() (an exception, process.exit), take the emulator along.
  const onExit = () => signalGroup(child, 'SIGTERM');
  process.once('exit', onExit);
  const stop = async () => {
    process.removeListener('exit', onExit);
    await stopProcessGroup(child);
  };
  try {
    await waitUntilReady(child, options.timeoutMs ?? 90_000);
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}\n--- emulator output ---\n${output.join('').slice(-4000)}`);
  }
  // Once running, the emulator alone must not keep this process alive (its output is still drained).
  child.unref();
  (child.stdout as Socket | null)?.unref();
  (child.stderr as Socket | null)?.unref();
  return { started: true, exited, stop };
}

async function waitUntilReady(child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exited: number | null = null;
  child.once('exit', (code) => {
    exited = code ?? -1;
  });
  while (Date.now() < deadline) {
    if (exited !== null) throw new Error(`The Auth emulator exited with code ${exited} before it was ready.`);
    if (await isAuthEmulatorRunning()) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The Auth emulator did not answer on ${AUTH_EMULATOR.url} within ${timeoutMs / 1000} s.`);
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

/** SIGINT lets the emulator export its accounts; SIGKILL after 20 s if it hangs. */
async function stopProcessGroup(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  signalGroup(child, 'SIGINT');
  const timer = setTimeout(() => signalGroup(child, 'SIGKILL'), 20_000);
  await exited;
  clearTimeout(timer);
}

// ---- helpers for tests and scripts ----

const emulatorApi = (suffix: string) => `${AUTH_EMULATOR.url}/emulator/v1/projects/${AUTH_EMULATOR.projectId}${suffix}`;

/** Deletes every account in the emulator. Never while other test workers share it. */
export async function wipeEmulatorAccounts(): Promise<void> {
  const response = await fetch(emulatorApi('/accounts'), { method: 'DELETE' });
  if (!response.ok) throw new Error(`Could not wipe the emulator accounts: HTTP ${response.status}`);
}

export interface OobCode {
  email: string;
  requestType: string;
  oobCode: string;
  oobLink: string;
}

/** Password-reset (and other) codes the emulator would have e-mailed; newest last. */
export async function getOobCodes(email?: string): Promise<OobCode[]> {
  const response = await fetch(emulatorApi('/oobCodes'));
  if (!response.ok) throw new Error(`Could not read the emulator's oobCodes: HTTP ${response.status}`);
  const { oobCodes } = (await response.json()) as { oobCodes: OobCode[] };
  return email ? oobCodes.filter((c) => c.email.toLowerCase() === email.toLowerCase()) : oobCodes;
}

export interface SignInResult {
  idToken: string;
  refreshToken: string;
  localId: string;
  email: string;
}

/**
 * POSTs JSON on a connection of its own (no keep-alive pool): the emulator closes connections idle for 5 s, and
 * on a loaded machine a pooled one was reused as it closed ("other side closed"), five tries in a row in one
 * full test run of 2026-11-29, so no pooled connection is reused at all.
 */
function postOnNewConnection(url: string, body: unknown): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: 'POST', agent: false, headers: { 'content-type': 'application/json' } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown }));
    });
    request.on('error', reject);
    request.end(JSON.stringify(body));
  });
}

/** Signs in through the emulator's REST API (what the Firebase JS SDK does), returning an ID token. */
export async function signInWithPassword(email: string, password: string): Promise<SignInResult> {
  const response = await postOnNewConnection(`${AUTH_EMULATOR.url}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=any`, {
    email,
    password,
    returnSecureToken: true,
  });
  const body = response.body as SignInResult & { error?: { message: string } };
  if (response.status !== 200) throw new Error(`Sign-in failed for ${email}: ${body.error?.message ?? response.status}`);
  return body;
}
