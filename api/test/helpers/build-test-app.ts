import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from '../../src/app';
import { loadConfig, type Config } from '../../src/config';
import { AUTH_EMULATOR } from '../../src/dev/auth-emulator';
import { openTestDatabase, type TestDatabase } from './test-database';

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  close(): Promise<void>;
}

const RELAXED_LIMIT = { max: 10_000, timeWindowMs: 60_000 };

/**
 * The real app on a fresh database (a clone of a migrated template), images in a temporary directory,
 * seeding off, the shared Auth emulator. Rate limits and the identity time limit are relaxed unless `overrides`
 * sets them.
 *
 *   let t: TestApp;
 *   beforeAll(async () => { t = await buildTestApp(); });
 *   afterAll(() => t.close());
 */
export async function buildTestApp(overrides: Partial<Config> = {}, options: Pick<AppOptions, 'tokenVerifier' | 'onRoute'> = {}): Promise<TestApp> {
  const imagesDir = await fs.mkdtemp(path.join(os.tmpdir(), 'battledeck-images-'));
  const removeImages = () => fs.rm(imagesDir, { recursive: true, force: true });
  let database: TestDatabase;
  try {
    database = await openTestDatabase();
  } catch (error) {
    await removeImages();
    throw error;
  }
  const config = loadConfig(
    { NODE_ENV: 'test' },
    {
      imagesDir,
      seedOnEmpty: false,
      authEmulatorHost: AUTH_EMULATOR.address,
      rateLimits: { signUp: RELAXED_LIMIT, upload: RELAXED_LIMIT, favorite: RELAXED_LIMIT, partRequest: RELAXED_LIMIT, similarParts: RELAXED_LIMIT, staffWrite: RELAXED_LIMIT },
      // Factories write rows directly, behind the API's back: tests read fresh answers unless they test the cache.
      responseCacheEntries: 0,
      // One emulator serves every test worker; on a loaded machine it can take over the production limit of 5 s
      // to check a token. The identity faults suite sets the production limit and tests it.
      identityTimeoutMs: 30_000,
      ...overrides,
    },
  );
  let app: FastifyInstance;
  try {
    app = await buildApp({ config, database: database.handle, ...options });
  } catch (error) {
    await database.handle.close().catch(() => undefined);
    await database.dispose();
    await removeImages();
    throw error;
  }
  return {
    app,
    config,
    async close() {
      await app.close();
      await database.dispose();
      await removeImages();
    },
  };
}
