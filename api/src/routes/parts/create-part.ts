import { errorSchema, partWriteFields, partWriteResponse } from '@battledeck/shared/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdminOrModerator } from '../../auth/guards';
import { parseFields, readFormBody } from '../../lib/form-body';
import { createPart } from '../../services/part-write-service';
import { routeRateLimit } from '../../plugins/rate-limit';

/**
 * POST /api/parts/ (T, M): name, type_id, manufacturer, manufacturer_url, `image` file or image_url,
 * added_stores, and request_id to approve a pending request in the same transaction. Staff only.
 */
const route: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/',
    {
      onRequest: [app.authenticate],
      config: routeRateLimit(app.config.rateLimits.staffWrite),
      preHandler: [requireAdminOrModerator],
      schema: {
        tags: ['parts'],
        summary: 'Create a part (multipart)',
        security: [{ bearer: [] }],
        consumes: ['multipart/form-data'],
        response: { 201: partWriteResponse, 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema, 413: errorSchema, 429: errorSchema },
      },
    },
    async (request, reply) => {
      const { fields, files } = await readFormBody(request, ['image']);
      const created = await createPart(app, parseFields(partWriteFields, fields), files.image);
      return reply.code(201).send(created);
    },
  );
};

export default route;
