import type { FastifyInstance } from 'fastify';

/** What services may use; a FastifyInstance satisfies it, tests and scripts can build it by hand. */
export type ServiceDeps = Pick<FastifyInstance, 'db' | 'firebaseAuth' | 'storage' | 'config' | 'log'>;
