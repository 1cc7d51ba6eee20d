import { adminStats, errorSchema } from '@battledeck/shared/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdminOrModerator } from '../../auth/guards';
import { getAdminStats } from '../../services/admin-service';

/** GET /api/admin/stats (T): live figures for the admin home (decision 18). Staff only. */
const route: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/stats',
    {
      onRequest: [app.authenticate],
      preHandler: [requireAdminOrModerator],
      schema: {
        tags: ['admin'],
        summary: 'Admin figures',
        security: [{ bearer: [] }],
        response: { 200: adminStats, 401: errorSchema, 403: errorSchema },
      },
    },
    async () => getAdminStats(app.db),
  );
};

export default route;
