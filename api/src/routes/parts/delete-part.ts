import { errorSchema, idParams } from '@battledeck/shared/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdminOrModerator } from '../../auth/guards';
import { deletePart } from '../../services/part-write-service';
import { routeRateLimit } from '../../plugins/rate-limit';

/** DELETE /api/parts/{id} (T): 409 while battlestations list it; else the part, its links and image. Staff only. */
const route: FastifyPluginAsyncZod = async (app) => {
  app.delete(
    '/:id',
    {
      onRequest: [app.authenticate],
      config: routeRateLimit(app.config.rateLimits.staffWrite),
      preHandler: [requireAdminOrModerator],
      schema: {
        tags: ['parts'],
        summary: 'Delete a part',
        security: [{ bearer: [] }],
        params: idParams,
        response: { 204: z.undefined(), 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema, 429: errorSchema },
      },
    },
    async (request, reply) => {
      await deletePart(app, request.params.id);
      return reply.code(204).send();
    },
  );
};

export default route;
