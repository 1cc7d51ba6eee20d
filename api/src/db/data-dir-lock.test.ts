import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { lockDataDir } from './data-dir-lock';

let dir: string;
beforeEach(async () => {
  dir = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'battledeck-lock-')), 'pg');
});
afterEach(() => fs.rm(path.dirname(dir), { recursive: true, force: true }));

describe('lockDataDir', () => {
  it('lets one opener at a time hold the embedded database', async () => {
    const release = await lockDataDir(dir);
    await expect(lockDataDir(dir)).rejects.toThrow(`already open in process ${process.pid}`);
    await release();
    const again = await lockDataDir(dir);
    await again();
  });

  it('takes over a lock left by a process that is gone', async () => {
    await fs.writeFile(`${dir}.lock`, '2147483646');
    const release = await lockDataDir(dir);
    expect(await fs.readFile(`${dir}.lock`, 'utf8')).toBe(String(process.pid));
    await release();
  });
});
