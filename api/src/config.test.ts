import path from 'node:path';
import { ConfigError, loadConfig } from './config';

const REPO_ROOT = path.resolve(__dirname, '../..');

describe('loadConfig', () => {
  it('defaults to the embedded set-up: PGlite and images under <repo>/data, the local emulator, seeding on', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      nodeEnv: 'development',
      host: '127.0.0.1',
      port: 8081,
      dataDir: path.join(REPO_ROOT, 'data'),
      pgliteDir: path.join(REPO_ROOT, 'data', 'pg'),
      imagesDir: path.join(REPO_ROOT, 'data', 'images'),
      imageBaseUrl: '/images',
      databaseUrl: undefined,
      storage: 'local',
      firebaseProjectId: 'demo-battledeck',
      authEmulatorHost: '127.0.0.1:9099',
      seedOnEmpty: true,
      corsOrigins: [],
      trustProxy: 'loopback',
      dbPoolSize: 10,
      dbPlannedPoolSize: 4,
      largeSearchConcurrency: 2,
      largeSearchRows: 20_000,
    });
    expect(config.rateLimits.signUp).toEqual({ max: 10, timeWindowMs: 15 * 60_000 });
    expect(config.rateLimits.similarParts).toEqual({ max: 120, timeWindowMs: 60_000 });
  });

  it('resolves a relative DATA_DIR from the repository root, not the working directory', () => {
    const config = loadConfig({ DATA_DIR: 'tmp/somewhere' });
    expect(config.dataDir).toBe(path.join(REPO_ROOT, 'tmp/somewhere'));
    expect(config.imagesDir).toBe(path.join(REPO_ROOT, 'tmp/somewhere/images'));
  });

  it('reads the server, database, CORS and limit settings', () => {
    const config = loadConfig({
      API_PORT: '9000',
      DATABASE_URL: 'postgres://u@db:5432/app',
      DB_POOL_SIZE: '4',
      DB_PLANNED_POOL_SIZE: '0',
      CORS_ORIGINS: 'http://localhost:3001, http://localhost:3002',
      RATE_LIMIT_SIGN_UP_MAX: '3',
      RATE_LIMIT_SIMILAR_PARTS_MAX: '30',
      SEED_ON_EMPTY: 'false',
      IMAGE_BASE_URL: 'https://cdn.example.com/images/',
      TRUST_PROXY: 'false',
    });
    expect(config).toMatchObject({ port: 9000, databaseUrl: 'postgres://u@db:5432/app', dbPoolSize: 4, dbPlannedPoolSize: 0, seedOnEmpty: false, trustProxy: false });
    expect(config.corsOrigins).toEqual(['http://localhost:3001', 'http://localhost:3002']);
    expect(config.rateLimits.signUp.max).toBe(3);
    expect(config.rateLimits.similarParts.max).toBe(30);
    expect(config.imageBaseUrl).toBe('https://cdn.example.com/images');
  });

  it.each([
    [{ API_PORT: 'eighty' }, /API_PORT must be a whole number/],
    [{ API_PORT: '70000' }, /API_PORT must be at most 65535/],
    [{ DB_PLANNED_POOL_SIZE: '-1' }, /DB_PLANNED_POOL_SIZE must be at least 0/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL must start with postgres:\/\//],
    [{ SEED_ON_EMPTY: 'maybe' }, /SEED_ON_EMPTY must be true or false/],
    [{ NODE_ENV: 'staging' }, /NODE_ENV must be development, test or production/],
    [{ RATE_LIMIT_SIGN_UP_MAX: '0' }, /RATE_LIMIT_SIGN_UP_MAX must be at least 1/],
  ])('fails fast naming the bad variable (%o)', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('refuses to start in production with the Auth emulator switched on', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' })).toThrow(
      /FIREBASE_AUTH_EMULATOR_HOST is set while NODE_ENV=production/,
    );
  });

  // Issue 15 finding 3: with the emulator a forged alg:none admin token was accepted over the network.
  it.each(['0.0.0.0', '::', '192.168.1.20', 'example.com'])('refuses to listen on %s with the Auth emulator unless loudly allowed', (host) => {
    expect(() => loadConfig({ API_HOST: host })).toThrow(/API_HOST=.* with the Firebase Auth emulator/);
    expect(loadConfig({ API_HOST: host, BATTLEDECK_UNSAFE_EMULATOR_ON_NETWORK: 'yes' }).host).toBe(host);
    expect(() => loadConfig({ API_HOST: host, BATTLEDECK_UNSAFE_EMULATOR_ON_NETWORK: 'true' })).toThrow(ConfigError);
    expect(loadConfig({ API_HOST: host, NODE_ENV: 'production', FIREBASE_PROJECT_ID: 'battledeck-prod' }).host).toBe(host);
  });

  it.each(['127.0.0.1', '127.1.2.3', '::1', '[::1]', 'localhost'])('listens on loopback %s with the Auth emulator', (host) => {
    expect(loadConfig({ API_HOST: host }).host).toBe(host);
  });

  it('uses the real Firebase project in production and does not seed demo accounts there', () => {
    const config = loadConfig({ NODE_ENV: 'production', FIREBASE_PROJECT_ID: 'battledeck-prod' });
    expect(config.authEmulatorHost).toBeUndefined();
    expect(config.seedOnEmpty).toBe(false);
  });

  it('lets an empty FIREBASE_AUTH_EMULATOR_HOST switch the emulator off outside production', () => {
    expect(loadConfig({ FIREBASE_AUTH_EMULATOR_HOST: '' }).authEmulatorHost).toBeUndefined();
  });

  it('gives the identity service 5 s unless IDENTITY_TIMEOUT_MS says otherwise, within 100 ms and 2 min', () => {
    expect(loadConfig({}).identityTimeoutMs).toBe(5000);
    expect(loadConfig({ IDENTITY_TIMEOUT_MS: '12000' }).identityTimeoutMs).toBe(12_000);
    expect(() => loadConfig({ IDENTITY_TIMEOUT_MS: '50' })).toThrow(/IDENTITY_TIMEOUT_MS/);
    expect(() => loadConfig({ IDENTITY_TIMEOUT_MS: 'soon' })).toThrow(/IDENTITY_TIMEOUT_MS/);
  });

  it('needs a bucket for the S3 driver and reads its settings', () => {
    expect(() => loadConfig({ STORAGE: 's3' })).toThrow(/S3_BUCKET is required when STORAGE=s3/);
    const config = loadConfig({
      STORAGE: 's3',
      S3_BUCKET: 'photos',
      S3_ENDPOINT: 'http://127.0.0.1:4569',
      S3_FORCE_PATH_STYLE: 'true',
      IMAGE_BASE_URL: 'https://cdn.example.com/photos/',
    });
    expect(config.s3).toEqual({
      bucket: 'photos',
      region: 'us-east-1',
      endpoint: 'http://127.0.0.1:4569',
      forcePathStyle: true,
      accessKeyId: undefined,
      secretAccessKey: undefined,
    });
    expect(config.imageBaseUrl).toBe('https://cdn.example.com/photos');
  });
});
