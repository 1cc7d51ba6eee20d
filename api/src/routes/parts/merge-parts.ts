import { errorSchema, idParams, partMergeBody, partMergeSummary } from '@battledeck/shared/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdmin, requireUser } from '../../auth/guards';
import { mergeParts } from '../../services/part-merge-service';
import { routeRateLimit } from '../../plugins/rate-limit';

/**
 * POST /api/parts/{id}/merge {into} (T): part {id} is merged into part `into` and deleted; its stations, store
 * links and requests move in one transaction. Admins only (moderators may edit parts, not merge them).
 */
const route: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/:id/merge',
    {
      onRequest: [app.authenticate],
      config: routeRateLimit(app.config.rateLimits.staffWrite),
      preHandler: [requireAdmin],
      schema: {
        tags: ['parts'],
        summary: 'Merge a part into another',
        security: [{ bearer: [] }],
        params: idParams,
        body: partMergeBody,
        response: { 200: partMergeSummary, 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 429: errorSchema },
      },
    },
    async (request) => mergeParts(app, requireUser(request), request.params.id, request.body.into),
  );
};

export default route;
