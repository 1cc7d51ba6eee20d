import { and, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { station_facet_counts } from '../db/schema';
import { rowsOf } from '../db/rows';
import { facetCondition, searchMatches } from './battlestations-repository';
import type { SearchTerm } from './search-words-repository';

export interface FacetTokenCount {
  token: string;
  stations: number;
}

/**
 * Facets counted over the same stations: those holding every `required` token (the search's other filters,
 * decision 017), for the tokens starting with one of `prefixes` ('use:'…).
 */
export interface FacetGroup {
  required: readonly string[];
  prefixes: readonly string[];
}

/** The token every matching row is also counted under, for the pass's totals: no facet token is empty. */
const EVERY_ROW = '';

/**
 * A search's whole count in one pass over its matches (decision 017's addendum) instead of a count followed by
 * a pass for each group of facets: how many public stations match the words, how many of those hold every
 * `filters` token, and each group's token counts, each row counted in the groups whose required tokens it holds.
 */
export async function countMatchesAndFacetTokens(
  db: Database,
  terms: SearchTerm[],
  filters: readonly string[],
  groups: readonly FacetGroup[],
): Promise<{ matches: number; filtered: number; tokens: FacetTokenCount[] }> {
  const token = sql`token`;
  const matches = searchMatches(terms);
  const among = (required: readonly string[]) => sql`count(*) FILTER (WHERE ${facetCondition(required, matches.facets) ?? sql`true`})`;
  const rows = await rowsOf<{ token: string; counts: number[] }>(
    db,
    sql`SELECT ${token}, ARRAY[count(*), ${among(filters)}, ${sql.join(
      groups.map((group) => among(group.required)),
      sql`, `,
    )}]::int[] AS counts
    FROM ${matches.table}, unnest(array_append(${matches.facets}, ${EVERY_ROW}::text)) AS ${token}
    WHERE ${matches.where} AND (${token} = ${EVERY_ROW} OR split_part(${token}, ':', 1) IN ${groups.flatMap((group) => group.prefixes)})
    GROUP BY ${token}`,
  );
  // counts: every match, those passing the filters, then each group's.
  const every = rows.find((row) => row.token === EVERY_ROW)?.counts;
  const tokens = rows.flatMap(({ token: held, counts }) => {
    const group = groups.findIndex((candidate) => candidate.prefixes.includes(held.split(':')[0]!));
    return group < 0 ? [] : [{ token: held, stations: Number(counts[group + 2]) }];
  });
  return { matches: Number(every?.[0] ?? 0), filtered: Number(every?.[1] ?? 0), tokens };
}

/**
 * The kept counts (migrations 0014, 0015 and 0020) of the tokens starting with `prefixes`: over every public
 * station, or over those holding every token of `within` (one or two: the kept pairs 'a|b' and triples
 * 'a|b|c'). The table holds a few thousand rows.
 */
export async function keptFacetTokenCounts(db: Database, prefixes: readonly string[], within: readonly string[] = []): Promise<FacetTokenCount[]> {
  const key = station_facet_counts.facet;
  const tokens = sql`string_to_array(${key}, '|')`;
  const rows = await db
    .select({ key, stations: station_facet_counts.public_stations })
    .from(station_facet_counts)
    .where(and(sql`cardinality(${tokens}) = ${within.length + 1}`, ...within.map((token) => sql`${token} = ANY(${tokens})`)));
  return rows.flatMap(({ key: held, stations }) => {
    const [token, ...more] = held.split('|').filter((part) => !within.includes(part));
    return token !== undefined && more.length === 0 && prefixes.includes(token.split(':')[0]!) ? [{ token, stations }] : [];
  });
}

/** How many public stations hold every one of one to three tokens, from the kept rows (any order of the key). */
export async function keptFacetTotal(db: Database, tokens: readonly string[]): Promise<number> {
  const keys = orderings(tokens).map((ordering) => ordering.join('|'));
  const [row] = await db
    .select({ stations: station_facet_counts.public_stations })
    .from(station_facet_counts)
    .where(sql`${station_facet_counts.facet} IN (${sql.join(
      keys.map((key) => sql`${key}`),
      sql`, `,
    )})`);
  return row?.stations ?? 0;
}

/** Every order of a few tokens: the kept key is in the database's sort order, which may not be JavaScript's. */
function orderings(tokens: readonly string[]): string[][] {
  if (tokens.length <= 1) return [[...tokens]];
  return tokens.flatMap((first, i) => orderings(tokens.filter((_, j) => j !== i)).map((rest) => [first, ...rest]));
}
