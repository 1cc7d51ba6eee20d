import { ID_MAX } from './common';
import { z } from './zod';

/**
 * The sitemap's data (ADR 025): the site writes /sitemap.xml and its files from these answers. Each file
 * covers a fixed range of ids, so the index needs only the last id to list every file, and a file is one
 * range scan of the primary key however many stations there are.
 */
export const SITEMAP = {
  /** Ids per sitemap file: file k holds the public ids k × idsPerFile + 1 … (k + 1) × idsPerFile. */
  idsPerFile: 10_000,
} as const;

export const SITEMAP_MESSAGES = {
  /** A file past the one the last public id falls in. */
  noFile: 'There is no such sitemap file.',
} as const;

/** The highest file number any id can fall in. */
export const SITEMAP_FILE_MAX = Math.floor((ID_MAX - 1) / SITEMAP.idsPerFile);

const FILE_MESSAGE = `file must be a whole number from 0 to ${SITEMAP_FILE_MAX}.`;

export const sitemapFileQuery = z.object({
  // Digits only: coercion would read '' as file 0.
  file: z
    .string({ error: () => FILE_MESSAGE })
    .regex(/^\d{1,6}$/, { error: FILE_MESSAGE })
    .transform(Number)
    .pipe(z.number().max(SITEMAP_FILE_MAX, { error: FILE_MESSAGE })),
});
export type SitemapFileQuery = z.infer<typeof sitemapFileQuery>;

/** GET /sitemap: the last public station's id and the last part's (0 when there is none). */
export const sitemapSummary = z.object({
  lastBattlestationId: z.number().int(),
  lastPartId: z.number().int(),
});
export type SitemapSummary = z.infer<typeof sitemapSummary>;

/** GET /sitemap/battlestations?file=k: the public stations of file k, by id, with when each last changed (404 past the last public id's file). */
export const sitemapBattlestations = z.object({
  battlestations: z.array(z.object({ battlestation_id: z.number().int(), updated_date: z.string() })),
});
export type SitemapBattlestations = z.infer<typeof sitemapBattlestations>;

/** GET /sitemap/parts?file=k: the parts of file k, by id (404 past the last part's file). */
export const sitemapParts = z.object({
  parts: z.array(z.object({ part_id: z.number().int() })),
});
export type SitemapParts = z.infer<typeof sitemapParts>;

/** The file an id falls in. */
export const sitemapFileOf = (id: number) => Math.floor((id - 1) / SITEMAP.idsPerFile);
