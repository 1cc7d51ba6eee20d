import { errorSchema, idParams, stationHistoryQuery, stationHistoryResponse } from '@battledeck/shared/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getStationHistory } from '../../services/station-history-service';
import { markPrivate, sendPublic } from './http-cache';

/**
 * GET /api/battlestations/id/{id}/history (token optional): what each save changed, who saved and when, newest
 * first (keyset: `cursor` = the last change_id seen). The owner and staff see everything; others see a public
 * station's public entries only (decision 019); a private station is a 404 to them, as the station itself.
 */
const route: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/id/:id/history',
    {
      // Anonymous answers are the same for everyone: served from the response cache until a write.
      config: { publicCache: true },
      onRequest: [app.optionalAuth],
      schema: {
        tags: ['battlestations'],
        summary: "A battlestation's history",
        security: [{}, { bearer: [] }],
        params: idParams,
        querystring: stationHistoryQuery,
        response: { 200: stationHistoryResponse, 304: z.undefined().describe('Not modified (If-None-Match)'), 400: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const { history, isPublic } = await getStationHistory(app.db, request.user, request.params.id, request.query);
      if (request.user || !isPublic) markPrivate(reply);
      else if (sendPublic(request, reply, history)) return reply;
      return history;
    },
  );
};

export default route;
