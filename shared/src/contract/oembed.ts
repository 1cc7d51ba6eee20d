import { z } from './zod';
import { ID_MAX, LIMITS } from './common';

/**
 * oEmbed 1.0 (issue 20, ADR 018): GET /oembed?url=<a public station's page>&format=json&maxwidth=&maxheight=
 * answers a "rich" embed whose html is an iframe of the station's card page (/embed/battlestations/{id}).
 */
export const OEMBED = {
  /** The card's natural size; maxwidth/maxheight only make it smaller. */
  width: 480,
  height: 400,
  /** Larger maxwidth/maxheight values are refused (400), as are values below 1. */
  maxDimension: 10_000,
  /** How long consumers may keep an answer, in seconds (oEmbed's cache_age). */
  cacheAge: 3600,
} as const;

export const OEMBED_MESSAGES = {
  url: 'url must be the address of a battlestation page of this site.',
  format: 'Only format=json is supported.',
} as const;

const dimension = (field: string) =>
  z.coerce
    .number({ error: () => `${field} must be a whole number from 1 to ${OEMBED.maxDimension}.` })
    .int({ error: `${field} must be a whole number from 1 to ${OEMBED.maxDimension}.` })
    .min(1, { error: `${field} must be a whole number from 1 to ${OEMBED.maxDimension}.` })
    .max(OEMBED.maxDimension, { error: `${field} must be a whole number from 1 to ${OEMBED.maxDimension}.` });

export const oembedQuery = z.object({
  url: z
    .string({ error: () => OEMBED_MESSAGES.url })
    .trim()
    .min(1, { error: OEMBED_MESSAGES.url })
    .max(LIMITS.urlMax, { error: OEMBED_MESSAGES.url }),
  /** json (the default); xml and anything else is answered 501 by the route, as the spec asks. */
  format: z.string().max(20, { error: OEMBED_MESSAGES.format }).optional(),
  maxwidth: dimension('maxwidth').optional(),
  maxheight: dimension('maxheight').optional(),
});
export type OembedQuery = z.input<typeof oembedQuery>;

export const oembedResponse = z.object({
  type: z.literal('rich'),
  version: z.literal('1.0'),
  title: z.string(),
  author_name: z.string(),
  author_url: z.string(),
  provider_name: z.literal('Battledeck'),
  provider_url: z.string(),
  cache_age: z.number().int(),
  html: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  thumbnail_url: z.string().optional(),
  thumbnail_width: z.number().int().optional(),
  thumbnail_height: z.number().int().optional(),
});
export type OembedResponse = z.infer<typeof oembedResponse>;

/** The embeddable card of a station, on the site's origin. */
export const embedCardPath = (stationId: number) => `/embed/battlestations/${stationId}`;

/**
 * Which station a page address names, for oEmbed: its id, 'missing' for a station page whose id cannot exist
 * (0, or past the largest id), or null when `value` is not a station page (or card) on `siteOrigin`.
 * Query and fragment are ignored; user info, other ports and other hosts are not this site.
 */
export function stationIdOfPageUrl(value: string, siteOrigin: string): number | 'missing' | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.origin !== new URL(siteOrigin).origin || url.username || url.password) return null;
  const match = /^\/(?:embed\/)?battlestations\/(\d+)\/?$/.exec(url.pathname);
  if (!match) return null;
  const id = match[1].length > 10 ? Number.POSITIVE_INFINITY : Number(match[1]);
  return id >= 1 && id <= ID_MAX ? id : 'missing';
}
