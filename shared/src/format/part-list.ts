import type { StationPart } from '../contract/station-parts';

/** What the exported part list holds and links to: the station, each part's page and store links, as absolute URLs. */
export interface PartListSource {
  name: string;
  battlestationId: number;
  parts: (Pick<StationPart, 'part_id' | 'name' | 'type_name'> & Partial<Pick<StationPart, 'manufacturer' | 'stores'>>)[];
  /** The site's origin, e.g. https://battledeck.example. */
  origin: string;
}

/** One part as every format writes it: category, name, brand, its page and its store links (http(s) only). */
export interface PartListRow {
  category: string;
  part: string;
  brand: string;
  partUrl: string;
  stores: { name: string; url: string }[];
  /** The first store link (stores come by store name), '' when there is none. */
  storeUrl: string;
}

/**
 * An http(s) address in a form that is safe inside Markdown, BBCode and HTML attributes, or null for anything
 * else (javascript:, data:, relative or unparsable text): the URL parser's serialisation with the characters
 * those syntaxes give a meaning to percent-encoded.
 */
export function safeHttpUrl(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  return url.href.replace(/[()[\]<>"'`\\ |*_]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
}

export const stationUrl = (s: PartListSource) => `${s.origin}/battlestations/${s.battlestationId}`;

/** The rows of the part list, in the API's order (category, then name). */
export function partListRows(source: PartListSource): PartListRow[] {
  return source.parts.map((part) => {
    const stores = (part.stores ?? []).flatMap((store) => {
      const url = safeHttpUrl(store.url);
      return url ? [{ name: store.store_name, url }] : [];
    });
    return {
      category: part.type_name,
      part: part.name,
      brand: part.manufacturer ?? '',
      partUrl: `${source.origin}/parts/view/${part.part_id}`,
      stores,
      storeUrl: stores[0]?.url ?? '',
    };
  });
}

/** The column titles of the table formats. */
export const PART_LIST_COLUMNS = ['Category', 'Part', 'Brand', 'Store link'] as const;
