import type { Config } from '../config';
import type { Logger } from '../lib/logger';
import type { DatabaseHandle } from './database';
import { openPglite } from './pglite';
import { openPostgres } from './postgres';

/** The configured engine: node-postgres with DATABASE_URL, else PGlite persisted under DATA_DIR/pg. */
export async function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'pgliteDir' | 'dbPoolSize' | 'dbPlannedPoolSize' | 'dbStatementTimeoutMs'>,
  log: Logger,
): Promise<DatabaseHandle> {
  if (config.databaseUrl) {
    return openPostgres({
      url: config.databaseUrl,
      poolSize: config.dbPoolSize,
      plannedPoolSize: config.dbPlannedPoolSize,
      statementTimeoutMs: config.dbStatementTimeoutMs,
      onPoolError: (err) => log.error({ err }, 'PostgreSQL connection error'),
    });
  }
  return openPglite({ dataDir: config.pgliteDir });
}
