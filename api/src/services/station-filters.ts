import {
  COLOUR_FAMILIES,
  MAIN_USES,
  MONITOR_FILTERS,
  type BattlestationFacets,
  type ColourFamily,
  type MainUse,
  type MonitorFilter,
} from '@battledeck/shared/contract';
import type { Database } from '../db/database';
import type { SearchTerm } from '../repositories/search-words-repository';
import { countMatchesAndFacetTokens, keptFacetTokenCounts, type FacetGroup } from '../repositories/station-facets-repository';

/**
 * Facet counts are counted over at most this many matching stations (decision 017); beyond, they come from kept
 * rows or are not given (a pass over 10,000 stations' tokens costs about 30 ms).
 */
export const FACET_SCAN_MAX = 5000;

/** The list's filters (GET /battlestations), one value each. */
export interface StationFilters {
  monitorCount?: MonitorFilter;
  mainUse?: MainUse;
  colourFamily?: ColourFamily;
}

/** Each filter, its values, and the token prefix migration 0012's `battlestation_facets` writes for it. */
const FACETS = [
  { key: 'monitorCount', prefix: 'monitors', values: MONITOR_FILTERS },
  { key: 'mainUse', prefix: 'use', values: MAIN_USES },
  { key: 'colourFamily', prefix: 'colour', values: COLOUR_FAMILIES },
] as const;
type Facet = (typeof FACETS)[number];

const tokenOf = (facet: Facet, filters: StationFilters) => {
  const value = filters[facet.key];
  return value === undefined ? [] : [`${facet.prefix}:${value}`];
};

/** The tokens a station must hold to pass the filters ('monitors:2', 'use:gaming', 'colour:blue'). */
export function filterTokens(filters: StationFilters): string[] {
  return FACETS.flatMap((facet) => tokenOf(facet, filters));
}

/** Every value of every filter with no station. */
export function emptyFacets(): BattlestationFacets {
  return toFacets(new Map());
}

/** The counts of the unfiltered list: every token's kept count over all public stations. */
export function facetsOfAllStations(counts: Map<string, number>): BattlestationFacets {
  return toFacets(counts);
}

function toFacets(counts: Map<string, number>): BattlestationFacets {
  const of = (facet: Facet) => facet.values.map((value) => ({ value, count: counts.get(`${facet.prefix}:${value}`) ?? 0 }));
  return { monitorCount: of(FACETS[0]), mainUse: of(FACETS[1]), colourFamily: of(FACETS[2]) };
}

/**
 * The facets counted together (decision 017): each over the stations passing the search and the *other*
 * filters, as choosing a value replaces that filter's current one. Facets needing the same other filters (all
 * of them when none is set) form one group.
 */
function facetGroups(filters: StationFilters): FacetGroup[] {
  const groups = new Map<string, { required: string[]; prefixes: string[] }>();
  for (const facet of FACETS) {
    const required = FACETS.filter((other) => other !== facet).flatMap((other) => tokenOf(other, filters));
    const key = required.join('|');
    const group = groups.get(key) ?? { required, prefixes: [] };
    group.prefixes.push(facet.prefix);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/**
 * How many stations each filter value would give: with a search, one pass over its matches for every group of
 * facets; without, kept rows (single tokens, pairs and triples: migrations 0014-0020).
 */
export async function countFacets(db: Database, terms: SearchTerm[], filters: StationFilters): Promise<BattlestationFacets> {
  if (terms.length > 0) return (await countSearchAndFacets(db, terms, filters)).facets;
  const counts = new Map<string, number>();
  for (const { required, prefixes } of facetGroups(filters)) {
    for (const row of await keptFacetTokenCounts(db, prefixes, required)) counts.set(row.token, Number(row.stations));
  }
  return toFacets(counts);
}

/**
 * A search's matches, those passing its filters (`total`), and what each filter value would give, in one pass
 * over the matches instead of a count and a pass per group of facets.
 */
export async function countSearchAndFacets(db: Database, terms: SearchTerm[], filters: StationFilters): Promise<{ matches: number; total: number; facets: BattlestationFacets }> {
  const { matches, filtered, tokens } = await countMatchesAndFacetTokens(db, terms, filterTokens(filters), facetGroups(filters));
  return { matches, total: filtered, facets: toFacets(new Map(tokens.map((row) => [row.token, row.stations]))) };
}
