import { OEMBED_MESSAGES, errorSchema, oembedQuery, oembedResponse } from '@battledeck/shared/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getOembed } from '../services/oembed-service';

/** GET /api/oembed (oEmbed 1.0, ADR 018): the rich embed of a public station's page, for forums and blogs. */
const route: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/oembed',
    {
      schema: {
        tags: ['embeds'],
        summary: "oEmbed of a public battlestation's page",
        querystring: oembedQuery,
        response: { 200: oembedResponse, 400: errorSchema, 404: errorSchema, 501: errorSchema },
      },
    },
    async (request, reply) => {
      // JSON only: oEmbed asks for 501 Not Implemented for a format the provider does not offer (xml).
      const { format, ...wanted } = request.query;
      if (format !== undefined && format !== 'json') return reply.code(501).send({ message: OEMBED_MESSAGES.format });
      const answer = await getOembed(app.db, app.config, wanted);
      // Other sites' servers and pages fetch it: any origin may read it (it holds only public data), and a
      // shared cache may keep it a minute (a station made private drops out of embeds within that time).
      return reply.header('Access-Control-Allow-Origin', '*').header('Cache-Control', 'public, max-age=60').send(answer);
    },
  );
};

export default route;
