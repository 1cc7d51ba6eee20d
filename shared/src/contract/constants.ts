/**
 * Plain constants of the contract, free of zod: the client's first-paint code may import them without
 * pulling the schema library into the page. The schemas that use them re-export them from their modules.
 */
export const AUTOCOMPLETE_MIN_CHARS = 2;
/** 'Did you mean …?' (decision 021) from this many characters of a missing part's name; at most this many answers. */
export const SIMILAR_PARTS_MIN_CHARS = 3;
export const SIMILAR_PARTS_MAX = 5;
export const AUTOCOMPLETE_MAX_RESULTS = 20;

export const DIRECTIONS = ['asc', 'desc'] as const;
export type Direction = (typeof DIRECTIONS)[number];

/** Limits of SPEC decision 11. */
export const LIMITS = {
  nameMax: 100,
  descriptionMax: 5000,
  catalogueNameMax: 200,
  urlMax: 2048,
  searchTermMax: 200,
  partsPerStationMax: 100,
  imagesPerStationMax: 20,
  imageMaxBytes: 4194304,
} as const;

/** The highest page number a list query accepts. */
export const PAGE_NUMBER_MAX = 1_000_000;

export const BATTLESTATION_SORTS = ['name', 'favorites', 'created_date'] as const;
export type BattlestationSort = (typeof BATTLESTATION_SORTS)[number];
export const BATTLESTATION_PAGE_SIZES = [12, 24, 48, 96] as const;
export const BATTLESTATIONS_QUERY_DEFAULTS = {
  pageNumber: 1,
  resultsPerPage: 12,
  sortBy: 'created_date',
  direction: 'asc',
} as const;

export const FAVORITE_MESSAGES = {
  notSignedIn: 'Please log in first',
  failed: 'Sorry, unable to save this right now.',
} as const;

export const PART_SORTS = ['name', 'battlestation_count'] as const;
export type PartSort = (typeof PART_SORTS)[number];
export const PART_PAGE_SIZES = [12, 24, 48, 96] as const;
/** Admin parts table sizes (SPEC §9); GET /parts accepts both sets. */
export const ADMIN_PART_PAGE_SIZES = [10, 20, 50] as const;
export const PARTS_QUERY_DEFAULTS = { pageNumber: 1, resultsPerPage: 12, sortBy: 'name', direction: 'asc' } as const;

/** GET /parts/id/{id}/battlestations (10 a page). */
export const PART_BATTLESTATIONS_PAGE_SIZE = 10;

/** GET /users/by-name/{username}: a member's public stations, this many a page, newest first. */
export const MEMBER_STATIONS_PAGE_SIZE = 24;
