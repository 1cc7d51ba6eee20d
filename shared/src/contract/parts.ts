import { z } from './zod';
import { photoSize } from './images';
import {
  LIMITS,
  REQUIRED,
  coercedId,
  idMessage,
  httpUrl,
  jsonField,
  oneOf,
  pageNumberOf,
  pageSizeOf,
  searchTermSchema,
  timestamp,
  DIRECTIONS,
} from './common';
import { ADMIN_PART_PAGE_SIZES, PART_PAGE_SIZES, PART_SORTS } from './constants';

export const partType = z.object({
  type_id: z.number().int(),
  type_name: z.string(),
  type_path: z.string(),
});
export type PartType = z.infer<typeof partType>;
export const partTypesResponse = z.array(partType);

/** A part as cards and tables show it. */
export const partSummary = z.object({
  part_id: z.number().int(),
  name: z.string(),
  type_id: z.number().int(),
  type_name: z.string(),
  type_path: z.string(),
  manufacturer: z.string(),
  image: z.string(),
  /** The image's size and width copies (issue 17); null until known. */
  image_size: photoSize.nullable().optional(),
  /** Public battlestations using it (decision 7). */
  battlestation_count: z.number().int(),
});
export type PartSummary = z.infer<typeof partSummary>;

export const partStoreLink = z.object({
  store_id: z.number().int(),
  store_name: z.string(),
  url: z.string(),
  /** True when the link checker found this address failing twice in a row (issue 20 item 5); absent otherwise. */
  link_broken: z.boolean().optional(),
});
export type PartStoreLink = z.infer<typeof partStoreLink>;

export const partDetail = partSummary.extend({
  manufacturer_url: z.string().nullable(),
  stores: z.array(partStoreLink),
});
export type PartDetail = z.infer<typeof partDetail>;

export {
  ADMIN_PART_PAGE_SIZES,
  PART_BATTLESTATIONS_PAGE_SIZE,
  PART_PAGE_SIZES,
  PART_SORTS,
  PARTS_QUERY_DEFAULTS,
  type PartSort,
} from './constants';

/** GET /parts. */
export const partsQuery = z.object({
  pageNumber: pageNumberOf('pageNumber'),
  resultsPerPage: pageSizeOf('resultsPerPage', [...ADMIN_PART_PAGE_SIZES, ...PART_PAGE_SIZES].sort((a, b) => a - b), 12),
  sortBy: oneOf('sortBy', PART_SORTS).default('name'),
  direction: oneOf('direction', DIRECTIONS).default('asc'),
  /** A type_path; absent or unknown means every type. */
  partType: z.string().max(100).optional(),
  searchTerm: searchTermSchema,
});
export type PartsQuery = z.input<typeof partsQuery>;
/** GET /parts parameters as validated (what a client sends: numbers, known sorts). */
export type PartsListParams = z.output<typeof partsQuery>;

export const partsListResponse = z.object({ parts: z.array(partSummary), total: z.number().int() });
export type PartsListResponse = z.infer<typeof partsListResponse>;

/** The API's answer for a part id that does not exist (GET/PUT/DELETE /parts/id…). */
export const PART_NOT_FOUND = 'Part not found.';

/** GET /parts/id/{id}/battlestations (PART_BATTLESTATIONS_PAGE_SIZE a page). */
export const partBattlestationsQuery = z.object({ page_number: pageNumberOf('page_number') });

/** GET /parts/autocomplete. */
export { AUTOCOMPLETE_MAX_RESULTS, AUTOCOMPLETE_MIN_CHARS } from './constants';
export const autocompleteQuery = z.object({
  /** A type_path or type_id; absent or 0 means any type. */
  partType: z.string().max(100).optional(),
  searchTerm: searchTermSchema,
});
export const autocompleteEntry = z.object({
  part_id: z.number().int(),
  name: z.string(),
  type_name: z.string(),
  /** The category's path: the station form counts Monitor parts with it (decision 017). */
  type_path: z.string(),
});
export type AutocompleteEntry = z.infer<typeof autocompleteEntry>;
export const autocompleteResponse = z.array(autocompleteEntry);

const catalogueName = (field: string) =>
  z
    .string({ error: () => REQUIRED })
    .trim()
    .min(1, { error: REQUIRED })
    .max(LIMITS.catalogueNameMax, { error: `${field} must be at most ${LIMITS.catalogueNameMax} characters.` });

/** POST /parts/request (multipart). */
export const partRequestBody = z.object({
  partName: catalogueName('Part name'),
  partUrl: httpUrl('part URL'),
});
export type PartRequestBody = z.infer<typeof partRequestBody>;

export const PART_REQUEST_STATUSES = ['pending', 'approved'] as const;
export const pendingPart = z.object({
  /** The request's id (the spec calls it part_id). */
  part_id: z.number().int(),
  name: z.string(),
  url: z.string(),
  status: z.enum(PART_REQUEST_STATUSES),
  username: z.string().nullable(),
  created_date: timestamp,
  /** A pending request's likely existing parts (name similarity, decision 021), closest first; empty when none. */
  likely_parts: z.array(z.object({ part_id: z.number().int(), name: z.string() })).optional(),
});
export type PendingPart = z.infer<typeof pendingPart>;
export const pendingPartsResponse = z.array(pendingPart);
export const pendingStatusBody = z.object({ status: oneOf('status', PART_REQUEST_STATUSES) });

const storeLinkInput = z.object({
  store_id: coercedId(idMessage('store_id')),
  url: httpUrl('store URL'),
  store_name: z.string().optional(),
});
export type StoreLinkInput = z.infer<typeof storeLinkInput>;

/** POST /parts/ and PUT /parts/{id} (multipart, admin): text fields; the image comes as a file or image_url. */
export const partWriteFields = z.object({
  name: catalogueName('Name'),
  type_id: coercedId(REQUIRED),
  manufacturer: catalogueName('Manufacturer'),
  manufacturer_url: z
    .union([z.literal(''), httpUrl('manufacturer URL')])
    .optional()
    .transform((s) => (s ? s : undefined)),
  image_url: z
    .union([z.literal(''), httpUrl('image URL')])
    .optional()
    .transform((s) => (s ? s : undefined)),
  added_stores: jsonField(z.array(storeLinkInput, { error: () => 'added_stores must be a list of store links.' }).max(100))
    .optional()
    .default([]),
  deleted_stores: jsonField(z.array(coercedId('deleted_stores must be a list of store ids.'), { error: () => 'deleted_stores must be a list of store ids.' }).max(100))
    .optional()
    .default([]),
  /** When saving a pending request as a part, the request to approve in the same transaction. */
  request_id: coercedId(idMessage('request_id')).optional(),
});
export type PartWriteFields = z.input<typeof partWriteFields>;

export const partWriteResponse = z.object({ part_id: z.number().int() });
