import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { loadConfig } from '../../src/config';
import type { DatabaseHandle } from '../../src/db/database';
import { openDatabase } from '../../src/db/open-database';
import { plannedOn } from '../../src/db/planned';
import type { Logger } from '../../src/lib/logger';
import { rows } from '../helpers/sql-rows';
import { createClusterDatabase, type ClusterDatabase } from './helpers/cluster-database';

let database: ClusterDatabase;
beforeAll(async () => {
  database = await createClusterDatabase('pool');
});
afterAll(() => database?.drop());

/** Opens the database the way the API does: from environment variables through the config. */
async function open(env: Record<string, string>) {
  const errors: unknown[] = [];
  const log: Logger = { info: () => undefined, warn: () => undefined, error: (obj) => errors.push(obj) };
  const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: database.url, ...env });
  const handle = (await openDatabase(config, log)) as DatabaseHandle & { pool: pg.Pool; plannedPool?: pg.Pool };
  return { handle, errors };
}

async function settled<T>(promise: Promise<T>): Promise<{ ok: true; value: T } | { ok: false; error: Error & { code?: string } }> {
  try {
    return { ok: true, value: await promise };
  } catch (error) {
    return { ok: false, error: error as Error };
  }
}

describe('PostgreSQL pool settings from the environment', () => {
  it('never open more connections than DB_POOL_SIZE plus DB_PLANNED_POOL_SIZE, however many queries wait', async () => {
    const { handle } = await open({ DB_POOL_SIZE: '2', DB_PLANNED_POOL_SIZE: '1' });
    try {
      // The planned twin serves the prepared fixed-shape reads (decision 024), the main pool all else.
      const pids = await Promise.all(
        [handle.db, plannedOn(handle.db)].flatMap((db) =>
          Array.from({ length: 12 }, () => rows<{ pid: number }>(db, sql`SELECT pg_backend_pid() AS pid, pg_sleep(0.1)`).then(([r]) => r.pid)),
        ),
      );
      expect(new Set(pids).size).toBe(3);
      expect([handle.pool.totalCount, handle.plannedPool?.totalCount]).toEqual([2, 1]);
    } finally {
      await handle.close();
    }
  });

  it('cancel a statement that runs longer than DB_STATEMENT_TIMEOUT_MS', async () => {
    const { handle } = await open({ DB_STATEMENT_TIMEOUT_MS: '300' });
    try {
      expect(await rows(handle.db, sql`SHOW statement_timeout`)).toEqual([{ statement_timeout: '300ms' }]);
      const started = Date.now();
      const slow = await settled(rows(handle.db, sql`SELECT pg_sleep(5)`));
      expect(slow.ok).toBe(false);
      // 57014: query_canceled ("canceling statement due to statement timeout").
      expect(!slow.ok && (slow.error.cause as { code?: string } | undefined)?.code).toBe('57014');
      expect(Date.now() - started).toBeLessThan(3000);
      // The connection is still good afterwards.
      expect(await rows(handle.db, sql`SELECT 1 AS one`)).toEqual([{ one: 1 }]);
    } finally {
      await handle.close();
    }
  });

  it('run without a statement timeout when DB_STATEMENT_TIMEOUT_MS is 0', async () => {
    const { handle } = await open({ DB_STATEMENT_TIMEOUT_MS: '0' });
    try {
      expect(await rows(handle.db, sql`SHOW statement_timeout`)).toEqual([{ statement_timeout: '0' }]);
    } finally {
      await handle.close();
    }
  });

  it('log a pool connection the server drops while idle, and keep answering on a new one', async () => {
    const { handle, errors } = await open({ DB_POOL_SIZE: '2' });
    try {
      const [{ pid }] = await rows<{ pid: number }>(handle.db, sql`SELECT pg_backend_pid() AS pid`);
      // The connection is idle in the pool now; the server ends it (a restart, a failover, an admin).
      await database.admin('SELECT pg_terminate_backend($1)', [pid]);
      const deadline = Date.now() + 5000;
      while (errors.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(errors).toHaveLength(1);
      const [{ pid: next }] = await rows<{ pid: number }>(handle.db, sql`SELECT pg_backend_pid() AS pid`);
      expect(next).not.toBe(pid);
    } finally {
      await handle.close();
    }
  });
});
