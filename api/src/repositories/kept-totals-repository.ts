import { sql } from 'drizzle-orm';
import type { Database } from '../db/database';

/**
 * Counts every total the database keeps from scratch (decisions 013 and 015), as migrations 0007-0015 first
 * filled them: for a bulk load that ran with the counting triggers switched off (the scale seed).
 */
export async function refreshKeptTotals(tx: Database): Promise<void> {
  await tx.execute(sql`UPDATE station_counts SET public_stations = (SELECT count(*) FROM battlestations WHERE is_public)`);
  await tx.execute(sql`DELETE FROM part_type_counts`);
  await tx.execute(sql`INSERT INTO part_type_counts (type_id, parts) SELECT type_id, count(*) FROM parts GROUP BY type_id`);
  // Word set counts are kept from the first search that asks (migrations 0027, 0030): none is known after a bulk load.
  await tx.execute(sql`DELETE FROM search_word_pairs`);
  await tx.execute(sql`DELETE FROM search_word_quadruples`);
  await tx.execute(sql`DELETE FROM search_words`);
  await tx.execute(sql`INSERT INTO search_words (word, public_stations)
    SELECT token, count(*) FROM battlestations, unnest(search_tokens) AS token WHERE is_public GROUP BY token`);
  await tx.execute(sql`DELETE FROM station_facet_counts`);
  await tx.execute(sql`INSERT INTO station_facet_counts (facet, public_stations)
    SELECT token, count(*) FROM battlestations, battlestation_facet_keys(facets) AS token WHERE is_public GROUP BY token`);
  await tx.execute(sql`DELETE FROM part_words`);
  await tx.execute(sql`INSERT INTO part_words (word, parts) SELECT token, count(*) FROM parts, unnest(search_tokens) AS token GROUP BY token`);
}

/** Copies every public station's words and filter tokens into `station_search` (kept by a trigger otherwise). */
export async function copySearchWords(tx: Database): Promise<void> {
  await tx.execute(sql`DELETE FROM station_search`);
  await tx.execute(sql`INSERT INTO station_search (battlestation_id, search_tokens, facets)
    SELECT battlestation_id, search_tokens, facets FROM battlestations WHERE is_public`);
}
