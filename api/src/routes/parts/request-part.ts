import { errorSchema, partRequestBody, pendingPart } from '@battledeck/shared/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../auth/guards';
import { parseFields, readFormBody } from '../../lib/form-body';
import { routeRateLimit } from '../../plugins/rate-limit';
import { submitPartRequest } from '../../services/part-request-service';

/** POST /api/parts/request (multipart partName, partUrl): a signed-in user suggests a missing part. */
const route: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/request',
    {
      onRequest: [app.authenticate],
      config: routeRateLimit(app.config.rateLimits.partRequest),
      schema: {
        tags: ['parts'],
        summary: 'Suggest a missing part',
        description: 'multipart/form-data (or JSON) with partName and partUrl; stored as a pending request.',
        security: [{ bearer: [] }],
        consumes: ['multipart/form-data', 'application/json'],
        response: { 201: pendingPart, 400: errorSchema, 401: errorSchema, 429: errorSchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const body = parseFields(partRequestBody, (await readFormBody(request)).fields);
      return reply.code(201).send(await submitPartRequest(app.db, user, body));
    },
  );
};

export default route;
