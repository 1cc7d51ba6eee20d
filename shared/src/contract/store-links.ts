import { coercedId, httpUrl, idMessage, pageNumberOf, pageSizeOf } from './common';
import { z } from './zod';

/** Store-link health (issue 20 item 5): the admin's broken-links section. */
export const STORE_LINK_PAGE_SIZES = [10, 20, 50] as const;

/** GET /admin/store-links/broken. */
export const brokenLinksQuery = z.object({
  pageNumber: pageNumberOf('pageNumber'),
  resultsPerPage: pageSizeOf('resultsPerPage', STORE_LINK_PAGE_SIZES, 10),
});
export type BrokenLinksQuery = z.input<typeof brokenLinksQuery>;

export const brokenLink = z.object({
  part_id: z.number().int(),
  part_name: z.string(),
  store_id: z.number().int(),
  store_name: z.string(),
  url: z.string(),
  /** The HTTP status of the last check, or null when the store did not answer. */
  last_status: z.number().int().nullable(),
  /** Why the last check failed when there was no status. */
  last_error: z.string().nullable(),
  /** ISO date-times. */
  last_checked_at: z.string(),
  broken_since: z.string().nullable(),
  consecutive_failures: z.number().int(),
});
export type BrokenLink = z.infer<typeof brokenLink>;

export const brokenLinksResponse = z.object({ links: z.array(brokenLink), total: z.number().int() });
export type BrokenLinksResponse = z.infer<typeof brokenLinksResponse>;

/** /admin/store-links/{partId}/{storeId}. */
export const storeLinkParams = z.object({
  partId: coercedId(idMessage('partId')),
  storeId: coercedId(idMessage('storeId')),
});

/** PUT /admin/store-links/{partId}/{storeId}: the fixed address. */
export const storeLinkFixBody = z.object({ url: httpUrl('store URL') });
export type StoreLinkFixBody = z.infer<typeof storeLinkFixBody>;

/** POST /admin/store-links/check: check one part's links now. */
export const storeLinkCheckBody = z.object({ part_id: coercedId(idMessage('part_id')) });
export type StoreLinkCheckBody = z.infer<typeof storeLinkCheckBody>;
export const storeLinkCheckResponse = z.object({
  checked: z.number().int(),
  ok: z.number().int(),
  failed: z.number().int(),
  /** False when another run (this instance's or another's) held the checker: nothing was checked. */
  ran: z.boolean(),
});
export type StoreLinkCheckResponse = z.infer<typeof storeLinkCheckResponse>;

export const STORE_LINK_MESSAGES = {
  linkNotFound: 'This part has no link to this store.',
  partNotFound: "We're sorry. This part doesn't exist or couldn't be loaded.",
  /** Where to buy: beside a link the checker found broken twice in a row. */
  mayBeBroken: 'Link may be broken',
  loadError: 'Sorry, we were unable to load the broken links. Please try again later.',
  empty: 'No broken store links. Every checked link answered the last time it was checked.',
} as const;
