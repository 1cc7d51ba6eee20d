import fp from 'fastify-plugin';
import type { Database, DatabaseHandle } from '../db/database';
import { openDatabase } from '../db/open-database';
import { backfillUsernameSkeletons } from '../repositories/users-repository';

declare module 'fastify' {
  interface FastifyInstance {
    /** Drizzle over PGlite or node-postgres; services open transactions with `db.transaction`. */
    db: Database;
    database: DatabaseHandle;
  }
}

export interface DatabasePluginOptions {
  /** An already open database (tests pass a fresh clone); the app closes it with itself. */
  database?: DatabaseHandle;
}

/** Opens the configured engine and brings the schema up to date before any route runs. */
export default fp<DatabasePluginOptions>(
  async (app, opts) => {
    const database = opts.database ?? (await openDatabase(app.config, app.log));
    app.addHook('onClose', async () => {
      await database.close();
    });
    const started = Date.now();
    await database.migrate();
    // Rows older than migration 0005 get their username skeletons (decision 27) before any route runs.
    const skeletons = await backfillUsernameSkeletons(database.db);
    if (skeletons > 0) app.log.info({ users: skeletons }, 'username skeletons filled');
    app.log.info({ engine: database.engine, ms: Date.now() - started }, 'database ready');
    app.decorate('database', database);
    app.decorate('db', database.db);
  },
  { name: 'database', dependencies: ['config'] },
);
