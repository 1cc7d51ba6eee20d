import { battlestationsListResponse, battlestationsQuery, errorSchema } from '@battledeck/shared/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listBattlestations } from '../../services/battlestations-service';
import { sendPublic } from './http-cache';

/** GET /api/battlestations: a page of public stations, sorted and searched (typo-tolerant), with the total. */
const route: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      // Anonymous answers are the same for everyone: served from the response cache until a write.
      config: { publicCache: true },
      schema: {
        tags: ['battlestations'],
        summary: 'List public battlestations',
        querystring: battlestationsQuery,
        response: { 200: battlestationsListResponse, 304: z.undefined().describe('Not modified (If-None-Match)'), 400: errorSchema },
      },
    },
    async (request, reply) => {
      const body = await listBattlestations(app.db, request.query, app.largeSearchPasses);
      if (sendPublic(request, reply, body)) return reply;
      return body;
    },
  );
};

export default route;
