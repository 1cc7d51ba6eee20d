import { defineConfig } from 'drizzle-kit';

// `npm run db:generate -w api` writes a new migration from src/db/schema.ts; the API applies them at start.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
  strict: true,
  verbose: true,
});
