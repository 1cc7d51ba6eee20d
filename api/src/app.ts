import Fastify, { type FastifyInstance, type FastifyServerOptions, type RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { TokenVerifier } from './auth/token-verifier';
import type { DatabaseHandle } from './db/database';
import { frameworkErrors } from './lib/framework-errors';
import authPlugin from './plugins/auth';
import configPlugin from './plugins/config';
import corsPlugin from './plugins/cors';
import databasePlugin from './plugins/database';
import errorHandler from './plugins/error-handler';
import helmetPlugin from './plugins/helmet';
import inputGuardPlugin from './plugins/input-guard';
import largeSearchPassesPlugin from './plugins/large-search-passes';
import multipartPlugin from './plugins/multipart';
import photoWidthsPlugin from './plugins/photo-widths';
import privatePhotosPlugin from './plugins/private-photos';
import rateLimitPlugin from './plugins/rate-limit';
import redisPlugin from './plugins/redis';
import responseCachePlugin from './plugins/response-cache';
import seedPlugin from './plugins/seed';
import storagePlugin from './plugins/storage';
import storeLinkSchedulePlugin from './plugins/store-link-schedule';
import swaggerPlugin from './plugins/swagger';
import routes from './routes';

export interface AppOptions {
  config: Config;
  /** An open database to use instead of the configured one (tests); the app closes it. */
  database?: DatabaseHandle;
  /** Verifies ID tokens instead of the configured verifier (tests of the production path). */
  tokenVerifier?: TokenVerifier;
  /** Sees every route as it is registered (the authorization matrix test takes its route inventory from it). */
  onRoute?: (route: RouteOptions) => void;
}

/**
 * The whole service as one plugin: external plugins first (their hooks must see every route), then the
 * app's own (database, storage, auth, seed), then the routes.
 */
async function app(fastify: FastifyInstance, opts: AppOptions): Promise<void> {
  fastify.setValidatorCompiler(validatorCompiler);
  fastify.setSerializerCompiler(serializerCompiler);
  if (opts.onRoute) fastify.addHook('onRoute', opts.onRoute);

  await fastify.register(configPlugin, { config: opts.config });
  await fastify.register(errorHandler);
  await fastify.register(helmetPlugin);
  await fastify.register(inputGuardPlugin);
  await fastify.register(corsPlugin);
  await fastify.register(redisPlugin);
  await fastify.register(responseCachePlugin);
  await fastify.register(rateLimitPlugin);
  await fastify.register(multipartPlugin);
  await fastify.register(swaggerPlugin);

  await fastify.register(databasePlugin, { database: opts.database });
  await fastify.register(largeSearchPassesPlugin);
  await fastify.register(storagePlugin);
  await fastify.register(authPlugin, { verifier: opts.tokenVerifier });
  await fastify.register(seedPlugin);
  await fastify.register(privatePhotosPlugin);
  await fastify.register(photoWidthsPlugin);
  await fastify.register(storeLinkSchedulePlugin);

  await fastify.register(routes);
}

const appPlugin = fp(app, { name: 'battledeck-api' });
export default appPlugin;

export function serverOptions(config: Config): FastifyServerOptions {
  return {
    logger: { level: config.logLevel },
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
    // A malformed or over-long address is answered as `{ message }`, like every other error.
    frameworkErrors,
    // Seeding on a first start renders 135 photos through the image pipeline: 23 s alone, past 120 s on CI's
    // loaded machine beside the test suites (stop 30). Whoever waits for /api/health bounds a hung start too.
    pluginTimeout: 600_000,
  };
}

/** A ready-to-listen instance; server.ts starts it, tests `inject` into it. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const fastify = Fastify(serverOptions(options.config)).withTypeProvider<ZodTypeProvider>();
  await fastify.register(appPlugin, options);
  await fastify.ready();
  return fastify;
}
