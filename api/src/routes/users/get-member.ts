import { errorSchema, memberParams, memberQuery, memberResponse } from '@battledeck/shared/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getMember } from '../../services/members-service';
import { sendPublic } from '../battlestations/http-cache';

/** GET /api/users/by-name/{username}: a member's people page, their public stations only (for anyone). */
const route: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/by-name/:username',
    {
      // The same for every caller (public stations only): served from the response cache until a write.
      config: { publicCache: true },
      schema: {
        tags: ['users'],
        summary: "A member's public page: their public stations and the favorites those received",
        params: memberParams,
        querystring: memberQuery,
        response: { 200: memberResponse, 304: z.undefined().describe('Not modified (If-None-Match)'), 400: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const body = await getMember(app.db, request.params.username, request.query.pageNumber);
      if (sendPublic(request, reply, body)) return reply;
      return body;
    },
  );
};

export default route;
