import fp from 'fastify-plugin';
import { badRequest } from '../errors';

export const NUL_MESSAGE = 'Text must not contain NUL characters (U+0000).';

/** True when a string (or a key or string anywhere inside an object or array) holds U+0000. */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 64 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((item) => containsNul(item, depth + 1));
  return Object.entries(value).some(([key, item]) => key.includes('\u0000') || containsNul(item, depth + 1));
}

/**
 * PostgreSQL text cannot hold U+0000: a NUL in a search term, a name or an id would otherwise fail the
 * query and answer 500. Refused for every route before validation (query, path, JSON body); multipart
 * fields are checked where they are parsed (lib/form-body.ts).
 */
export default fp(
  async (app) => {
    app.addHook('preValidation', async (request) => {
      if (containsNul(request.query) || containsNul(request.params) || containsNul(request.body)) throw badRequest(NUL_MESSAGE);
    });
  },
  { name: 'input-guard' },
);
