import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import Redis from 'ioredis';
import { buildApp } from '../../../src/app';
import { loadConfig } from '../../../src/config';
import { AUTH_EMULATOR } from '../../../src/dev/auth-emulator';
import { startS3Server, type TestS3Server } from '../../helpers/s3-server';
import { startApiInstance, waitUntilHealthy, type ApiInstance } from './api-instance';
import { createClusterDatabase, type ClusterDatabase } from './cluster-database';
import { startNginx, type Nginx } from './nginx';

/** Ports of the cluster (8700-8759 belong to these tests): nginx, instance A, instance B, s3rver. */
export const CLUSTER_PORTS = { nginx: 8700, a: 8701, b: 8702, s3: 8703 } as const;
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** Each instance's pool; two instances and the test's own app stay far below the server's 100 connections. */
export const INSTANCE_POOL_SIZE = 10;

export interface Cluster {
  nginx: Nginx;
  a: ApiInstance;
  b: ApiInstance;
  instances: ApiInstance[];
  database: ClusterDatabase;
  s3: TestS3Server;
  /** Public URL of the bucket (IMAGE_BASE_URL of the instances). */
  imageBaseUrl: string;
  /** An app in the test process on the same database, bucket and emulator: factories and checks only, never behind nginx. */
  control: FastifyInstance;
  /** Milliseconds from spawning both instances (at once, on an empty database) until both answered /api/health. */
  startMs: number;
  stop(): Promise<void>;
}

export interface ClusterOptions {
  /** Names the throwaway database. */
  label: string;
  /** Extra environment for both instances (rate limits…). */
  env?: Record<string, string>;
}

async function dropRedisNamespace(namespace: string): Promise<void> {
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    const keys: string[] = [];
    let cursor = '0';
    do {
      const [next, found] = await redis.scan(cursor, 'MATCH', `${namespace}*`, 'COUNT', 1000);
      cursor = next;
      keys.push(...found);
    } while (cursor !== '0');
    if (keys.length) await redis.del(...keys);
  } finally {
    redis.disconnect();
  }
}

/**
 * Two PostgreSQL-backed API processes behind nginx, sharing one throwaway database, one s3rver bucket,
 * Redis rate-limit counters (a namespace of their own) and the shared Auth emulator. Everything it starts,
 * stop() stops; the database, bucket and Redis keys go with it.
 */
export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const cleanups: (() => Promise<unknown>)[] = [];
  const cleanup = async () => {
    for (const step of cleanups.reverse()) await step().catch((error: unknown) => console.warn('cluster clean-up:', error));
  };
  try {
    const database = await createClusterDatabase(options.label);
    cleanups.push(() => database.drop());
    const s3 = await startS3Server('battledeck-cluster', CLUSTER_PORTS.s3);
    cleanups.push(() => s3.close());
    const namespace = `bd-cluster-${randomUUID()}:`;
    cleanups.push(() => dropRedisNamespace(namespace));
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bd-cluster-data-'));
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));

    const env: Record<string, string> = {
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      DB_POOL_SIZE: String(INSTANCE_POOL_SIZE),
      DB_STATEMENT_TIMEOUT_MS: '15000',
      STORAGE: 's3',
      S3_BUCKET: s3.settings.bucket,
      S3_REGION: s3.settings.region,
      S3_ENDPOINT: s3.settings.endpoint ?? '',
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: s3.settings.accessKeyId ?? '',
      S3_SECRET_ACCESS_KEY: s3.settings.secretAccessKey ?? '',
      IMAGE_BASE_URL: s3.publicBaseUrl,
      REDIS_URL,
      RATE_LIMIT_NAMESPACE: namespace,
      FIREBASE_AUTH_EMULATOR_HOST: AUTH_EMULATOR.address,
      SEED_ON_EMPTY: 'false',
      TRUST_PROXY: 'loopback',
      ...options.env,
    };
    const started = Date.now();
    const a = startApiInstance('instance A', CLUSTER_PORTS.a, env);
    const b = startApiInstance('instance B', CLUSTER_PORTS.b, env);
    cleanups.push(() => Promise.all([a.kill(), b.kill()]));
    await Promise.all([waitUntilHealthy(a), waitUntilHealthy(b)]);
    const startMs = Date.now() - started;

    const nginx = await startNginx(CLUSTER_PORTS.nginx, [CLUSTER_PORTS.a, CLUSTER_PORTS.b]);
    cleanups.push(() => nginx.stop());

    const config = loadConfig(
      { NODE_ENV: 'test' },
      {
        databaseUrl: database.url,
        dbPoolSize: 5,
        storage: 's3',
        s3: s3.settings,
        imageBaseUrl: s3.publicBaseUrl,
        authEmulatorHost: AUTH_EMULATOR.address,
        seedOnEmpty: false,
        dataDir,
      },
    );
    const control = await buildApp({ config });
    cleanups.push(() => control.close());

    return { nginx, a, b, instances: [a, b], database, s3, imageBaseUrl: s3.publicBaseUrl, control, startMs, stop: cleanup };
  } catch (error) {
    await cleanup();
    throw error;
  }
}
