import { adminUser, errorSchema, rolesBody } from '@battledeck/shared/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin, requireUser } from '../../auth/guards';
import { updateUserRoles } from '../../services/admin-service';
import { routeRateLimit } from '../../plugins/rate-limit';

const params = z.object({ uid: z.string().min(1).max(128, { error: 'The user id is too long.' }) });

/** PUT /api/admin/users/{uid}/roles (T): is_admin, is_moderator. Admins only; never your own admin role. */
const route: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/users/:uid/roles',
    {
      onRequest: [app.authenticate],
      config: routeRateLimit(app.config.rateLimits.staffWrite),
      preHandler: [requireAdmin],
      schema: {
        tags: ['admin'],
        summary: 'Grant or revoke roles',
        security: [{ bearer: [] }],
        params,
        body: rolesBody,
        response: { 200: adminUser, 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema, 429: errorSchema },
      },
    },
    async (request) => updateUserRoles(app.db, requireUser(request), request.params.uid, request.body),
  );
};

export default route;
