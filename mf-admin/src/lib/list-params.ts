import type { z } from 'zod';

/** A list's parameters as the contract's query schema outputs them (numbers, not query-string text). */
export type ListParams<S extends z.ZodType> = z.output<S>;
