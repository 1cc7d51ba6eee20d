import fp from 'fastify-plugin';
import type { Database, DatabaseHandle } from '../db/database';
import { openDatabase } from '../db/open-database';

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
    app.log.info({ engine: database.engine, ms: Date.now() - started }, 'database ready');
    app.decorate('database', database);
    app.decorate('db', database.db);
  },
  { name: 'database', dependencies: ['config'] },
);
