import { partTypesResponse } from '@battledeck/shared/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { matchesEtag, setPublicCache } from '../../lib/http-cache';
import { getPartTypes } from '../../services/part-types-service';

/** Clients keep part types 24 hours (SPEC §7/§9); shared caches may too. */
const MAX_AGE_SECONDS = 24 * 3600;

/** GET /api/parts/types: the part categories. */
const route: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/types',
    {
      // Anonymous answers are the same for everyone: served from the response cache until a write.
      config: { publicCache: true },
      schema: {
        tags: ['parts'],
        summary: 'List part types',
        response: { 200: partTypesResponse, 304: z.undefined().describe('Not modified (If-None-Match)') },
      },
    },
    async (request, reply) => {
      const types = await getPartTypes(app.db);
      const etag = setPublicCache(reply, types, MAX_AGE_SECONDS);
      if (matchesEtag(request, etag)) return reply.code(304).send();
      return types;
    },
  );
};

export default route;
