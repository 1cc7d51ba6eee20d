import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { DatabaseHandle } from './database';
import { MIGRATIONS_DIR } from './migrations';
import { setPlannedTwin } from './planned';
import * as schema from './schema';

export interface PostgresOptions {
  url: string;
  poolSize: number;
  /** The planned twin's connections (decision 024), besides `poolSize`; 0 or unset: no twin. */
  plannedPoolSize?: number;
  statementTimeoutMs: number;
  /** Idle clients can fail (server restart, network); without a listener node-postgres crashes the process. */
  onPoolError: (error: Error) => void;
}

/** Per sort or bitmap, per connection: the pools' connections times this bounds what searches may hold. */
const SESSION_WORK_MEM = '32MB';

/** A PostgreSQL server through node-postgres. Several API instances may share it. */
export function openPostgres(options: PostgresOptions): DatabaseHandle & { pool: pg.Pool; plannedPool?: pg.Pool } {
  const clientConfig = {
    connectionString: options.url,
    application_name: 'battledeck-api',
    statement_timeout: options.statementTimeoutMs || undefined,
    connectionTimeoutMillis: 10_000,
    // Every query here is a short indexed read or write: compiling one (JIT starts above a cost that a
    // large table's count reaches) took 100-170 ms of a 5 ms query when measured (decision 015).
    // A search's bitmap of matches must stay exact: at the server's default 4 MB, a common word's bitmap over
    // 1,000,000 stations turns lossy and two words that share no station still read 200,000 rows to learn
    // it (1.3 s against 49 ms; decision 015). An exact bitmap of every station takes about 12 MB.
    options: `-c jit=off -c work_mem=${SESSION_WORK_MEM}`,
  };
  function openPool(max: number, extraOptions = '') {
    const pool = new pg.Pool({ ...clientConfig, options: `${clientConfig.options}${extraOptions}`, max, idleTimeoutMillis: 30_000 });
    pool.on('error', options.onPoolError);
    // The pool listens only to idle clients. A checked-out one (inside a transaction, between two statements)
    // would emit a server shutdown's error with no listener, which crashes the process; its next statement
    // fails anyway (the request answers 503) and the pool drops it on release.
    pool.on('connect', (client) => {
      client.on('error', (error) => {
        // While idle the pool's own listener is attached too and reports it.
        if (client.listenerCount('error') === 1) options.onPoolError(error);
      });
    });
    return pool;
  }
  const pool = openPool(options.poolSize);
  const db = drizzle({ client: pool, schema });
  // The fixed-shape reads' prepared statements, each planned once per session (decision 024). A pool of its
  // own rather than a share of the main one: with half of 10 connections, slow searches queued the station
  // pages behind them in the mixed trace (260 req/s against 315 at 100,000 stations).
  const plannedSize = options.plannedPoolSize ?? 0;
  const plannedPool = plannedSize > 0 ? openPool(plannedSize, ' -c plan_cache_mode=force_generic_plan') : undefined;
  if (plannedPool) setPlannedTwin(db, drizzle({ client: plannedPool, schema }));

  /**
   * A session lock lives on one connection: taken on a dedicated client, not a pooled one the work itself
   * might need (a pool of one would deadlock).
   */
  async function onOwnClient<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
    const client = new pg.Client({ ...clientConfig, statement_timeout: undefined });
    client.on('error', options.onPoolError);
    await client.connect();
    try {
      return await fn(client);
    } finally {
      await client.end();
    }
  }

  async function releasing<T>(client: pg.Client, name: string, fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } finally {
      await client.query('SELECT pg_advisory_unlock(hashtext($1))', [name]);
    }
  }

  const withLockedClient = <T>(name: string, fn: (client: pg.Client) => Promise<T>): Promise<T> =>
    onOwnClient(async (client) => {
      await client.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
      return releasing(client, name, () => fn(client));
    });

  /** withLockedClient's try form: undefined at once when another session holds the lock. */
  const withFreeLock = <T>(name: string, fn: () => Promise<T>): Promise<T | undefined> =>
    onOwnClient(async (client) => {
      const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock(hashtext($1)) AS locked', [name]);
      return rows[0]?.locked ? releasing(client, name, fn) : undefined;
    });

  return {
    engine: 'postgres',
    pool,
    plannedPool,
    db,
    // On the lock's own connection, free of the statement timeout: a migration that rewrites a large table
    // takes longer than any request may.
    migrate: () => withLockedClient('battledeck:migrate', (client) => migrate(drizzle({ client, schema }), { migrationsFolder: MIGRATIONS_DIR })),
    withLock: (name, fn) => withLockedClient(name, () => fn()),
    withLockIfFree: (name, fn) => withFreeLock(name, fn),
    close: async () => {
      await Promise.all([pool.end(), plannedPool?.end()]);
    },
  };
}
