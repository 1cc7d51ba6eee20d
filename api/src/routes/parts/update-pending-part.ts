import { errorSchema, idParams, pendingPart, pendingStatusBody } from '@battledeck/shared/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdminOrModerator } from '../../auth/guards';
import { parseFields, readFormBody } from '../../lib/form-body';
import { setPendingStatus } from '../../services/pending-parts-service';
import { routeRateLimit } from '../../plugins/rate-limit';

/** PUT /api/parts/pending/{id} (T, M): body `status` (pending or approved). Staff only. */
const route: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/pending/:id',
    {
      onRequest: [app.authenticate],
      config: routeRateLimit(app.config.rateLimits.staffWrite),
      preHandler: [requireAdminOrModerator],
      schema: {
        tags: ['parts'],
        summary: 'Set a part request status (multipart or JSON)',
        security: [{ bearer: [] }],
        params: idParams,
        response: { 200: pendingPart, 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 429: errorSchema },
      },
    },
    async (request) => {
      const { fields } = await readFormBody(request);
      const { status } = parseFields(pendingStatusBody, fields);
      return setPendingStatus(app.db, request.params.id, status);
    },
  );
};

export default route;
