import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { databaseFault } from '../../src/db/connection-errors';
import { openPostgres } from '../../src/db/postgres';
import { MESSAGES } from '../../src/errors';
import { startApiProcess, waitUntilHealthy, type ApiProcess } from './helpers/api-process';
import { percentile, startLoad, type Sample } from './helpers/load';
import { registerThroughApi, writeCatalogue, type RegisteredUser } from './helpers/reliability-data';
import { recordFigures } from './helpers/figures';
import { startThrowawayPostgres, type ThrowawayPostgres } from './helpers/throwaway-postgres';

const PG_PORT = 55432;
const API_PORT = 8640;
const STATEMENT_TIMEOUT_MS = 1500;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let postgres: ThrowawayPostgres;
let api: ApiProcess;
let dataDir: string;
let user: RegisteredUser;

beforeAll(async () => {
  postgres = await startThrowawayPostgres(PG_PORT);
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'battledeck-reliability-'));
  api = startApiProcess(API_PORT, {
    DATABASE_URL: postgres.url,
    DB_POOL_SIZE: '10',
    DB_STATEMENT_TIMEOUT_MS: String(STATEMENT_TIMEOUT_MS),
    DATA_DIR: dataDir,
    FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
  });
  await waitUntilHealthy(api);
  user = await registerThroughApi(api.url);
  await writeCatalogue(postgres.url, user.uid, { parts: 10, stations: 40 });
});

afterAll(async () => {
  await api?.kill();
  await postgres?.destroy();
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

/** Requests that must reach the database each time (a fresh search, a signed-in call, readiness) plus one the response cache may answer. */
function mixedRequest(worker: number, n: number) {
  switch (n % 4) {
    case 0:
      return { path: `/api/battlestations?searchTerm=desk-${worker}-${n}` };
    case 1:
      return { path: `/api/users/${user.uid}`, headers: { authorization: `Bearer ${user.token}` } };
    case 2:
      return { path: '/api/health' };
    default:
      return { path: '/api/battlestations/featured' };
  }
}

const reachesDatabase = (s: Sample) => !s.path.endsWith('/featured');

describe('PostgreSQL restarted in the middle of a load run', () => {
  it('keeps the API alive, answers 503 with a clear message while the database is down, and recovers within 5 s', async () => {
    const load = startLoad({ baseUrl: api.url, concurrency: 8, next: mixedRequest, requestTimeoutMs: 10_000 });
    await sleep(2000);
    const stopping = Date.now();
    await postgres.stop();
    const down = Date.now();

    await sleep(1000);
    // Readiness says which dependency is missing while the database is away.
    const health = await fetch(`${api.url}/api/health`);
    const healthBody = (await health.json()) as Record<string, unknown>;
    await sleep(2000);
    expect(api.alive()).toBe(true);

    const starting = Date.now();
    await postgres.start();
    const up = Date.now();
    await sleep(3000);
    const samples = await load.stop();

    // The process survived: no crash, the pool's error listener took the dropped idle connections.
    expect(api.alive()).toBe(true);
    expect(health.status).toBe(503);
    expect(healthBody).toEqual({ message: MESSAGES.unavailable, status: 'unavailable', engine: 'postgres', database: 'down' });

    // Every answer is a 200 or a 503 with the message; no 500, no refused connection, nothing hanging.
    const statuses = new Set(samples.map((s) => s.status));
    expect([...statuses].sort()).toEqual([200, 503]);
    const failures = samples.filter((s) => s.status !== 200);
    expect(new Set(failures.map((s) => s.message))).toEqual(new Set([MESSAGES.unavailable]));

    const before = samples.filter((s) => s.endedAt < stopping);
    expect(before.length).toBeGreaterThan(50);
    expect(before.every((s) => s.status === 200)).toBe(true);

    // While the server was down, everything that needs it got 503 fast; cached public answers kept serving.
    const outage = samples.filter((s) => s.startedAt > down && s.endedAt < starting);
    const outageDb = outage.filter(reachesDatabase);
    expect(outageDb.length).toBeGreaterThan(20);
    expect(outageDb.every((s) => s.status === 503)).toBe(true);
    const outageCached = outage.filter((s) => !reachesDatabase(s));
    expect(outageCached.every((s) => s.status === 200 && s.cached)).toBe(true);
    const outageLatencies = outageDb.map((s) => s.endedAt - s.startedAt);
    expect(percentile(outageLatencies, 100)).toBeLessThan(2000);

    // Recovery: the first database-backed 200 after the server accepts connections again, then only 200s.
    const after = samples.filter((s) => reachesDatabase(s) && s.startedAt >= up).sort((a, b) => a.endedAt - b.endedAt);
    const firstOk = after.find((s) => s.status === 200);
    expect(firstOk).toBeDefined();
    const recoveryMs = (firstOk as Sample).endedAt - up;
    expect(recoveryMs).toBeLessThan(5000);
    expect(after.filter((s) => s.startedAt > (firstOk as Sample).endedAt).every((s) => s.status === 200)).toBe(true);

    const firstFailure = samples.filter((s) => s.status === 503).sort((a, b) => a.endedAt - b.endedAt)[0];
    const poolErrors = api.output().split('\n').filter((line) => line.includes('PostgreSQL connection error')).length;
    recordFigures('postgres-restart', {
      requests: samples.length,
      ok: samples.filter((s) => s.status === 200).length,
      unavailable: failures.length,
      requestsDuringOutage: outage.length,
      cachedAnswersDuringOutage: outageCached.length,
      stopMs: down - stopping,
      firstFailureAfterStopMs: firstFailure.endedAt - stopping,
      outageP50Ms: percentile(outageLatencies, 50),
      outageMaxMs: percentile(outageLatencies, 100),
      serverStartMs: up - starting,
      recoveryMs,
      poolErrorsLogged: poolErrors,
    });
  });
});

describe('a statement that runs past DB_STATEMENT_TIMEOUT_MS', () => {
  it('answers 503 with a clear message once the time limit passes, instead of hanging', async () => {
    // Another session holds the table: the API's next read waits on the lock until the statement timeout cancels it.
    const blocker = new pg.Client({ connectionString: postgres.url });
    await blocker.connect();
    try {
      await blocker.query('BEGIN');
      await blocker.query('LOCK TABLE battlestations IN ACCESS EXCLUSIVE MODE');
      const started = Date.now();
      // A station page reads the locked table (a search for an unknown word answers from the vocabulary alone);
      // an id of its own, so no cached answer stands in for the read.
      const response = await fetch(`${api.url}/api/battlestations/id/${1 + (started % 1_000_000)}`, { signal: AbortSignal.timeout(20_000) });
      const elapsedMs = Date.now() - started;
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ message: MESSAGES.timedOut });
      expect(elapsedMs).toBeGreaterThanOrEqual(STATEMENT_TIMEOUT_MS - 100);
      expect(elapsedMs).toBeLessThan(STATEMENT_TIMEOUT_MS + 2000);
      recordFigures('statement-timeout', { statementTimeoutMs: STATEMENT_TIMEOUT_MS, answeredAfterMs: elapsedMs });
    } finally {
      await blocker.query('ROLLBACK');
      await blocker.end();
    }
    const again = await fetch(`${api.url}/api/battlestations?searchTerm=unlocked-${Date.now()}`);
    expect(again.status).toBe(200);
  });
});

describe('a connection cut while the pool has lent it out', () => {
  it('is reported to the error listener instead of crashing the process, and the transaction fails as unavailable', async () => {
    const reported: unknown[] = [];
    const handle = openPostgres({ url: postgres.url, poolSize: 2, statementTimeoutMs: 0, onPoolError: (error) => reported.push(error) });
    const admin = new pg.Client({ connectionString: postgres.url });
    await admin.connect();
    try {
      const outcome = await handle.db
        .transaction(async (tx) => {
          const { rows } = (await tx.execute(sql`SELECT pg_backend_pid() AS pid`)) as unknown as { rows: { pid: number }[] };
          // What a server shutdown does to each session, while this one sits between two statements.
          await admin.query('SELECT pg_terminate_backend($1)', [rows[0].pid]);
          await sleep(300);
          await tx.execute(sql`SELECT 1`);
        })
        .then(
          () => 'committed',
          (error: unknown) => databaseFault(error),
        );
      expect(outcome).toBe('unavailable');
      // The server's notice, then the socket closing: both reach the listener, neither the process.
      expect(reported.length).toBeGreaterThanOrEqual(1);
      expect((reported[0] as { code?: string }).code).toBe('57P01');
      // The broken connection left the pool; the next statement gets a fresh one.
      await expect(handle.db.execute(sql`SELECT 1 AS one`)).resolves.toBeDefined();
    } finally {
      await admin.end();
      await handle.close();
    }
  });
});
