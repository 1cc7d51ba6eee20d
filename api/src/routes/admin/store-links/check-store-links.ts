import { STORE_LINK_MESSAGES, errorSchema, storeLinkCheckBody, storeLinkCheckResponse } from '@battledeck/shared/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdmin } from '../../../auth/guards';
import { notFound } from '../../../errors';
import { findPartRow } from '../../../repositories/store-link-checks-repository';

/**
 * POST /api/admin/store-links/check (T): checks one part's store links now, under the schedule's lock (one
 * run at a time per deployment; `ran: false` when another held it). Admins only.
 */
const route: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/check',
    {
      onRequest: [app.authenticate],
      preHandler: [requireAdmin],
      schema: {
        tags: ['admin'],
        summary: "Check a part's store links now",
        security: [{ bearer: [] }],
        body: storeLinkCheckBody,
        response: { 200: storeLinkCheckResponse, 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema },
      },
    },
    async (request) => {
      if (!(await findPartRow(app.db, request.body.part_id))) throw notFound(STORE_LINK_MESSAGES.partNotFound);
      const summary = await app.runStoreLinkCheck({ partId: request.body.part_id });
      return summary ? { ...summary, ran: true } : { checked: 0, ok: 0, failed: 0, ran: false };
    },
  );
};

export default route;
