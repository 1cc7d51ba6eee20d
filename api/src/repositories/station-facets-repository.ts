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

/** The kept counts over every public station (migration 0014's triggers) of the tokens starting with `prefixes`. */
export async function keptFacetTokenCounts(db: Database, prefixes: readonly string[]): Promise<FacetTokenCount[]> {
  return db
    .select({ token: station_facet_counts.facet, stations: station_facet_counts.public_stations })
    .from(station_facet_counts)
    .where(sql`split_part(${station_facet_counts.facet}, ':', 1) IN (${sql.join(
      prefixes.map((prefix) => sql`${prefix}`),
      sql`, `,
    )})`);
}
