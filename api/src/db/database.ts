import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type * as schema from './schema';

export type Schema = typeof schema;

/** One type for both drivers (PGlite and node-postgres); a transaction is assignable to it too. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export type Engine = 'pglite' | 'postgres';

/** An open database plus what differs between the engines. */
export interface DatabaseHandle {
  engine: Engine;
  db: Database;
  /** Applies the pending migrations of api/drizzle, one instance at a time. */
  migrate(): Promise<void>;
  /**
   * Runs `fn` while holding a lock named `name` across every API instance on this database
   * (pg_advisory_lock on a server; an in-process queue for PGlite, which one process owns).
   */
  withLock<T>(name: string, fn: () => Promise<T>): Promise<T>;
  /** As withLock, but answers undefined at once, without running `fn`, while another instance holds the lock. */
  withLockIfFree<T>(name: string, fn: () => Promise<T>): Promise<T | undefined>;
  close(): Promise<void>;
}
