import { errorSchema, idParams, partMergeQuery, partMergeSummary } from '@battledeck/shared/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdmin } from '../../auth/guards';
import { previewPartMerge } from '../../services/part-merge-service';

/** GET /api/parts/{id}/merge-preview?into (T): what merging part {id} into `into` would move. Admins only. */
const route: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:id/merge-preview',
    {
      onRequest: [app.authenticate],
      preHandler: [requireAdmin],
      schema: {
        tags: ['parts'],
        summary: 'Preview a part merge',
        security: [{ bearer: [] }],
        params: idParams,
        querystring: partMergeQuery,
        response: { 200: partMergeSummary, 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema },
      },
    },
    async (request) => previewPartMerge(app.db, request.params.id, request.query.into),
  );
};

export default route;
