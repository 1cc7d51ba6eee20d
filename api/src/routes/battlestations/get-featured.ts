import { featuredResponse } from '@battledeck/shared/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getFeaturedBattlestations } from '../../services/battlestations-service';
import { sendPublic } from './http-cache';

/** GET /api/battlestations/featured: up to 12 public cards for the home page. */
const route: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/featured',
    {
      // Anonymous answers are the same for everyone: served from the response cache until a write.
      config: { publicCache: true },
      schema: {
        tags: ['battlestations'],
        summary: 'Featured battlestations',
        response: { 200: featuredResponse, 304: z.undefined().describe('Not modified (If-None-Match)') },
      },
    },
    async (request, reply) => {
      const featured = await getFeaturedBattlestations(app.db);
      if (sendPublic(request, reply, featured)) return reply;
      return featured;
    },
  );
};

export default route;
