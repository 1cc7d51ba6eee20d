import { errorSchema, idParams, partDetail } from '@battledeck/shared/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getPartDetail } from '../../services/parts-catalogue-service';
import { sendCacheable } from './catalogue-cache';

/** GET /api/parts/id/{id}: one part with its store links. */
const route: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/id/:id',
    {
      // Anonymous answers are the same for everyone: served from the response cache until a write.
      config: { publicCache: true },
      schema: {
        tags: ['parts'],
        summary: 'Get a part',
        params: idParams,
        response: { 200: partDetail, 304: z.undefined().describe('Not modified (If-None-Match)'), 400: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => sendCacheable(request, reply, await getPartDetail(app.db, request.params.id)),
  );
};

export default route;
