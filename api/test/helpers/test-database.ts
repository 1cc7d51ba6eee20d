import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { DatabaseHandle } from '../../src/db/database';
import { MIGRATIONS_DIR } from '../../src/db/migrations';
import { openPglite } from '../../src/db/pglite';
import { openPostgres } from '../../src/db/postgres';

export type TestEngine = 'pglite' | 'postgres';

export function testEngine(): TestEngine {
  return process.env.BATTLEDECK_TEST_ENGINE === 'postgres' ? 'postgres' : 'pglite';
}

/**
 * Templates are keyed by the migrations' content (and PGlite's version), so they are built once and
 * reused by every later run until a migration changes.
 */
function templateKey(): string {
  const hash = createHash('sha256');
  for (const file of readdirSync(MIGRATIONS_DIR, { recursive: true }).map(String).sort()) {
    const full = path.join(MIGRATIONS_DIR, file);
    if (file.endsWith('.sql') || file.endsWith('.json')) hash.update(file).update(readFileSync(full));
  }
  const apiPackage = JSON.parse(readFileSync(path.resolve(__dirname, '../../package.json'), 'utf8')) as { dependencies: Record<string, string> };
  hash.update(apiPackage.dependencies['@electric-sql/pglite']);
  // How the PGlite template is made (its template databases dropped since 2026-12-07).
  hash.update('pglite-template-2');
  return hash.digest('hex').slice(0, 16);
}

export interface TestDatabase {
  handle: DatabaseHandle;
  /** Removes what close() leaves behind (the server-side database). */
  dispose(): Promise<void>;
}

// ---- PGlite: clone a dumped, migrated data directory (about 1 s instead of initdb + migrate) ----

/**
 * Read once per worker. The template's own template databases are dropped before the dump: no test creates a
 * database in PGlite, and each clone unpacked 8 MB of template0 and of template1 (42 MB became 27 MB, and a clone
 * about 0.4 CPU-seconds cheaper, on every one of the suite's hundred-odd test apps).
 */
let templateDump: Promise<Blob> | undefined;

async function pgliteTemplate(): Promise<Blob> {
  const file = path.join(os.tmpdir(), 'battledeck-api-tests', `pglite-${templateKey()}.tar`);
  if (!existsSync(file)) {
    const template = await openPglite();
    await template.migrate();
    for (const database of ['template0', 'template1']) {
      await template.client.query(`ALTER DATABASE ${database} IS_TEMPLATE false`);
      await template.client.query(`DROP DATABASE ${database}`);
    }
    await template.client.query('CHECKPOINT');
    const dump = await template.client.dumpDataDir('none');
    await template.close();
    await fs.mkdir(path.dirname(file), { recursive: true });
    // Workers may race to build it: write aside, then rename atomically.
    const temp = `${file}.${process.pid}.tmp`;
    await fs.writeFile(temp, Buffer.from(await dump.arrayBuffer()));
    await fs.rename(temp, file);
  }
  return new Blob([await fs.readFile(file)]);
}

async function openPgliteClone(): Promise<TestDatabase> {
  const handle = await openPglite({ loadDataDir: await (templateDump ??= pgliteTemplate()) });
  return { handle, dispose: async () => undefined };
}

// ---- PostgreSQL: CREATE DATABASE … TEMPLATE a migrated template on the DATABASE_URL server ----

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

async function withAdmin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function postgresTemplate(url: string): Promise<string> {
  const name = `battledeck_test_tpl_${templateKey()}`;
  await withAdmin(url, async (admin) => {
    // One builder across workers; the others wait, then find it.
    await admin.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
    try {
      const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (exists.rowCount) return;
      const building = `${name}_build_${process.pid}`;
      await admin.query(`DROP DATABASE IF EXISTS "${building}"`);
      await admin.query(`CREATE DATABASE "${building}"`);
      const handle = openPostgres({ url: withDatabase(url, building), poolSize: 2, statementTimeoutMs: 0, onPoolError: () => undefined });
      try {
        await handle.migrate();
      } finally {
        await handle.close();
      }
      await admin.query(`ALTER DATABASE "${building}" RENAME TO "${name}"`);
    } finally {
      await admin.query('SELECT pg_advisory_unlock(hashtext($1))', [name]);
    }
  });
  return name;
}

async function openPostgresClone(url: string): Promise<TestDatabase> {
  const template = await postgresTemplate(url);
  const name = `battledeck_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await withAdmin(url, (admin) => admin.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`));
  // With a planned twin, as the API runs on a server (decision 024).
  const handle = openPostgres({ url: withDatabase(url, name), poolSize: 5, plannedPoolSize: 2, statementTimeoutMs: 30_000, onPoolError: () => undefined });
  return {
    handle,
    dispose: () => withAdmin(url, (admin) => admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(() => undefined),
  };
}

/** A fresh, migrated database of the project's engine, for one test file. */
export async function openTestDatabase(): Promise<TestDatabase> {
  if (testEngine() === 'pglite') return openPgliteClone();
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is needed for the postgres engine.');
  return openPostgresClone(url);
}

/**
 * A brand-new, empty database of the project's engine (not a template clone: the migrations run on it),
 * dropped by dispose(). `statementTimeoutMs` is the requests' limit on PostgreSQL (PGlite has none); `plannedPoolSize`, the planned twin's (decision 024).
 */
export async function openEmptyDatabase(statementTimeoutMs = 0, plannedPoolSize = 0): Promise<TestDatabase> {
  if (testEngine() === 'pglite') {
    const handle = await openPglite();
    return { handle, dispose: () => handle.close() };
  }
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is needed for the postgres engine.');
  const name = `battledeck_migrate_${process.pid}_${randomBytes(4).toString('hex')}`;
  await withAdmin(url, (admin) => admin.query(`CREATE DATABASE "${name}"`));
  const handle = openPostgres({ url: withDatabase(url, name), poolSize: 3, plannedPoolSize, statementTimeoutMs, onPoolError: () => undefined });
  return {
    handle,
    async dispose() {
      await handle.close();
      await withAdmin(url, (admin) => admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    },
  };
}
