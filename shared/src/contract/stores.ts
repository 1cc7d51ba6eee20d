import { z } from './zod';
import { DIRECTIONS, LIMITS, REQUIRED, httpUrl, oneOf, pageNumberOf, pageSizeOf, searchTermSchema } from './common';

export const store = z.object({
  store_id: z.number().int(),
  name: z.string(),
  url: z.string(),
  part_count: z.number().int(),
});
export type Store = z.infer<typeof store>;

export const STORE_SORTS = ['name', 'url', 'part_count'] as const;
export const STORE_PAGE_SIZES = [10, 20, 50] as const;
export const STORES_QUERY_DEFAULTS = { pageNumber: 1, resultsPerPage: 10, sortBy: 'name', direction: 'asc' } as const;

/** GET /stores. */
export const storesQuery = z.object({
  pageNumber: pageNumberOf('pageNumber'),
  resultsPerPage: pageSizeOf('resultsPerPage', STORE_PAGE_SIZES, 10),
  sortBy: oneOf('sortBy', STORE_SORTS).default('name'),
  direction: oneOf('direction', DIRECTIONS).default('asc'),
  searchTerm: searchTermSchema,
});
export type StoresQuery = z.input<typeof storesQuery>;

export const storesListResponse = z.object({ stores: z.array(store), total: z.number().int() });
export type StoresListResponse = z.infer<typeof storesListResponse>;
export const storeCountResponse = z.object({ total: z.number().int() });
export const storeOption = z.object({ store_id: z.number().int(), name: z.string() });
export type StoreOption = z.infer<typeof storeOption>;
export const storesAllResponse = z.array(storeOption);

/** POST /stores and PUT /stores/{id}. */
export const storeBody = z.object({
  name: z
    .string({ error: () => REQUIRED })
    .trim()
    .min(1, { error: REQUIRED })
    .max(LIMITS.catalogueNameMax, { error: `Name must be at most ${LIMITS.catalogueNameMax} characters.` }),
  url: httpUrl('store URL'),
});
export type StoreBody = z.infer<typeof storeBody>;
