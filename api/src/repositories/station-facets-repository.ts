import { sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { battlestations, station_facet_counts } from '../db/schema';
import { publicListCondition } from './battlestations-repository';
import { rowsOf } from './discovery-repository';
import type { SearchTerm } from './search-words-repository';

export interface FacetTokenCount {
  token: string;
  stations: number;
}

/**
 * How many public stations matching the words and holding every `required` token hold each token that
 * starts with one of `prefixes` ('use:'…): one pass over the matching rows (the facets GIN index finds them
 * when a filter is required), each row's tokens unnested and counted.
 */
export async function countFacetTokens(
  db: Database,
  terms: SearchTerm[],
  required: readonly string[],
  prefixes: readonly string[],
): Promise<FacetTokenCount[]> {
  const token = sql`token`;
  return rowsOf<FacetTokenCount>(db, sql`SELECT ${token}, count(*)::int AS stations
    FROM ${battlestations}, unnest(${battlestations.facets}) AS ${token}
    WHERE ${publicListCondition(terms, required)}
      AND split_part(${token}, ':', 1) IN (${sql.join(
        prefixes.map((prefix) => sql`${prefix}`),
        sql`, `,
      )})
    GROUP BY ${token}`);
}

/**
 * The kept counts (migrations 0014-0015) of the tokens starting with `prefixes`: over every public station, or
 * over those holding the token `within` (the kept pairs 'a|b', a < b).
 */
export async function keptFacetTokenCounts(db: Database, prefixes: readonly string[], within?: string): Promise<FacetTokenCount[]> {
  const key = station_facet_counts.facet;
  const token = within === undefined ? key : sql<string>`CASE WHEN split_part(${key}, '|', 1) = ${within} THEN split_part(${key}, '|', 2) ELSE split_part(${key}, '|', 1) END`;
  const keys = within === undefined ? sql`strpos(${key}, '|') = 0` : sql`(${key} LIKE ${`${within}|%`} OR ${key} LIKE ${`%|${within}`})`;
  const rows = await db.select({ token, stations: station_facet_counts.public_stations }).from(station_facet_counts).where(keys);
  return rows.filter((row) => prefixes.includes(row.token.split(':')[0]!));
}

/** How many public stations hold one token or both of two, from the kept rows (either order of a pair). */
export async function keptFacetTotal(db: Database, tokens: readonly [string] | readonly [string, string]): Promise<number> {
  const keys = tokens.length === 1 ? [tokens[0]] : [`${tokens[0]}|${tokens[1]}`, `${tokens[1]}|${tokens[0]}`];
  const [row] = await db
    .select({ stations: station_facet_counts.public_stations })
    .from(station_facet_counts)
    .where(sql`${station_facet_counts.facet} IN (${sql.join(
      keys.map((key) => sql`${key}`),
      sql`, `,
    )})`);
  return row?.stations ?? 0;
}
