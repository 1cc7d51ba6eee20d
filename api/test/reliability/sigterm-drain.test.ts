import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { multipart } from '../helpers/upload';
import { startApiProcess, waitUntilHealthy, type ApiProcess } from './helpers/api-process';
import { recordFigures } from './helpers/figures';
import { registerThroughApi, writeCatalogue, type RegisteredUser } from './helpers/reliability-data';
import { slowUpload } from './helpers/slow-upload';
import { startThrowawayPostgres, type ThrowawayPostgres } from './helpers/throwaway-postgres';

const PG_PORT = 55433;
const API_PORT = 8645;
const UPLOADS = 3;
/** server.ts gives in-flight requests this long before it gives up and exits 1. */
const SHUTDOWN_BOUND_MS = 10_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let postgres: ThrowawayPostgres;
let api: ApiProcess;
let dataDir: string;
let user: RegisteredUser;
let partId: number;

beforeAll(async () => {
  postgres = await startThrowawayPostgres(PG_PORT);
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'battledeck-drain-'));
  api = startApiProcess(API_PORT, {
    DATABASE_URL: postgres.url,
    DATA_DIR: dataDir,
    FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
  });
  await waitUntilHealthy(api);
  user = await registerThroughApi(api.url);
  [{ part_id: partId }] = await writeCatalogue(postgres.url, user.uid, { parts: 1, stations: 0 });
});

afterAll(async () => {
  await api?.kill();
  await postgres?.destroy();
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

/** A photo of about 3 MB (random pixels barely compress), under the 4 MB limit. */
async function threeMegabytePhoto(): Promise<Buffer> {
  const [width, height] = [1250, 850];
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 100, chromaSubsampling: '4:4:4' })
    .toBuffer();
}

/** Resolves with the error code of a fresh TCP connection attempt, or 'connected'. */
function connectOutcome(port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}

describe('SIGTERM while uploads are in flight', () => {
  it('finishes the uploads with 201, refuses new connections, closes the pool and exits 0 within the bound', async () => {
    const photo = await threeMegabytePhoto();
    expect(photo.length).toBeGreaterThan(2.8 * 1024 * 1024);
    expect(photo.length).toBeLessThan(4 * 1024 * 1024);

    // Like a browser or a proxy, the client keeps its connections open after an answer (no idle time-out).
    const agent = new http.Agent({ keepAlive: true });
    // About 3 s per upload: 64 KiB every 60 ms.
    const uploads = Array.from({ length: UPLOADS }, (_, i) => {
      const body = multipart({ name: `Drained desk ${i}`, added_parts: [partId] }, [
        { field: 'images', filename: `desk-${i}.jpg`, content: photo, contentType: 'image/jpeg' },
      ]);
      return slowUpload({
        url: `${api.url}/api/battlestations/`,
        headers: { ...body.headers, authorization: `Bearer ${user.token}` },
        body: body.payload,
        chunkSize: 64 * 1024,
        intervalMs: 60,
        agent,
      });
    });
    while (uploads.some((u) => u.sent() < u.total * 0.3)) await sleep(20);
    const sentAtSignal = uploads.map((u) => u.sent() / u.total);

    const signalledAt = Date.now();
    api.child.kill('SIGTERM');
    await sleep(300);
    // The listening socket is closed at once: a new client is refused while the uploads go on.
    const newConnection = await connectOutcome(API_PORT);
    expect(uploads.every((u) => u.sent() < u.total)).toBe(true);

    const answers = await Promise.all(uploads.map((u) => u.response));
    const exit = await api.exited;
    agent.destroy();
    const lastAnswerAt = Math.max(...answers.map((a) => a.endedAt));

    expect(newConnection).toBe('ECONNREFUSED');
    for (const answer of answers) {
      expect(answer.status).toBe(201);
      expect(JSON.parse(answer.body)).toEqual({ newId: expect.any(Number) });
      // Answers given while closing end their connection, so a kept-alive socket cannot hold up the exit.
      expect(answer.connection).toBe('close');
    }
    expect(exit).toMatchObject({ code: 0, signal: null });
    const exitMs = exit.at - signalledAt;
    expect(exitMs).toBeLessThan(SHUTDOWN_BOUND_MS);
    expect(exit.at - lastAnswerAt).toBeLessThan(1000);

    // What was answered 201 is really stored: rows committed, photos on disk (web size and thumbnail).
    const ids = answers.map((a) => (JSON.parse(a.body) as { newId: number }).newId);
    const check = new pg.Client({ connectionString: postgres.url });
    await check.connect();
    try {
      const stored = await check.query('SELECT count(*)::int AS n FROM battlestations WHERE battlestation_id = ANY($1) AND image_count = 1', [ids]);
      expect(stored.rows[0].n).toBe(UPLOADS);
      // The pool was closed on the way out: no session of the API is left on the server.
      const sessions = await check.query("SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = 'battledeck-api'");
      expect(sessions.rows[0].n).toBe(0);
    } finally {
      await check.end();
    }
    // Each upload is one original plus its thumbnail and width copies.
    const files = await fs.readdir(path.join(dataDir, 'images', 'battlestations'));
    const originals = files.filter((f) => !f.endsWith('.tmp') && !/_(thumb|w\d+)\.[a-z]+$/.test(f));
    expect(originals).toHaveLength(UPLOADS);
    for (const original of originals) expect(files).toContain(original.replace(/(\.[a-z]+)$/, '_thumb$1'));

    recordFigures('sigterm-drain', {
      uploads: UPLOADS,
      photoBytes: photo.length,
      sentAtSignalPercent: Math.round((Math.min(...sentAtSignal) * 100)),
      lastUploadAnsweredAfterSignalMs: lastAnswerAt - signalledAt,
      newConnectionAfter300Ms: newConnection,
      exitCode: exit.code ?? -1,
      exitAfterSignalMs: exitMs,
      exitAfterLastAnswerMs: exit.at - lastAnswerAt,
    });
  });
});
