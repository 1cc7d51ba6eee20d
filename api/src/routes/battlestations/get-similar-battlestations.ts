import { errorSchema, idParams, similarStationsResponse } from '@battledeck/shared/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getSimilarBattlestations } from '../../services/discovery-service';
import { markPrivate, sendPublic } from './http-cache';

/**
 * GET /api/battlestations/id/{id}/similar (token optional): public stations like this one (decision 014),
 * same visibility as the station; never a private station in the list.
 */
const route: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/id/:id/similar',
    {
      // Anonymous answers are the same for everyone: served from the response cache until a write.
      config: { publicCache: true },
      onRequest: [app.optionalAuth],
      schema: {
        tags: ['battlestations'],
        summary: 'Battlestations like this one',
        security: [{}, { bearer: [] }],
        params: idParams,
        response: { 200: similarStationsResponse, 304: z.undefined().describe('Not modified (If-None-Match)'), 400: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const { stations, isPublic } = await getSimilarBattlestations(app.db, request.user, request.params.id);
      // The same list for everyone who may see the station: only a private station's stays out of caches.
      if (!isPublic) markPrivate(reply);
      else if (sendPublic(request, reply, stations)) return reply;
      return stations;
    },
  );
};

export default route;
