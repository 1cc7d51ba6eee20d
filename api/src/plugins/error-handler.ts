import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { BATTLESTATION_MESSAGES } from '@battledeck/shared/contract';
import { identityUnreachable } from '../auth/identity-errors';
import { databaseFault, isLostReference } from '../db/connection-errors';
import { HttpError, MESSAGES } from '../errors';

type ZodValidationError = FastifyError & { validation: { instancePath: string; keyword: string; message?: string }[] };

/** The first zod issue's own message: the contract writes them for people ('Field is required.'). */
function validationMessage(error: ZodValidationError): string {
  const first = error.validation[0];
  if (first.instancePath === '/' && first.keyword === 'invalid_type') {
    return `The request ${error.validationContext ?? 'body'} is missing or is not an object.`;
  }
  return first.message ?? 'The request is not valid.';
}

/**
 * One error handler: 4xx answer `{ message }` with a message meant for people; 5xx answer a fixed text
 * and never carry internals, while the real error goes to the log.
 */
export default fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      if (hasZodFastifySchemaValidationErrors(error)) {
        return reply.code(400).send({ message: validationMessage(error as ZodValidationError) });
      }
      if (error.code === 'FST_REQ_FILE_TOO_LARGE') {
        return reply.code(413).send({ message: BATTLESTATION_MESSAGES.fileTooLarge });
      }
      // Passing faults of what the API depends on: 503 with a message that says so, never a 500 or a hang.
      const fault = databaseFault(error);
      if (fault || identityUnreachable(error)) {
        request.log.warn({ err: error }, 'a dependency is unavailable');
        const message = fault === 'timeout' ? MESSAGES.timedOut : fault === 'contention' ? MESSAGES.contention : fault ? MESSAGES.unavailable : MESSAGES.identityUnavailable;
        // A deadlock's loser may try again at once: the winner has its locks by now.
        if (fault === 'contention') reply.header('Retry-After', '1');
        return reply.code(503).send({ message });
      }
      if (isLostReference(error)) {
        request.log.info({ err: error }, 'a write named a row removed meanwhile');
        return reply.code(409).send({ message: MESSAGES.removedMeanwhile });
      }
      const status = error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode <= 599 ? error.statusCode : 500;
      if (status >= 500) {
        request.log.error({ err: error }, 'request failed');
        // An HttpError's message is written to be shown (e.g. the identity service's 503); anything else is hidden.
        if (status === 503) return reply.code(503).send({ message: error instanceof HttpError ? error.message : MESSAGES.unavailable });
        return reply.code(500).send({ message: MESSAGES.internal });
      }
      request.log.info({ status, message: error.message }, 'request refused');
      return reply.code(status).send({ message: error.message });
    });

    app.setNotFoundHandler((_request, reply) => reply.code(404).send({ message: MESSAGES.notFound }));
  },
  { name: 'error-handler' },
);
