import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { withBuildLock } from './bundles';

let dir: string;
let lock: string;

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'bd-build-lock-'));
  lock = path.join(dir, 'build.lock');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** The pid of a process that has ended (and, on a quiet machine, not been reused within the test). */
function endedPid(): number {
  return spawnSync(process.execPath, ['-e', '0']).pid ?? 0;
}

it('takes the lock, runs the work and frees the lock', async () => {
  expect(await withBuildLock(async () => existsSync(lock), lock)).toBe(true);
  expect(existsSync(lock)).toBe(false);
});

it("takes over a lock whose builder has gone (a Ctrl-C'd start) instead of waiting for it", async () => {
  mkdirSync(lock);
  writeFileSync(path.join(lock, 'pid'), String(endedPid()));
  const started = Date.now();
  await withBuildLock(async () => undefined, lock);
  expect(Date.now() - started).toBeLessThan(5_000);
});

it('waits while a running builder holds the lock', async () => {
  mkdirSync(lock);
  writeFileSync(path.join(lock, 'pid'), String(process.pid));
  let ran = false;
  const waiting = withBuildLock(async () => (ran = true), lock);
  await new Promise((resolve) => setTimeout(resolve, 1_200));
  expect(ran).toBe(false);
  rmSync(lock, { recursive: true });
  await waiting;
  expect(ran).toBe(true);
});
