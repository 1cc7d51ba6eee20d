/**
 * Plain constants of the contract, free of zod: the client's first-paint code may import them without
 * pulling the schema library into the page.
 */
export const AUTOCOMPLETE_MIN_CHARS = 2;
export const AUTOCOMPLETE_MAX_RESULTS = 20;
