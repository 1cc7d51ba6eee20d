import type { z } from 'zod';
import type { ListQueryReader } from '../contract/list-queries';

/** A list's query as a zod schema (the private pages, which load the contract anyway). */
export type ListSchema = z.ZodObject<z.ZodRawShape>;
/** A zod schema, or a zod-free reader that answers as one (`@battledeck/shared/plain-contract`, public pages). */
export type ListQuerySource<S extends object> = ListSchema | ListQueryReader<S>;

function isSchema(source: ListQuerySource<object>): source is ListSchema {
  return typeof (source as ListSchema).safeParse === 'function';
}

/** One parameter's value as the source reads it, or undefined when it is not valid. */
function parameterReader(source: ListQuerySource<object>): (key: string, text: string) => unknown {
  if (isSchema(source)) {
    return (key, text) => {
      const parsed = (source.shape[key] as z.ZodType).safeParse(text);
      return parsed.success ? parsed.data : undefined;
    };
  }
  const reader = source as Record<string, (text: string) => unknown>;
  return (key, text) => reader[key]!(text);
}

/**
 * A list's state from URL query parameters, read through the contract's query schema or a zod-free reader
 * of it: a value that is missing, unknown or out of range falls back to the default. The browser
 * (useListState) and the server renderer read the URL the same way, so both render the same page.
 */
export function readListState<S extends ListSchema>(schema: S, defaults: z.output<S>, params: URLSearchParams): z.output<S>;
export function readListState<S extends object>(reader: ListQueryReader<S>, defaults: S, params: URLSearchParams): S;
export function readListState(source: ListQuerySource<object>, defaults: object, params: URLSearchParams): object {
  const read = parameterReader(source);
  const result: Record<string, unknown> = { ...defaults };
  for (const key of Object.keys(isSchema(source) ? source.shape : source)) {
    const text = params.get(key);
    if (text === null || text === '') continue;
    const value = read(key, text);
    if (value !== undefined) result[key] = value;
  }
  return result;
}

/**
 * The query of a list's state as its address writes it: the values that differ from the defaults, in the
 * state's order, `?` first (empty for the defaults). The browser writes this on a change (useListState), and
 * the server names it as the page's canonical address, so `?x=1` or another order of the same values is
 * one page.
 */
export function listSearch(state: object, defaults: object): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(state)) {
    if (value === undefined || value === '' || value === (defaults as Record<string, unknown>)[key]) continue;
    search.set(key, String(value));
  }
  const query = search.toString();
  return query ? `?${query}` : '';
}
