import type { Database } from './database';

/**
 * Where the fixed-shape reads run their prepared statements (decision 024). On a PostgreSQL server, a second
 * pool whose sessions use a statement's generic plan from its first run: left to choose, PostgreSQL planned
 * the list's page afresh at every execution (0.5-1.8 ms, more than running it), because the generic plan
 * guesses that an unknown OFFSET skips a tenth of the table and so always looks dearer than the custom one.
 * The station page (one row by its key) needs no twin: PostgreSQL settles on its generic plan by itself. PGlite
 * (one process, no plan choice worth a pool) and transactions read on the database they were given.
 */
const plannedTwins = new WeakMap<Database, Database>();

export function setPlannedTwin(db: Database, planned: Database): void {
  plannedTwins.set(db, planned);
}

/** The database to run a prepared statement of `db` on. Only statements whose generic plan was checked belong there. */
export function plannedOn(db: Database): Database {
  return plannedTwins.get(db) ?? db;
}
