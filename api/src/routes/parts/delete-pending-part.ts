import { errorSchema, idParams } from '@battledeck/shared/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdminOrModerator } from '../../auth/guards';
import { deletePendingPart } from '../../services/pending-parts-service';
import { routeRateLimit } from '../../plugins/rate-limit';

/** DELETE /api/parts/pending/{id} (T): drops a part request. Staff only. */
const route: FastifyPluginAsyncZod = async (app) => {
  app.delete(
    '/pending/:id',
    {
      onRequest: [app.authenticate],
      config: routeRateLimit(app.config.rateLimits.staffWrite),
      preHandler: [requireAdminOrModerator],
      schema: {
        tags: ['parts'],
        summary: 'Delete a part request',
        security: [{ bearer: [] }],
        params: idParams,
        response: { 204: z.undefined(), 401: errorSchema, 403: errorSchema, 404: errorSchema, 429: errorSchema },
      },
    },
    async (request, reply) => {
      await deletePendingPart(app.db, request.params.id);
      return reply.code(204).send();
    },
  );
};

export default route;
