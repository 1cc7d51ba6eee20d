import fs from 'node:fs/promises';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { DatabaseHandle } from './database';
import { lockDataDir } from './data-dir-lock';
import { MIGRATIONS_DIR } from './migrations';
import { PGlite, pg_trgm } from './pglite-module';
import * as schema from './schema';

export interface PgliteOptions {
  /** Directory persisting the database; omitted means in memory. */
  dataDir?: string;
  /** A `dumpDataDir()` snapshot to start from (tests clone a migrated template this way). */
  loadDataDir?: Blob;
}

/** Embedded PostgreSQL (PGlite). It lives in this process, so one process owns the data directory. */
export async function openPglite(options: PgliteOptions = {}): Promise<DatabaseHandle & { client: PGlite }> {
  let unlock: () => Promise<void> = async () => {};
  if (options.dataDir) {
    await fs.mkdir(options.dataDir, { recursive: true });
    unlock = await lockDataDir(options.dataDir);
  }
  let client: PGlite;
  try {
    client = await PGlite.create({ dataDir: options.dataDir, loadDataDir: options.loadDataDir, extensions: { pg_trgm } });
  } catch (error) {
    await unlock();
    throw error;
  }
  const db = drizzle({ client, schema });
  // One queue per lock name: work under one name takes turns, other names go on.
  const queues = new Map<string, Promise<unknown>>();
  const inQueue = <T>(name: string, fn: () => Promise<T>): Promise<T> => {
    const run = (queues.get(name) ?? Promise.resolve()).then(fn, fn);
    const settled = run.catch(() => undefined);
    queues.set(name, settled);
    void settled.then(() => {
      if (queues.get(name) === settled) queues.delete(name);
    });
    return run;
  };

  return {
    engine: 'pglite',
    client,
    db,
    migrate: () => migrate(db, { migrationsFolder: MIGRATIONS_DIR }),
    withLock: inQueue,
    // No other instance: this process owns the data directory.
    withLockIfFree: inQueue,
    async close() {
      await client.close();
      await unlock();
    },
  };
}
