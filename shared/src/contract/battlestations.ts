import { z } from './zod';
import { photoSize } from './images';
import { hotspotsField, photoHotspot } from './photo-hotspots';
import {
  DIRECTIONS,
  LIMITS,
  REQUIRED,
  boolish,
  flag,
  idNumber,
  jsonField,
  oneOf,
  pageNumberOf,
  pageSizeOf,
  searchTermSchema,
  timestamp,
} from './common';
import { BATTLESTATION_PAGE_SIZES, BATTLESTATION_SORTS } from './constants';
import { COLOUR_FAMILIES, HEX_COLOUR, MAIN_USES, MONITOR_COUNT_MAX, MONITOR_FILTERS, PALETTE_SIZE } from './desk-properties';

export const BATTLESTATION_MESSAGES = {
  nameRequired: REQUIRED,
  fileTooLarge: 'Maximum file size is 4MB.',
  partsRequired: 'Please select at least one part for your battlestation.',
  imagesRequired: 'Please add at least one photo.',
  invalidInstagram: 'Enter a valid Instagram link.',
  invalidReddit: 'Enter a valid Reddit link.',
  tooManyImages: 'A battlestation can have at most 20 photos.',
  tooManyParts: 'A battlestation can list at most 100 parts.',
  unsupportedFile: 'Only PNG, JPG or GIF',
  /** Ours: a picked file whose bytes are not a PNG, JPG or GIF, whatever its name says (flagged on its tile). */
  notAnImage: 'This file is not a PNG, JPG or GIF image.',
  unknownParts: 'Some of the selected parts are no longer in the catalogue. Please remove them and try again.',
} as const;

/** A battlestation as cards and tables show it. */
export const battlestationCard = z.object({
  battlestation_id: z.number().int(),
  name: z.string(),
  username: z.string(),
  created_date: timestamp,
  image_count: z.number().int(),
  part_count: z.number().int(),
  /** File name of the first photo (its thumbnail adds _thumb); null when there are none. */
  thumbnail: z.string().nullable(),
  /** The first photo's size and width copies (issue 17): null without photos; absent from older answers. */
  thumbnail_size: photoSize.nullable().optional(),
  favorites: z.number().int(),
  is_public: flag,
});
export type BattlestationCard = z.infer<typeof battlestationCard>;

export const battlestationPart = z.object({
  part_id: z.number().int(),
  name: z.string(),
  type_id: z.number().int(),
  type_name: z.string(),
  type_path: z.string(),
});
export type BattlestationPart = z.infer<typeof battlestationPart>;

export const battlestationDetail = z.object({
  battlestation_id: z.number().int(),
  name: z.string(),
  username: z.string(),
  user_id: z.string(),
  created_date: timestamp,
  instagram_url: z.string().nullable(),
  reddit_url: z.string().nullable(),
  description: z.string(),
  is_public: flag,
  favorites: z.number().int(),
  is_favorited: flag,
  image_count: z.number().int(),
  part_count: z.number().int(),
  /** Photo file names in display order. */
  images: z.array(z.string()),
  /** Each photo's size and width copies, in the order of `images` (issue 17). */
  image_sizes: z.array(photoSize).optional(),
  /** Each photo's part markers (issue 20, decision 020), in the order of `images`. */
  image_hotspots: z.array(z.array(photoHotspot)).optional(),
  parts: z.array(battlestationPart),
  /** Desk properties (decision 017): monitors (the owner's correction, else the Monitor parts), main uses, palette. */
  monitor_count: z.number().int().optional(),
  /** The owner's correction of monitor_count; null when it is counted from the parts. */
  monitor_count_manual: z.number().int().nullable().optional(),
  main_uses: z.array(z.enum(MAIN_USES)).optional(),
  /** The cover photo's colours, `#rrggbb`, most used first. */
  palette: z.array(z.string().regex(HEX_COLOUR)).max(PALETTE_SIZE).optional(),
});
export type BattlestationDetail = z.infer<typeof battlestationDetail>;

export { BATTLESTATION_PAGE_SIZES, BATTLESTATION_SORTS, BATTLESTATIONS_QUERY_DEFAULTS, FAVORITE_MESSAGES, type BattlestationSort } from './constants';

/** A list filter: one of `values`, or none when absent or empty (a GET form's "Any"). */
const filterOf = <const T extends readonly [string, ...string[]]>(field: string, values: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), oneOf(field, values).optional());

/** GET /battlestations (public ones only). */
export const battlestationsQuery = z.object({
  pageNumber: pageNumberOf('pageNumber'),
  resultsPerPage: pageSizeOf('resultsPerPage', BATTLESTATION_PAGE_SIZES, 12),
  sortBy: oneOf('sortBy', BATTLESTATION_SORTS).default('created_date'),
  direction: oneOf('direction', DIRECTIONS).default('asc'),
  searchTerm: searchTermSchema,
  /** Filters (decision 017), each one value or empty for any; combined with each other and with the search. */
  monitorCount: filterOf('monitorCount', MONITOR_FILTERS),
  mainUse: filterOf('mainUse', MAIN_USES),
  colourFamily: filterOf('colourFamily', COLOUR_FAMILIES),
});
export type BattlestationsQuery = z.input<typeof battlestationsQuery>;

/** How many stations a filter's value would give, with the search and the other filters as they are. */
export const facetCount = z.object({ value: z.string(), count: z.number().int() });
export const battlestationFacets = z.object({
  monitorCount: z.array(facetCount),
  mainUse: z.array(facetCount),
  colourFamily: z.array(facetCount),
});
export type BattlestationFacets = z.infer<typeof battlestationFacets>;

export const battlestationsListResponse = z.object({
  battlestations: z.array(battlestationCard),
  total: z.number().int(),
  /** Facet counts for the filters (absent from older answers). */
  facets: battlestationFacets.optional(),
});
export type BattlestationsListResponse = z.infer<typeof battlestationsListResponse>;

export const featuredResponse = z.array(battlestationCard);
export const FEATURED_COUNT = 12;

/**
 * The hosts of each site's own pages. Not any subdomain: l.instagram.com and out.reddit.com forward to any
 * address given in the link, so a link that reads as Instagram or Reddit could lead anywhere.
 */
const SOCIAL_HOSTS: Record<'instagram.com' | 'reddit.com', readonly string[]> = {
  'instagram.com': ['instagram.com', 'www.instagram.com', 'm.instagram.com'],
  'reddit.com': ['reddit.com', 'www.reddit.com', 'old.reddit.com', 'new.reddit.com', 'np.reddit.com', 'm.reddit.com'],
};

/**
 * Instagram/Reddit links (decision 10): instagram.com or reddit.com (or a host of their own pages), with or
 * without https://, stored without the scheme. Returns null when the text is not such a link.
 */
export function normalizeSocialLink(value: string, domain: 'instagram.com' | 'reddit.com'): string | null {
  const text = value.trim();
  if (!text || text.length > LIMITS.urlMax) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username || url.password || url.port) return null;
  const host = url.hostname.toLowerCase();
  if (!SOCIAL_HOSTS[domain].includes(host)) return null;
  return `${host}${url.pathname === '/' ? '' : url.pathname}${url.search}${url.hash}`;
}

function socialLink(domain: 'instagram.com' | 'reddit.com', message: string) {
  return z
    .string()
    .transform((s, ctx) => {
      if (s.trim() === '') return null;
      const link = normalizeSocialLink(s, domain);
      if (link === null) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return link;
    });
}

const nameSchema = z
  .string({ error: () => REQUIRED })
  .trim()
  .min(1, { error: REQUIRED })
  .max(LIMITS.nameMax, { error: `Name must be at most ${LIMITS.nameMax} characters.` });

// Line breaks are counted as the form counts them: a browser sends each as CRLF, which would count twice.
const descriptionSchema = z
  .string()
  .transform((s) => s.replace(/\r\n?/g, '\n'))
  .pipe(z.string().max(LIMITS.descriptionMax, { error: `Description must be at most ${LIMITS.descriptionMax} characters.` }));

const partIds = (field: string) =>
  jsonField(
    z
      .array(idNumber(`${field} must be a list of part ids.`), { error: () => `${field} must be a list of part ids.` })
      .max(LIMITS.partsPerStationMax, { error: `A battlestation can list at most ${LIMITS.partsPerStationMax} parts.` }),
  );

const imageNames = (field: string) =>
  jsonField(z.array(z.string().max(200), { error: () => `${field} must be a list of image names.` }).max(LIMITS.imagesPerStationMax));

/** Main uses as a JSON list (multipart); duplicates dropped, in MAIN_USES order. */
const mainUsesField = jsonField(
  z.array(oneOf('main_uses', MAIN_USES), { error: () => `main_uses must be a list of: ${MAIN_USES.join(', ')}.` }),
).transform((uses) => MAIN_USES.filter((use) => uses.includes(use)));

/** The owner's monitor count: a whole number 0-12, or empty text to count the Monitor parts again. */
const monitorCountMessage = `monitor_count must be a whole number from 0 to ${MONITOR_COUNT_MAX}, or empty.`;
const monitorCountField = z.preprocess(
  (v) => (v === '' || v === null ? null : typeof v === 'string' ? Number(v) : v),
  z.number({ error: () => monitorCountMessage }).int({ error: monitorCountMessage }).min(0, { error: monitorCountMessage }).max(MONITOR_COUNT_MAX, { error: monitorCountMessage }).nullable(),
);

/** POST /battlestations/ text fields (multipart); photos come as repeated `images` files. */
export const createBattlestationFields = z.object({
  name: nameSchema,
  instagram_url: socialLink('instagram.com', BATTLESTATION_MESSAGES.invalidInstagram).optional(),
  reddit_url: socialLink('reddit.com', BATTLESTATION_MESSAGES.invalidReddit).optional(),
  description: descriptionSchema.optional().default(''),
  is_public: boolish.optional().default(true),
  added_parts: partIds('added_parts').refine((ids) => ids.length > 0, { error: BATTLESTATION_MESSAGES.partsRequired }),
  main_uses: mainUsesField.optional(),
  monitor_count: monitorCountField.optional(),
  /** Part markers on the photos, each naming its photo by added_image (the files' order). */
  hotspots: hotspotsField.optional(),
});
export type CreateBattlestationFields = z.input<typeof createBattlestationFields>;

/** A kept photo's final position (0-based) after the update; send every kept photo whose position changes. */
export const changedImage = z.object({
  image: z.string().max(200),
  display_order: z.number().int().min(0).max(LIMITS.imagesPerStationMax),
});

/** PUT /battlestations/id/{id} text fields (multipart): only what changed; new photos come as `added_images` files. */
export const updateBattlestationFields = z.object({
  name: nameSchema.optional(),
  instagram_url: socialLink('instagram.com', BATTLESTATION_MESSAGES.invalidInstagram).optional(),
  reddit_url: socialLink('reddit.com', BATTLESTATION_MESSAGES.invalidReddit).optional(),
  description: descriptionSchema.optional(),
  is_public: boolish.optional(),
  added_parts: partIds('added_parts').optional(),
  removed_parts: partIds('removed_parts').optional(),
  main_uses: mainUsesField.optional(),
  monitor_count: monitorCountField.optional(),
  removed_images: imageNames('removed_images').optional(),
  changed_images: jsonField(z.array(changedImage, { error: () => 'changed_images must be a list of { image, display_order }.' }).max(LIMITS.imagesPerStationMax)).optional(),
  /** Position of each added file, in the order the files are sent. */
  added_images_order: jsonField(
    z.array(z.number().int().min(0).max(LIMITS.imagesPerStationMax), { error: () => 'added_images_order must be a list of positions.' }).max(LIMITS.imagesPerStationMax),
  ).optional(),
  /** Every part marker of the station after the save (decision 020); absent: they stay as they are. */
  hotspots: hotspotsField.optional(),
});
export type UpdateBattlestationFields = z.input<typeof updateBattlestationFields>;

export const createBattlestationResponse = z.object({ newId: z.number().int() });
export type CreateBattlestationResponse = z.infer<typeof createBattlestationResponse>;

export const FAVORITE_ACTIONS = ['add', 'remove'] as const;
export const favoriteBody = z.object({ action: oneOf('action', FAVORITE_ACTIONS) });
export type FavoriteBody = z.infer<typeof favoriteBody>;
export const favoriteResponse = z.object({ favorites: z.number().int(), is_favorited: flag });
export type FavoriteResponse = z.infer<typeof favoriteResponse>;
