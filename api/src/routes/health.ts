import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MESSAGES } from '../errors';

const engine = z.enum(['pglite', 'postgres']);
const healthResponse = z.object({ status: z.literal('ok'), engine, database: z.literal('up') });
/** Readiness fails when the database does not answer: a load balancer takes the instance out until it does. */
const downResponse = z.object({ message: z.string(), status: z.literal('unavailable'), engine, database: z.literal('down') });

/** GET /api/health: readiness (migrated, seeded, database answering), polled by the start script and tests. */
const route: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    { schema: { tags: ['health'], summary: 'Readiness', response: { 200: healthResponse, 503: downResponse } } },
    async (request, reply) => {
      try {
        await app.db.execute(sql`SELECT 1`);
      } catch (error) {
        request.log.warn({ err: error }, 'health check: the database does not answer');
        return reply.code(503).send({ message: MESSAGES.unavailable, status: 'unavailable', engine: app.database.engine, database: 'down' });
      }
      return { status: 'ok' as const, engine: app.database.engine, database: 'up' as const };
    },
  );
};

export default route;
