import { errorSchema, idParams, stationPartsResponse } from '@battledeck/shared/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getStationParts } from '../../services/station-parts-service';
import { markPrivate, sendPublic } from './http-cache';

/** GET /api/battlestations/id/{id}/parts (token optional): the part list (whole parts), same visibility as the station. */
const route: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/id/:id/parts',
    {
      // Anonymous answers are the same for everyone: served from the response cache until a write.
      config: { publicCache: true },
      onRequest: [app.optionalAuth],
      schema: {
        tags: ['battlestations'],
        summary: "List a battlestation's parts",
        security: [{}, { bearer: [] }],
        params: idParams,
        response: { 200: stationPartsResponse, 304: z.undefined().describe('Not modified (If-None-Match)'), 400: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const { parts, isPublic } = await getStationParts(app.db, request.user, request.params.id);
      // The same list for everyone who may see it: only a private station's stays out of caches.
      if (!isPublic) markPrivate(reply);
      else if (sendPublic(request, reply, parts)) return reply;
      return parts;
    },
  );
};

export default route;
