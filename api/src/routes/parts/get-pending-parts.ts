import { errorSchema, pendingPartsResponse } from '@battledeck/shared/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdminOrModerator } from '../../auth/guards';
import { getPendingParts } from '../../services/pending-parts-service';

/** GET /api/parts/pending (T): the part requests, pending first. Staff only. */
const route: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/pending',
    {
      onRequest: [app.authenticate],
      preHandler: [requireAdminOrModerator],
      schema: {
        tags: ['parts'],
        summary: 'List part requests',
        security: [{ bearer: [] }],
        response: { 200: pendingPartsResponse, 401: errorSchema, 403: errorSchema },
      },
    },
    async () => getPendingParts(app.db),
  );
};

export default route;
