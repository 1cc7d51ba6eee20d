import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';

export const FRAMEWORK_MESSAGES = {
  badUrl: 'The address is not valid.',
  tooLong: 'The address is too long.',
  badRequest: 'The request is not valid.',
} as const;

/**
 * Errors the router raises before any route or hook runs (a malformed percent-encoding, a path parameter
 * over the length limit): answered as `{ message }` like every other error, without echoing the address,
 * and with nosniff (helmet's hook never ran for them).
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400;
  const message = error.code === 'FST_ERR_BAD_URL' ? FRAMEWORK_MESSAGES.badUrl : status === 414 ? FRAMEWORK_MESSAGES.tooLong : FRAMEWORK_MESSAGES.badRequest;
  void reply.code(status).header('x-content-type-options', 'nosniff').send({ message });
}
