import fs from 'node:fs/promises';

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite runs inside one process and does nothing to stop a second one opening the same directory,
 * which would corrupt it (the API and `npm run seed` at once, say). A `{dir}.lock` file holding the
 * owner's pid prevents that; a lock left by a process that no longer runs is taken over.
 * Returns the release function.
 */
export async function lockDataDir(dir: string): Promise<() => Promise<void>> {
  const file = `${dir}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await fs.writeFile(file, String(process.pid), { flag: 'wx' });
      return () => fs.rm(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number((await fs.readFile(file, 'utf8').catch(() => '')).trim());
      if (owner && isRunning(owner)) {
        throw new Error(`The embedded database in ${dir} is already open in process ${owner}. Stop that process (the API or a seed run) first.`);
      }
      await fs.rm(file, { force: true });
    }
  }
  throw new Error(`Could not lock ${dir}.`);
}
