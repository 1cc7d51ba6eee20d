import { errorSchema, idParams } from '@battledeck/shared/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../auth/guards';
import { deleteBattlestationById } from '../../services/battlestation-writes-service';
import { routeRateLimit } from '../../plugins/rate-limit';

/** DELETE /api/battlestations/id/{id} (T): owner or staff; rows, favorites and photo files go. */
const route: FastifyPluginAsyncZod = async (app) => {
  app.delete(
    '/id/:id',
    {
      onRequest: [app.authenticate],
      config: routeRateLimit(app.config.rateLimits.upload),
      schema: {
        tags: ['battlestations'],
        summary: 'Delete a battlestation',
        security: [{ bearer: [] }],
        params: idParams,
        response: { 204: z.undefined().describe('Deleted'), 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 429: errorSchema },
      },
    },
    async (request, reply) => {
      await deleteBattlestationById(app, requireUser(request), request.params.id);
      return reply.code(204).send();
    },
  );
};

export default route;
