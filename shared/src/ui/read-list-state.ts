import type { z } from 'zod';

export type ListSchema = z.ZodObject<z.ZodRawShape>;

/**
 * A list's state from URL query parameters, read through the contract's query schema: a value that is
 * missing, unknown or out of range falls back to the default. The browser (useListState) and the server
 * renderer read the URL the same way, so both render the same page.
 */
export function readListState<S extends ListSchema>(schema: S, defaults: z.output<S>, params: URLSearchParams): z.output<S> {
  const result = { ...defaults } as Record<string, unknown>;
  for (const key of Object.keys(schema.shape)) {
    const raw = params.get(key);
    if (raw === null || raw === '') continue;
    const parsed = (schema.shape[key] as z.ZodType).safeParse(raw);
    if (parsed.success && parsed.data !== undefined) result[key] = parsed.data;
  }
  return result as z.output<S>;
}
