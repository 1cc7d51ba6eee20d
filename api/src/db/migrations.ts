import path from 'node:path';

/** api/drizzle, found from this file so the CLI, the server and the tests agree whatever the cwd. */
export const MIGRATIONS_DIR = path.resolve(__dirname, '../../drizzle');
