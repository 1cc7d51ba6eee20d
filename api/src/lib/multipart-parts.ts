import type { Multipart } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../errors';

export const MALFORMED_MULTIPART = 'The form data could not be read: the multipart body is malformed.';

/**
 * The multipart parser (busboy) reports a malformed body (no boundary, a broken part header, a body that
 * ends early) as a plain Error, which would answer 500. Errors that carry a status (limits, our own) pass.
 */
export function asMultipartError(error: unknown): unknown {
  if (error instanceof HttpError) return error;
  if (typeof error === 'object' && error !== null && typeof (error as { statusCode?: unknown }).statusCode === 'number') return error;
  return new HttpError(400, MALFORMED_MULTIPART, { cause: error });
}

/** `request.parts()`, with parser errors turned into a 400. */
export async function* multipartParts(request: FastifyRequest): AsyncGenerator<Multipart> {
  let iterator: AsyncIterator<Multipart>;
  try {
    iterator = request.parts()[Symbol.asyncIterator]();
  } catch (error) {
    throw asMultipartError(error);
  }
  let done = false;
  try {
    for (;;) {
      let next: IteratorResult<Multipart>;
      try {
        next = await iterator.next();
      } catch (error) {
        done = true;
        throw asMultipartError(error);
      }
      if (next.done) {
        done = true;
        return;
      }
      yield next.value;
    }
  } finally {
    // A consumer that stops early (a refused field) lets the parser clean up, as `for await` would.
    if (!done) await iterator.return?.();
  }
}
