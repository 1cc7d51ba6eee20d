import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * A throwaway database on the local PostgreSQL server (the one DATABASE_URL names, else the machine's
 * 127.0.0.1:5432), created empty for one cluster and dropped with it.
 */
export interface ClusterDatabase {
  url: string;
  name: string;
  /** Runs one query on an admin connection (pg_stat_activity, pg_terminate_backend…). */
  admin<T extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<T[]>;
  drop(): Promise<void>;
}

function serverUrl(): URL {
  return new URL(process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres');
}

async function onAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const url = serverUrl();
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export async function createClusterDatabase(label: string): Promise<ClusterDatabase> {
  const name = `battledeck_cluster_${label}_${process.pid}_${randomBytes(3).toString('hex')}`;
  await onAdmin((client) => client.query(`CREATE DATABASE "${name}"`));
  const url = serverUrl();
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    admin: (text, values) => onAdmin(async (client) => (await client.query(text, values)).rows),
    drop: () => onAdmin((client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(() => undefined),
  };
}
