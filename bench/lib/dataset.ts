import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import { ROOT } from './processes';

const TSX = require.resolve('tsx/cli');

/**
 * The version of the rows api/src/seed/scale.ts lays out, in the reused dataset's name: raise it when the
 * layout changes, so that a dataset seeded before is seeded again rather than measured as if it were the new
 * one (2: parts and descriptions drawn independently of the names, 2026-11-29).
 */
const SCALE_LAYOUT = 2;

/** Where the API reads the dataset: env for the API process. */
export interface Dataset {
  engine: 'postgres' | 'pglite';
  env: Record<string, string>;
  seededNow: boolean;
  seedSeconds?: number;
}

function runSeed(stations: number, env: Record<string, string>): Promise<number> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [TSX, path.join(ROOT, 'api', 'src', 'seed', 'cli.ts'), '--scale', String(stations)], {
      env: { ...process.env, ...env },
      stdio: 'inherit',
    });
    child.on('exit', (code) => (code === 0 ? resolve((Date.now() - started) / 1000) : reject(new Error(`scale seed exited with ${code}`))));
  });
}

/** A database on the PostgreSQL server of DATABASE_URL holding the scale dataset, made once and reused. */
async function postgresDataset(serverUrl: string, stations: number): Promise<Dataset> {
  const name = `battledeck_bench_${stations}_layout${SCALE_LAYOUT}`;
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const env = { DATABASE_URL: url.toString() };
  try {
    const exists = (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1;
    if (exists) {
      const probe = new Client({ connectionString: env.DATABASE_URL });
      await probe.connect();
      const ready = await probe
        .query<{ n: number }>('SELECT count(*)::int AS n FROM battlestations')
        .then((r) => r.rows[0].n === stations)
        .catch(() => false);
      await probe.end();
      if (ready) return { engine: 'postgres', env, seededNow: false };
      await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
    }
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const seedSeconds = await runSeed(stations, env);
  return { engine: 'postgres', env, seededNow: true, seedSeconds };
}

/** An embedded PGlite data directory holding the scale dataset, made once and reused. */
async function pgliteDataset(stations: number): Promise<Dataset> {
  const dataDir = path.join(ROOT, '.tmp', `bench-pglite-${stations}-layout${SCALE_LAYOUT}`);
  const env = { DATA_DIR: dataDir, DATABASE_URL: '' };
  if (existsSync(path.join(dataDir, 'ready'))) return { engine: 'pglite', env, seededNow: false };
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const seedSeconds = await runSeed(stations, env);
  writeFileSync(path.join(dataDir, 'ready'), new Date().toISOString());
  return { engine: 'pglite', env, seededNow: true, seedSeconds };
}

export function prepareDataset(engine: 'postgres' | 'pglite', stations: number): Promise<Dataset> {
  if (engine === 'postgres') {
    if (!process.env.DATABASE_URL) throw new Error('DATABASE_URL is needed for the PostgreSQL runs.');
    return postgresDataset(process.env.DATABASE_URL, stations);
  }
  return pgliteDataset(stations);
}
