import { autocompleteQuery, autocompleteResponse, errorSchema } from '@battledeck/shared/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getPartSuggestions } from '../../services/parts-catalogue-service';
import { sendCacheable } from './catalogue-cache';

/**
 * GET /api/parts/autocomplete?partType&searchTerm: the part picker's suggestions. With a term of 2+
 * characters the server filters (best matches first, at most 20); without one, the category's most used
 * names (at most 20).
 */
const route: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/autocomplete',
    {
      // Anonymous answers are the same for everyone: served from the response cache until a write.
      config: { publicCache: true },
      schema: {
        tags: ['parts'],
        summary: 'Part name suggestions',
        querystring: autocompleteQuery,
        response: { 200: autocompleteResponse, 304: z.undefined().describe('Not modified (If-None-Match)'), 400: errorSchema },
      },
    },
    async (request, reply) =>
      sendCacheable(request, reply, await getPartSuggestions(app.db, request.query.partType, request.query.searchTerm)),
  );
};

export default route;
