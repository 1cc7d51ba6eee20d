import multipart from '@fastify/multipart';
import fp from 'fastify-plugin';
import { LIMITS } from '@battledeck/shared/contract';

/** Multipart bodies (uploads, admin forms): 4 MiB a file (decision 9), files consumed as streams by the routes. */
export default fp(
  async (app) => {
    await app.register(multipart, {
      // File names as sent, so a name with folders ('../x.jpg') is refused rather than quietly cut to 'x.jpg'.
      preservePath: true,
      limits: {
        fileSize: LIMITS.imageMaxBytes,
        files: LIMITS.imagesPerStationMax,
        fields: 50,
        fieldSize: 100_000,
        parts: 100,
      },
    });
  },
  { name: 'multipart' },
);
