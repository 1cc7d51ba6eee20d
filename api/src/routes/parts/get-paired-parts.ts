import { errorSchema, idParams, pairedPartsResponse } from '@battledeck/shared/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getPairedParts } from '../../services/discovery-service';
import { sendCacheable } from './catalogue-cache';

/** GET /api/parts/id/{id}/paired: parts often listed with this one on public stations (decision 014). */
const route: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/id/:id/paired',
    {
      // Anonymous answers are the same for everyone: served from the response cache until a write.
      config: { publicCache: true },
      schema: {
        tags: ['parts'],
        summary: 'Parts often paired with this one',
        params: idParams,
        response: { 200: pairedPartsResponse, 304: z.undefined().describe('Not modified (If-None-Match)'), 400: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => sendCacheable(request, reply, await getPairedParts(app.db, request.params.id)),
  );
};

export default route;
