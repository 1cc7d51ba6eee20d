import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { createStorage } from '../storage/create-storage';
import type { Storage } from '../storage/storage';

declare module 'fastify' {
  interface FastifyInstance {
    storage: Storage;
  }
}

const YEAR_MS = 365 * 24 * 3600 * 1000;
const SERVED_FILE = /^\/(battlestations|parts)\/[A-Za-z0-9][A-Za-z0-9_-]*\.(jpg|png|gif|webp)$/;

/**
 * Image storage; with the local driver the API also serves the files at /images/{folder}/{file}. With S3
 * the bucket (or a CDN in front of it, IMAGE_BASE_URL) serves them.
 */
export default fp(
  async (app) => {
    const { config } = app;
    const storage = await createStorage(config);
    app.decorate('storage', storage);
    app.addHook('onClose', () => storage.close?.());
    if (storage.driver !== 'local') return;

    await app.register(async (images) => {
      // Public images may be shown by pages on other origins (a CDN in front, a remote's dev page): this
      // context's hook runs after the global security headers and relaxes their CORP.
      images.addHook('onRequest', (_request, reply, done) => {
        reply.header('cross-origin-resource-policy', 'cross-origin');
        done();
      });
      await images.register(fastifyStatic, {
        root: config.imagesDir,
        prefix: '/images/',
        decorateReply: false,
        index: false,
        list: false,
        dotfiles: 'deny',
        // Names are random and never reused, so a file never changes.
        cacheControl: true,
        immutable: true,
        maxAge: YEAR_MS,
        // Only our own file names: no directories, no dot files, no odd extensions.
        allowedPath: (pathName) => SERVED_FILE.test(pathName),
        schemaHide: true,
      });
    });
  },
  { name: 'storage', dependencies: ['config'] },
);
