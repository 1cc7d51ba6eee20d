import { errorSchema, partsListResponse, partsQuery } from '@battledeck/shared/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getParts } from '../../services/parts-catalogue-service';
import { sendCacheable } from './catalogue-cache';

/** GET /api/parts: the catalogue, paged, sorted, by category, searched (typo-tolerant). */
const route: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      // Anonymous answers are the same for everyone: served from the response cache until a write.
      config: { publicCache: true },
      schema: {
        tags: ['parts'],
        summary: 'List parts',
        querystring: partsQuery,
        response: { 200: partsListResponse, 304: z.undefined().describe('Not modified (If-None-Match)'), 400: errorSchema },
      },
    },
    async (request, reply) => sendCacheable(request, reply, await getParts(app.db, request.query)),
  );
};

export default route;
