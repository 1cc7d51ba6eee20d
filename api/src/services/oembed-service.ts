import {
  OEMBED,
  OEMBED_MESSAGES,
  embedCardPath,
  escapeHtml,
  stationIdOfPageUrl,
  thumbnailName,
  widthVariantName,
  type OembedResponse,
  type PhotoSize,
} from '@battledeck/shared/contract';
import type { Database } from '../db/database';
import { badRequest, notFound } from '../errors';
import { findPublicStationCard } from '../repositories/embeds-repository';
import { STATION_MESSAGES } from './battlestation-access';
import { toBattlestationCard } from './battlestation-cards';

/** The `_thumb` copy's width at most (decision 9). */
const THUMB_WIDTH = 640;

export interface OembedRequest {
  url: string;
  maxwidth?: number;
  maxheight?: number;
}

export interface OembedSite {
  /** The site's public origin, e.g. https://battledeck.example. */
  publicOrigin: string;
  /** Where photos are served: a path on the site (/images) or a CDN's absolute URL. */
  imageBaseUrl: string;
}

/**
 * The largest copy of the first photo that fits maxwidth × maxheight (oEmbed: a thumbnail respects them):
 * the `_thumb` file or one of the width copies; none when even the narrowest is too large.
 */
function thumbnailOf(file: string, size: PhotoSize, maxWidth: number, maxHeight: number) {
  const copies = [
    { name: thumbnailName(file), width: Math.min(THUMB_WIDTH, size.width) },
    ...size.widths.map((width) => ({ name: widthVariantName(file, width), width })),
  ].map((copy) => ({ ...copy, height: Math.round((size.height * copy.width) / size.width) }));
  const fitting = copies.filter((copy) => copy.width <= maxWidth && copy.height <= maxHeight).sort((a, b) => b.width - a.width);
  return fitting[0];
}

/** GET /oembed (ADR 018): a public station's rich embed; 400 for an address that is not a station page, 404 when none is public there. */
export async function getOembed(db: Database, site: OembedSite, request: OembedRequest): Promise<OembedResponse> {
  const id = stationIdOfPageUrl(request.url, site.publicOrigin);
  if (id === null) throw badRequest(OEMBED_MESSAGES.url);
  const row = id === 'missing' ? undefined : await findPublicStationCard(db, id);
  if (!row) throw notFound(STATION_MESSAGES.notFound);
  const station = toBattlestationCard(row);

  const width = Math.min(OEMBED.width, request.maxwidth ?? OEMBED.width);
  const height = Math.min(OEMBED.height, request.maxheight ?? OEMBED.height);
  const title = `${station.name} on Battledeck`;
  const html =
    `<iframe src="${escapeHtml(`${site.publicOrigin}${embedCardPath(station.battlestation_id)}`)}" width="${width}" height="${height}" ` +
    `title="${escapeHtml(title)}" style="border:0;max-width:100%" loading="lazy" referrerpolicy="strict-origin-when-cross-origin" ` +
    `sandbox="allow-popups allow-popups-to-escape-sandbox"></iframe>`;
  const answer: OembedResponse = {
    type: 'rich',
    version: '1.0',
    title: station.name,
    author_name: station.username,
    // The member's people page (decision 29).
    author_url: `${site.publicOrigin}/users/${encodeURIComponent(station.username)}`,
    provider_name: 'Battledeck',
    provider_url: `${site.publicOrigin}/`,
    cache_age: OEMBED.cacheAge,
    html,
    width,
    height,
  };
  const thumb = station.thumbnail && station.thumbnail_size ? thumbnailOf(station.thumbnail, station.thumbnail_size, request.maxwidth ?? Infinity, request.maxheight ?? Infinity) : undefined;
  if (!thumb) return answer;
  const imageBase = /^https?:\/\//i.test(site.imageBaseUrl) ? site.imageBaseUrl : `${site.publicOrigin}${site.imageBaseUrl}`;
  return {
    ...answer,
    thumbnail_url: `${imageBase}/battlestations/${encodeURIComponent(thumb.name)}`,
    thumbnail_width: thumb.width,
    thumbnail_height: thumb.height,
  };
}
