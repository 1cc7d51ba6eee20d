import { errorSchema, storesListResponse, storesQuery } from '@battledeck/shared/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getStores } from '../../services/stores-service';

/** GET /api/stores: one page of stores, sorted by name, url or part_count, optionally searched. */
const route: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      // Anonymous answers are the same for everyone: served from the response cache until a write.
      config: { publicCache: true },
      schema: {
        tags: ['stores'],
        summary: 'List stores',
        querystring: storesQuery,
        response: { 200: storesListResponse, 400: errorSchema },
      },
    },
    async (request) => getStores(app.db, request.query),
  );
};

export default route;
