import { LIMITS, PAGE_NUMBER_MAX } from './constants';
import { z } from './zod';

export { DIRECTIONS, LIMITS, PAGE_NUMBER_MAX, type Direction } from './constants';

/** Every 4xx/5xx body of the API. */
export const errorSchema = z.object({ message: z.string() });
export type ErrorBody = z.infer<typeof errorSchema>;

export const REQUIRED = 'Field is required.';
export const TOO_MANY_REQUESTS = 'Too many requests. Please try again later.';

/** An enum that answers unknown values with the allowed ones (SPEC decision 21). */
export function oneOf<const T extends readonly [string, ...string[]]>(field: string, values: T) {
  return z.enum(values, { error: () => `${field} must be one of: ${values.join(', ')}.` });
}

/** A page size taken from a query string, limited to the listed sizes. */
export function pageSizeOf(field: string, sizes: readonly number[], fallback: number) {
  return z.coerce
    .number({ error: () => `${field} must be one of: ${sizes.join(', ')}.` })
    .default(fallback)
    .refine((n) => sizes.includes(n), { error: `${field} must be one of: ${sizes.join(', ')}.` });
}

export function pageNumberOf(field: string) {
  return z.coerce
    .number({ error: () => `${field} must be a whole number of at least 1.` })
    .int({ error: `${field} must be a whole number of at least 1.` })
    .min(1, { error: `${field} must be a whole number of at least 1.` })
    .max(PAGE_NUMBER_MAX, { error: `${field} is too large.` })
    .default(1);
}

export const searchTermSchema = z
  .string()
  .trim()
  .max(LIMITS.searchTermMax, { error: `searchTerm must be at most ${LIMITS.searchTermMax} characters.` })
  .optional()
  .transform((s) => (s ? s : undefined));

/**
 * The largest id: ids are PostgreSQL `integer`s, and comparing one with a larger number fails in the database
 * (a 500), so every id the API accepts, in a path, a body or a list, is checked against it here.
 */
export const ID_MAX = 2_147_483_647;

export const idMessage = (field: string) => `${field} must be a positive whole number.`;

/** An id in a JSON body or list: a positive whole number up to ID_MAX, else `message`. */
export function idNumber(message: string) {
  return z
    .number({ error: () => message })
    .int({ error: message })
    .positive({ error: message })
    .max(ID_MAX, { error: message });
}

/** An id taken from text (a path, a query, a multipart field): a positive whole number up to ID_MAX, else `message`. */
export function coercedId(message: string) {
  return z.coerce
    .number({ error: () => message })
    .int({ error: message })
    .positive({ error: message })
    .max(ID_MAX, { error: message });
}

/** A positive integer id taken from a path. */
export const idParam = coercedId(idMessage('The id'));

export const idParams = z.object({ id: idParam });

/** http(s) URL of at most 2,048 characters (decision 11); refuses javascript:, data: and the like. */
export function httpUrl(field = 'URL') {
  return z
    .string({ error: () => REQUIRED })
    .trim()
    .min(1, { error: REQUIRED })
    .max(LIMITS.urlMax, { error: `${field} must be at most ${LIMITS.urlMax} characters.` })
    .refine(isHttpUrl, { error: `Enter a valid ${field} starting with http:// or https://.` });
}

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/** 0/1 flags as the spec's fields carry them (is_public, is_favorited). */
export const flag = z.union([z.literal(0), z.literal(1)]);
export type Flag = z.infer<typeof flag>;

/** ISO 8601 timestamp with an offset (decision 12). */
export const timestamp = z.string();

/** Multipart and query booleans arrive as text. */
export const boolish = z.preprocess(
  (v) => (v === 'true' || v === '1' || v === 1 ? true : v === 'false' || v === '0' || v === 0 ? false : v),
  z.boolean({ error: () => 'Must be true or false.' }),
);

/** A multipart field carrying JSON; text that is not JSON fails the inner schema with its own message. */
export function jsonField<T extends z.ZodType>(inner: T) {
  return z.preprocess((v) => {
    if (typeof v !== 'string') return v;
    try {
      return JSON.parse(v);
    } catch {
      return v;
    }
  }, inner);
}
