import { errorSchema, similarPartsQuery, similarPartsResponse } from '@battledeck/shared/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeRateLimit } from '../../plugins/rate-limit';
import { getSimilarParts } from '../../services/part-suggestions-service';

/**
 * GET /api/parts/similar?name&partType: existing parts a missing part's name may mean ('Did you mean …?').
 * Limited per client (RATE_LIMIT_SIMILAR_PARTS_*, 120 a minute by default): a typist asks at most once per
 * pause (the form waits 300 ms), so that is generous for a person and stops a script from walking the
 * catalogue through it (decision 021).
 */
const route: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/similar',
    {
      config: routeRateLimit(app.config.rateLimits.similarParts),
      schema: {
        tags: ['parts'],
        summary: 'Existing parts like a name',
        querystring: similarPartsQuery,
        response: { 200: similarPartsResponse, 400: errorSchema, 429: errorSchema },
      },
    },
    async (request) => getSimilarParts(app.db, request.query),
  );
};

export default route;
