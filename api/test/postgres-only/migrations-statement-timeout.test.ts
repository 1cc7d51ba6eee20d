import { sql } from 'drizzle-orm';
import { openEmptyDatabase } from '../helpers/test-database';

// PostgreSQL server only (the PGlite project ignores this folder): a statement timeout is a setting of the
// server's connection pool.
describe('migrations on a PostgreSQL server', () => {
  // A migration may rewrite a large table (0004 lower-cases search_text), longer than a request's statement
  // timeout allows; cut off, it would stop every instance from starting.
  it('run free of the statement timeout that requests get', async () => {
    const strict = await openEmptyDatabase(1);
    try {
      await strict.handle.migrate();
      // Requests keep it: 57014 is PostgreSQL's "canceling statement due to statement timeout".
      await expect(strict.handle.db.execute(sql`SELECT pg_sleep(0.05)`)).rejects.toMatchObject({ cause: { code: '57014' } });
    } finally {
      await strict.dispose();
    }
  });
});
