import { and, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { station_facet_counts } from '../db/schema';
import { rowsOf } from '../db/rows';
import { searchMatches } from './battlestations-repository';
import type { SearchTerm } from './search-words-repository';

export interface FacetTokenCount {
  token: string;
  stations: number;
}

/** The token a pass that also counts its matches counts every matching row under: no facet token is empty. */
const EVERY_ROW = '';

/**
 * How many public stations matching the words and holding every `required` token hold each token that
 * starts with one of `prefixes` ('use:'…): one pass over the matching rows (the facets GIN index finds them
 * when a filter is required), each row's tokens unnested and counted. With `everyRow`, each row also counts
 * once under an empty token: the matches' total from the same pass.
 */
function facetTokenPass(db: Database, terms: SearchTerm[], required: readonly string[], prefixes: readonly string[], everyRow: boolean) {
  const token = sql`token`;
  const matches = searchMatches(terms, required);
  const tokens = everyRow ? sql`array_append(${matches.facets}, ${EVERY_ROW}::text)` : sql`${matches.facets}`;
  const wanted = sql`split_part(${token}, ':', 1) IN (${sql.join(
    prefixes.map((prefix) => sql`${prefix}`),
    sql`, `,
  )})`;
  return rowsOf<FacetTokenCount>(db, sql`SELECT ${token}, count(*)::int AS stations
    FROM ${matches.table}, unnest(${tokens}) AS ${token}
    WHERE ${matches.where}
      AND ${everyRow ? sql`(${token} = ${EVERY_ROW} OR ${wanted})` : wanted}
    GROUP BY ${token}`);
}

/** Each token's count among the matching stations that hold every `required` token (see facetTokenPass). */
export const countFacetTokens = (db: Database, terms: SearchTerm[], required: readonly string[], prefixes: readonly string[]) =>
  facetTokenPass(db, terms, required, prefixes, false);

/**
 * countFacetTokens without required tokens, and how many public stations match, from one pass over the
 * matches (decision 017's addendum) instead of a count followed by the same pass.
 */
export async function countMatchesAndFacetTokens(
  db: Database,
  terms: SearchTerm[],
  prefixes: readonly string[],
): Promise<{ matches: number; tokens: FacetTokenCount[] }> {
  const rows = await facetTokenPass(db, terms, [], prefixes, true);
  const matches = rows.find((row) => row.token === EVERY_ROW)?.stations ?? 0;
  return { matches: Number(matches), tokens: rows.filter((row) => row.token !== EVERY_ROW) };
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
