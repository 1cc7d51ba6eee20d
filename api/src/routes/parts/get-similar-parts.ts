import { errorSchema, similarPartsQuery, similarPartsResponse } from '@battledeck/shared/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeRateLimit } from '../../plugins/rate-limit';
import { getSimilarParts } from '../../services/part-suggestions-service';

/**
 * Per client: a typist asks at most once per pause (the form waits 300 ms), so 120 a minute is generous for a
 * person and stops a script from walking the catalogue through it. A constant for now (decision 021).
 */
export const SIMILAR_PARTS_RATE_LIMIT = { max: 120, timeWindowMs: 60_000 };

/** GET /api/parts/similar?name&partType: existing parts a missing part's name may mean ('Did you mean …?'). */
const route: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/similar',
    {
      config: routeRateLimit(SIMILAR_PARTS_RATE_LIMIT),
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
