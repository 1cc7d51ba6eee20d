import { battlestationDetail, errorSchema, idParams } from '@battledeck/shared/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getBattlestationDetail } from '../../services/battlestations-service';
import { markPrivate, sendPublic } from './http-cache';

/** GET /api/battlestations/id/{id} (token optional): one station; private ones only for the owner and staff. */
const route: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/id/:id',
    {
      // Anonymous answers are the same for everyone: served from the response cache until a write.
      config: { publicCache: true },
      onRequest: [app.optionalAuth],
      schema: {
        tags: ['battlestations'],
        summary: 'Get a battlestation',
        security: [{}, { bearer: [] }],
        params: idParams,
        response: { 200: battlestationDetail, 304: z.undefined().describe('Not modified (If-None-Match)'), 400: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const detail = await getBattlestationDetail(app.db, request.user, request.params.id);
      if (request.user || !detail.is_public) markPrivate(reply);
      else if (sendPublic(request, reply, detail)) return reply;
      return detail;
    },
  );
};

export default route;
