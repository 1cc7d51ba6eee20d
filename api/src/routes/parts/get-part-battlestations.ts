import { battlestationsListResponse, errorSchema, idParams, partBattlestationsQuery } from '@battledeck/shared/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getPartBattlestations } from '../../services/parts-catalogue-service';
import { sendCacheable } from './catalogue-cache';

/** GET /api/parts/id/{id}/battlestations?page_number=N: public battlestations using the part, 10 a page. */
const route: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/id/:id/battlestations',
    {
      // Anonymous answers are the same for everyone: served from the response cache until a write.
      config: { publicCache: true },
      schema: {
        tags: ['parts'],
        summary: "A part's battlestations",
        params: idParams,
        querystring: partBattlestationsQuery,
        response: {
          200: battlestationsListResponse,
          304: z.undefined().describe('Not modified (If-None-Match)'),
          400: errorSchema,
          404: errorSchema,
        },
      },
    },
    async (request, reply) =>
      sendCacheable(request, reply, await getPartBattlestations(app.db, request.params.id, request.query.page_number)),
  );
};

export default route;
