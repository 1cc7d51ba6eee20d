import path from 'node:path';
import { z } from 'zod';
import type { S3Settings } from './storage/s3-storage';
import { DEFAULT_IMAGE_IMPORT, type ImageImportOptions } from './images/import-image-url';
import { LOOPBACK_ADDRESSES } from './outbound/outbound-request';
import { DEFAULT_STORE_LINK_CHECK, type StoreLinkCheckOptions } from './store-links/store-link-options';

/** The repository root, found from this file rather than the working directory so every launcher agrees. */
const REPO_ROOT = path.resolve(__dirname, '../..');

const DEV_EMULATOR_HOST = '127.0.0.1:9099';

/**
 * How long a call to the identity service may take before the API gives up and answers 503. firebase-admin
 * waits 25 s per attempt and retries, so an unresponsive service would hold a request for over two minutes.
 */
export const DEFAULT_IDENTITY_TIMEOUT_MS = 5000;

const bool = (name: string) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: () => `${name} must be true or false.` })
    .transform((v) => v === 'true' || v === '1' || v === 'yes');

const int = (name: string, min: number, max: number) =>
  z.coerce
    .number({ error: () => `${name} must be a whole number.` })
    .int({ error: `${name} must be a whole number.` })
    .min(min, { error: `${name} must be at least ${min}.` })
    .max(max, { error: `${name} must be at most ${max}.` });

/** Optional text: an empty string counts as unset, so `VAR= cmd` switches a default off. */
const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production'], { error: () => 'NODE_ENV must be development, test or production.' }).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { error: () => 'LOG_LEVEL must be a pino level.' }).optional(),
  API_HOST: z.string().trim().min(1).default('127.0.0.1'),
  API_PORT: int('API_PORT', 0, 65535).default(8081),
  /**
   * Whose X-Forwarded-For to believe (rate limits count per client): 'true', 'false', or proxy-addr names
   * and ranges. Default: loopback, i.e. the start script's site server proxying /api on this machine.
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .default('loopback')
    .transform((v) => (v === 'true' ? true : v === 'false' || v === '' ? false : v)),
  DATA_DIR: optionalText,
  DATABASE_URL: optionalText.refine((v) => v === undefined || /^postgres(ql)?:\/\//.test(v), {
    error: 'DATABASE_URL must start with postgres:// or postgresql://.',
  }),
  DB_POOL_SIZE: int('DB_POOL_SIZE', 1, 200).default(10),
  /** Connections of the planned twin (decision 024), besides DB_POOL_SIZE; 0: none, those reads use the main pool. */
  DB_PLANNED_POOL_SIZE: int('DB_PLANNED_POOL_SIZE', 0, 200).default(4),
  DB_STATEMENT_TIMEOUT_MS: int('DB_STATEMENT_TIMEOUT_MS', 0, 3_600_000).default(15_000),
  /** A station search's passes over many matches run at once per instance; more wait their turn (decision 015). */
  LARGE_SEARCH_CONCURRENCY: int('LARGE_SEARCH_CONCURRENCY', 1, 200).default(2),
  /** How many matches make a search's count or gathering large (see LARGE_SEARCH_CONCURRENCY). */
  LARGE_SEARCH_ROWS: int('LARGE_SEARCH_ROWS', 0, 100_000_000).default(20_000),
  STORAGE: z.enum(['local', 's3'], { error: () => 'STORAGE must be local or s3.' }).default('local'),
  IMAGES_DIR: optionalText,
  IMAGE_BASE_URL: z.string().trim().min(1).default('/images'),
  /** The site's public origin (scheme, host, port): oEmbed accepts its station pages and links back to it (ADR 018). */
  PUBLIC_ORIGIN: z
    .string()
    .trim()
    .default('http://localhost:8080')
    .refine((v) => /^https?:\/\/[^/?#@]+\/?$/i.test(v) && URL.canParse(v), { error: 'PUBLIC_ORIGIN must be an http(s) origin, e.g. https://battledeck.example.' }),
  S3_BUCKET: optionalText,
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  S3_ENDPOINT: optionalText,
  S3_FORCE_PATH_STYLE: bool('S3_FORCE_PATH_STYLE').default(false),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  FIREBASE_PROJECT_ID: z.string().trim().min(1).default('demo-battledeck'),
  /** Unset means "the default": the local emulator outside production. An empty value switches it off. */
  FIREBASE_AUTH_EMULATOR_HOST: z.string().trim().optional(),
  /** How long a call to the identity service may take before the API answers 503 (see identity-errors.ts). */
  IDENTITY_TIMEOUT_MS: int('IDENTITY_TIMEOUT_MS', 100, 120_000).default(DEFAULT_IDENTITY_TIMEOUT_MS),
  SEED_ON_EMPTY: bool('SEED_ON_EMPTY').optional(),
  CORS_ORIGINS: z.string().trim().default(''),
  /** The loud opt-in for listening beyond loopback with the Auth emulator (unsigned tokens): 'yes' only. */
  BATTLEDECK_UNSAFE_EMULATOR_ON_NETWORK: z.string().optional(),
  REDIS_URL: optionalText.refine((v) => v === undefined || /^rediss?:\/\//.test(v), { error: 'REDIS_URL must start with redis:// or rediss://.' }),
  RATE_LIMIT_NAMESPACE: z.string().trim().min(1).default('battledeck-rate-limit:'),
  RESPONSE_CACHE_ENTRIES: int('RESPONSE_CACHE_ENTRIES', 0, 1_000_000).default(2000),
  RESPONSE_CACHE_TTL_MS: int('RESPONSE_CACHE_TTL_MS', 0, 3_600_000).default(30_000),
  RATE_LIMIT_SIGN_UP_MAX: int('RATE_LIMIT_SIGN_UP_MAX', 1, 1_000_000).default(10),
  RATE_LIMIT_SIGN_UP_WINDOW_MS: int('RATE_LIMIT_SIGN_UP_WINDOW_MS', 1000, 86_400_000).default(15 * 60_000),
  RATE_LIMIT_UPLOAD_MAX: int('RATE_LIMIT_UPLOAD_MAX', 1, 1_000_000).default(30),
  RATE_LIMIT_UPLOAD_WINDOW_MS: int('RATE_LIMIT_UPLOAD_WINDOW_MS', 1000, 86_400_000).default(15 * 60_000),
  RATE_LIMIT_FAVORITE_MAX: int('RATE_LIMIT_FAVORITE_MAX', 1, 1_000_000).default(120),
  RATE_LIMIT_FAVORITE_WINDOW_MS: int('RATE_LIMIT_FAVORITE_WINDOW_MS', 1000, 86_400_000).default(60_000),
  RATE_LIMIT_PART_REQUEST_MAX: int('RATE_LIMIT_PART_REQUEST_MAX', 1, 1_000_000).default(10),
  RATE_LIMIT_PART_REQUEST_WINDOW_MS: int('RATE_LIMIT_PART_REQUEST_WINDOW_MS', 1000, 86_400_000).default(60 * 60_000),
  /** 'Did you mean …?' while naming a missing part: a typist asks at most once per pause (decision 021). */
  RATE_LIMIT_SIMILAR_PARTS_MAX: int('RATE_LIMIT_SIMILAR_PARTS_MAX', 1, 1_000_000).default(120),
  RATE_LIMIT_SIMILAR_PARTS_WINDOW_MS: int('RATE_LIMIT_SIMILAR_PARTS_WINDOW_MS', 1000, 86_400_000).default(60_000),
  /** Staff writes (parts, merges, requests, stores, store links, roles): a stolen staff token cannot flood them. */
  RATE_LIMIT_STAFF_WRITE_MAX: int('RATE_LIMIT_STAFF_WRITE_MAX', 1, 1_000_000).default(120),
  RATE_LIMIT_STAFF_WRITE_WINDOW_MS: int('RATE_LIMIT_STAFF_WRITE_WINDOW_MS', 1000, 86_400_000).default(60_000),
  /** Test-only: the image import and the store-link checker may reach 127.0.0.1 and ::1. Refused in production. */
  OUTBOUND_ALLOW_LOOPBACK: bool('OUTBOUND_ALLOW_LOOPBACK').default(false),
  /** Store-link checker (issue 20 item 5): 0 switches the schedule off; unset means off in tests, 15 minutes otherwise. */
  STORE_LINK_CHECK_INTERVAL_MS: int('STORE_LINK_CHECK_INTERVAL_MS', 0, 7 * 86_400_000).optional(),
  STORE_LINK_RECHECK_AFTER_MS: int('STORE_LINK_RECHECK_AFTER_MS', 0, 90 * 86_400_000).default(DEFAULT_STORE_LINK_CHECK.recheckAfterMs),
  STORE_LINK_RETRY_AFTER_MS: int('STORE_LINK_RETRY_AFTER_MS', 0, 90 * 86_400_000).default(DEFAULT_STORE_LINK_CHECK.retryAfterMs),
  STORE_LINK_HOST_SPACING_MS: int('STORE_LINK_HOST_SPACING_MS', 0, 600_000).default(DEFAULT_STORE_LINK_CHECK.hostSpacingMs),
  STORE_LINK_CONCURRENCY: int('STORE_LINK_CONCURRENCY', 1, 64).default(DEFAULT_STORE_LINK_CHECK.concurrency),
  STORE_LINK_TIMEOUT_MS: int('STORE_LINK_TIMEOUT_MS', 100, 120_000).default(DEFAULT_STORE_LINK_CHECK.timeoutMs),
  STORE_LINK_BATCH: int('STORE_LINK_BATCH', 1, 100_000).default(DEFAULT_STORE_LINK_CHECK.batchSize),
});

export interface RateLimitRule {
  max: number;
  timeWindowMs: number;
}
export type RateLimitName = 'signUp' | 'upload' | 'favorite' | 'partRequest' | 'similarParts' | 'staffWrite';

export interface Config {
  nodeEnv: 'development' | 'test' | 'production';
  logLevel: string;
  host: string;
  port: number;
  trustProxy: boolean | string;
  dataDir: string;
  /** postgres://… for a server; undefined means embedded PGlite under `${dataDir}/pg`. */
  databaseUrl: string | undefined;
  pgliteDir: string;
  dbPoolSize: number;
  dbPlannedPoolSize: number;
  dbStatementTimeoutMs: number;
  largeSearchConcurrency: number;
  largeSearchRows: number;
  storage: 'local' | 's3';
  imagesDir: string;
  imageBaseUrl: string;
  /** The site's public origin, e.g. https://battledeck.example (no trailing slash). */
  publicOrigin: string;
  /** Bucket settings when `storage` is 's3'. */
  s3: S3Settings | undefined;
  firebaseProjectId: string;
  /** host:port of the Firebase Auth emulator, or undefined for the real service. */
  authEmulatorHost: string | undefined;
  identityTimeoutMs: number;
  seedOnEmpty: boolean;
  corsOrigins: string[];
  /** Shared rate-limit counters live in Redis when set. */
  redisUrl: string | undefined;
  rateLimitNamespace: string;
  /** Public answers kept in memory (0 switches the cache off), and how long at most. */
  responseCacheEntries: number;
  responseCacheTtlMs: number;
  rateLimits: Record<RateLimitName, RateLimitRule>;
  /**
   * Image import by URL for the part form (decision 19). Not read from the environment: public addresses
   * only, always; tests override `allowedAddresses` to serve images from 127.0.0.1.
   */
  imageImport: ImageImportOptions;
  /** The scheduled store-link checker; its allowedAddresses follow OUTBOUND_ALLOW_LOOPBACK like the import's. */
  storeLinkCheck: StoreLinkCheckOptions;
  /** Listening beyond loopback with the Auth emulator was explicitly allowed. */
  unsafeEmulatorOnNetwork: boolean;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Reads the environment once at boot; throws a ConfigError naming the first bad variable.
 * `overrides` win over the environment (tests build apps with temporary directories and seeding off).
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const variable = String(issue.path[0] ?? 'environment');
    const message = issue.message.includes(variable) ? issue.message : `${variable}: ${issue.message}`;
    throw new ConfigError(`Invalid configuration: ${message}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  const dataDir = path.resolve(REPO_ROOT, e.DATA_DIR ?? 'data');
  const emulatorHost = authEmulatorHostOf(e);

  const config: Config = {
    nodeEnv: e.NODE_ENV,
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    host: e.API_HOST,
    port: e.API_PORT,
    trustProxy: e.TRUST_PROXY,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    pgliteDir: path.join(dataDir, 'pg'),
    dbPoolSize: e.DB_POOL_SIZE,
    dbPlannedPoolSize: e.DB_PLANNED_POOL_SIZE,
    dbStatementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS,
    largeSearchConcurrency: e.LARGE_SEARCH_CONCURRENCY,
    largeSearchRows: e.LARGE_SEARCH_ROWS,
    storage: e.STORAGE,
    imagesDir: e.IMAGES_DIR ? path.resolve(REPO_ROOT, e.IMAGES_DIR) : path.join(dataDir, 'images'),
    imageBaseUrl: e.IMAGE_BASE_URL.replace(/\/+$/, ''),
    publicOrigin: new URL(e.PUBLIC_ORIGIN).origin,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          endpoint: e.S3_ENDPOINT,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
        }
      : undefined,
    firebaseProjectId: e.FIREBASE_PROJECT_ID,
    authEmulatorHost: emulatorHost,
    identityTimeoutMs: e.IDENTITY_TIMEOUT_MS,
    // Demo accounts with published passwords must never appear in production by accident.
    seedOnEmpty: e.SEED_ON_EMPTY ?? !production,
    corsOrigins: e.CORS_ORIGINS.split(',').map((o) => o.trim()).filter(Boolean),
    redisUrl: e.REDIS_URL,
    rateLimitNamespace: e.RATE_LIMIT_NAMESPACE,
    responseCacheEntries: e.RESPONSE_CACHE_ENTRIES,
    responseCacheTtlMs: e.RESPONSE_CACHE_TTL_MS,
    rateLimits: {
      signUp: { max: e.RATE_LIMIT_SIGN_UP_MAX, timeWindowMs: e.RATE_LIMIT_SIGN_UP_WINDOW_MS },
      upload: { max: e.RATE_LIMIT_UPLOAD_MAX, timeWindowMs: e.RATE_LIMIT_UPLOAD_WINDOW_MS },
      favorite: { max: e.RATE_LIMIT_FAVORITE_MAX, timeWindowMs: e.RATE_LIMIT_FAVORITE_WINDOW_MS },
      partRequest: { max: e.RATE_LIMIT_PART_REQUEST_MAX, timeWindowMs: e.RATE_LIMIT_PART_REQUEST_WINDOW_MS },
      similarParts: { max: e.RATE_LIMIT_SIMILAR_PARTS_MAX, timeWindowMs: e.RATE_LIMIT_SIMILAR_PARTS_WINDOW_MS },
      staffWrite: { max: e.RATE_LIMIT_STAFF_WRITE_MAX, timeWindowMs: e.RATE_LIMIT_STAFF_WRITE_WINDOW_MS },
    },
    imageImport: e.OUTBOUND_ALLOW_LOOPBACK ? { ...DEFAULT_IMAGE_IMPORT, allowedAddresses: LOOPBACK_ADDRESSES } : DEFAULT_IMAGE_IMPORT,
    storeLinkCheck: {
      ...DEFAULT_STORE_LINK_CHECK,
      intervalMs: e.STORE_LINK_CHECK_INTERVAL_MS ?? (e.NODE_ENV === 'test' ? 0 : DEFAULT_STORE_LINK_CHECK.intervalMs),
      recheckAfterMs: e.STORE_LINK_RECHECK_AFTER_MS,
      retryAfterMs: e.STORE_LINK_RETRY_AFTER_MS,
      hostSpacingMs: e.STORE_LINK_HOST_SPACING_MS,
      concurrency: e.STORE_LINK_CONCURRENCY,
      timeoutMs: e.STORE_LINK_TIMEOUT_MS,
      batchSize: e.STORE_LINK_BATCH,
      allowedAddresses: e.OUTBOUND_ALLOW_LOOPBACK ? LOOPBACK_ADDRESSES : [],
    },
    unsafeEmulatorOnNetwork: e.BATTLEDECK_UNSAFE_EMULATOR_ON_NETWORK === 'yes',
    ...overrides,
  };
  assertSafe(config);
  return config;
}

/** 127.0.0.0/8, ::1 or localhost: only this machine can connect. */
/**
 * The Auth emulator the API trusts (its tokens unsigned), or undefined for the real Firebase Auth:
 * FIREBASE_AUTH_EMULATOR_HOST when set ('' = none), else the local emulator outside production.
 */
export function authEmulatorHostOf(env: { NODE_ENV?: string; FIREBASE_AUTH_EMULATOR_HOST?: string }): string | undefined {
  if (env.FIREBASE_AUTH_EMULATOR_HOST === undefined) return env.NODE_ENV === 'production' ? undefined : DEV_EMULATOR_HOST;
  return env.FIREBASE_AUTH_EMULATOR_HOST.trim() || undefined;
}

export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  return bare === 'localhost' || bare === '::1' || /^127(\.\d{1,3}){3}$/.test(bare);
}

function assertSafe(config: Config): void {
  if (config.nodeEnv === 'production' && config.authEmulatorHost) {
    // The emulator accepts unsigned tokens: anyone could sign in as anyone.
    throw new ConfigError(
      'Invalid configuration: FIREBASE_AUTH_EMULATOR_HOST is set while NODE_ENV=production. ' +
        'The Auth emulator does not check token signatures; unset it to use the real Firebase project.',
    );
  }
  if (config.authEmulatorHost && !isLoopbackHost(config.host) && !config.unsafeEmulatorOnNetwork) {
    throw new ConfigError(
      `Invalid configuration: API_HOST=${config.host} with the Firebase Auth emulator. The emulator's tokens are not ` +
        'signed, so anyone who can reach the API could act as any user. Listen on 127.0.0.1, use a real Firebase ' +
        'project, or set BATTLEDECK_UNSAFE_EMULATOR_ON_NETWORK=yes on a network you trust completely.',
    );
  }
  if (config.nodeEnv === 'production' && (config.imageImport.allowedAddresses.length > 0 || config.storeLinkCheck.allowedAddresses.length > 0)) {
    // The allowance lets an admin-entered URL reach this machine's own services: tests only.
    throw new ConfigError('Invalid configuration: OUTBOUND_ALLOW_LOOPBACK is for tests and is refused when NODE_ENV=production.');
  }
  if (config.storage === 's3' && !config.s3) {
    throw new ConfigError('Invalid configuration: S3_BUCKET is required when STORAGE=s3.');
  }
}
