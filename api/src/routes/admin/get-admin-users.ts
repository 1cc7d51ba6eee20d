import { adminUsersQuery, adminUsersResponse, errorSchema } from '@battledeck/shared/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdmin } from '../../auth/guards';
import { getAdminUsers } from '../../services/admin-service';

/** GET /api/admin/users (T): users with roles and station counts (decision 18). Admins only. */
const route: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/users',
    {
      onRequest: [app.authenticate],
      preHandler: [requireAdmin],
      schema: {
        tags: ['admin'],
        summary: 'List users',
        security: [{ bearer: [] }],
        querystring: adminUsersQuery,
        response: { 200: adminUsersResponse, 400: errorSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (request) => getAdminUsers(app.db, request.query),
  );
};

export default route;
