import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { rows } from './sql-rows';

/**
 * Denormalised columns that disagree with the rows they summarise (image_count, part_count, favorites,
 * thumbnail, parts.battlestation_count over public stations, the kept public-station and per-category totals); an empty list
 * means all match.
 */
export async function counterMismatches(app: FastifyInstance): Promise<Record<string, unknown>[]> {
  const stations = await rows(
    app.db,
    sql`SELECT b.battlestation_id, b.image_count, b.part_count, b.favorites, b.thumbnail
      FROM battlestations b
      WHERE b.image_count <> (SELECT count(*) FROM battlestation_images i WHERE i.battlestation_id = b.battlestation_id)
         OR b.part_count <> (SELECT count(*) FROM battlestation_parts p WHERE p.battlestation_id = b.battlestation_id)
         OR b.favorites <> (SELECT count(*) FROM favorites f WHERE f.battlestation_id = b.battlestation_id)
         OR b.thumbnail IS DISTINCT FROM (SELECT i.image FROM battlestation_images i WHERE i.battlestation_id = b.battlestation_id
              ORDER BY i.display_order, i.image_id LIMIT 1)`,
  );
  const parts = await rows(
    app.db,
    sql`SELECT p.part_id, p.battlestation_count FROM parts p
      WHERE p.battlestation_count <> (SELECT count(*) FROM battlestation_parts bp
        JOIN battlestations b ON b.battlestation_id = bp.battlestation_id WHERE bp.part_id = p.part_id AND b.is_public)`,
  );
  // The public-station total the database keeps (decision 013).
  const total = await rows(
    app.db,
    sql`SELECT (SELECT public_stations FROM station_counts) AS kept, (SELECT count(*)::int FROM battlestations WHERE is_public) AS counted`,
  );
  const totals = total.filter((row) => row.kept !== row.counted);
  const perCategory = await rows(
    app.db,
    sql`SELECT t.type_id, coalesce(c.parts, 0) AS kept, (SELECT count(*)::int FROM parts p WHERE p.type_id = t.type_id) AS counted
      FROM part_types t LEFT JOIN part_type_counts c ON c.type_id = t.type_id
      WHERE coalesce(c.parts, 0) <> (SELECT count(*) FROM parts p WHERE p.type_id = t.type_id)`,
  );
  // The search vocabularies' counts per word (decision 015), the filter tokens' and token pairs' (decision 017).
  const words = await keptMismatches(app, sql`search_words`, sql`word`, sql`public_stations`, sql`battlestations, unnest(search_tokens) AS token WHERE is_public`);
  const partWords = await keptMismatches(app, sql`part_words`, sql`word`, sql`parts`, sql`parts, unnest(search_tokens) AS token`);
  const facets = await keptMismatches(
    app,
    sql`station_facet_counts`,
    sql`facet`,
    sql`public_stations`,
    sql`battlestations, battlestation_facet_keys(facets) AS token WHERE is_public`,
  );
  // The search copy (migration 0024): a row for each public station and none other, with the station's words and tokens.
  const searchCopy = await rows(
    app.db,
    sql`SELECT coalesce(b.battlestation_id, s.battlestation_id) AS battlestation_id, 'station_search' AS copy
      FROM (SELECT battlestation_id, search_tokens, facets FROM battlestations WHERE is_public) b
      FULL JOIN station_search s ON s.battlestation_id = b.battlestation_id
      WHERE b.battlestation_id IS NULL OR s.battlestation_id IS NULL OR b.search_tokens <> s.search_tokens OR b.facets <> s.facets`,
  );
  // The kept counts (migrations 0027, 0028, 0030): every pair, triple and quadruple a search asked for (a filter
  // token a word written '|colour:red'), against its public stations counted now; a row not counted yet
  // (migration 0032) is no total.
  const wordSets = await rows(
    app.db,
    sql`SELECT * FROM (
        SELECT k.words, k.public_stations AS kept,
          (SELECT count(*)::int FROM battlestations b WHERE b.is_public AND kept_count_words(b.search_tokens, b.facets) @> k.words) AS counted
        FROM (SELECT array_remove(ARRAY[word_a, word_b, word_c], '') AS words, public_stations FROM search_word_pairs WHERE counted
          UNION ALL SELECT ARRAY[word_a, word_b, word_c, word_d], public_stations FROM search_word_quadruples WHERE counted) AS k) AS kept_set
      WHERE kept <> counted`,
  );
  // A row is counted by the search that added it (migration 0032): one left uncounted is a count that went wrong.
  const uncounted = await rows(
    app.db,
    sql`SELECT array_remove(ARRAY[word_a, word_b, word_c], '') AS uncounted FROM search_word_pairs WHERE NOT counted
      UNION ALL SELECT ARRAY[word_a, word_b, word_c, word_d] FROM search_word_quadruples WHERE NOT counted`,
  );
  return [...stations, ...parts, ...totals, ...perCategory, ...words, ...partWords, ...facets, ...searchCopy, ...wordSets, ...uncounted, ...(await fenceMismatches(app))];
}

/** The columns of each sort of the public list, in order, as the fence posts hold them (decision 023). */
const SORT_KEYS = { name: 'name_key, battlestation_id', favorites: 'favorites, created_date, battlestation_id', created_date: 'created_date, battlestation_id' };

/**
 * Fence posts whose count differs from counting the public stations between them and the next post, and sorts
 * that lost their first post (below every key). Counted here from the rows, not through the triggers' lookups.
 */
export async function fenceMismatches(app: FastifyInstance): Promise<Record<string, unknown>[]> {
  const found: Record<string, unknown>[] = [];
  for (const [sort, keys] of Object.entries(SORT_KEYS)) {
    const k = sql.raw(keys);
    const next = sql.raw(keys.split(', ').map((column) => `lead(${column}) OVER (ORDER BY ${keys}) AS next_${column}`).join(', '));
    const nextKeys = sql.raw(keys.split(', ').map((column) => `f.next_${column}`).join(', '));
    const fenceKeys = sql.raw(keys.split(', ').map((column) => `f.${column}`).join(', '));
    found.push(
      ...(await rows(
        app.db,
        sql`SELECT * FROM (
            SELECT ${sort} AS sort, f.fence_id, f.stations AS kept, (SELECT count(*)::int FROM battlestations b WHERE b.is_public
              AND (${k}) >= (${fenceKeys}) AND (f.next_battlestation_id IS NULL OR (${k}) < (${nextKeys}))) AS counted
            FROM (SELECT *, ${next} FROM station_page_fences WHERE sort = ${sort}) f
          ) checked WHERE kept <> counted`,
      )),
      ...(await rows(app.db, sql`SELECT ${sort} AS sort, 'no first fence' AS problem WHERE NOT EXISTS (SELECT 1 FROM station_page_fences WHERE sort = ${sort} AND battlestation_id = 0)`)),
    );
  }
  return found;
}

/** Keys of a kept count table (`key` → `count`) whose count differs from counting the `tokens` source's rows. */
function keptMismatches(app: FastifyInstance, table: SQL, key: SQL, count: SQL, tokens: SQL) {
  return rows(
    app.db,
    sql`SELECT coalesce(kept.${key}, counted.token) AS key, coalesce(kept.${count}, 0) AS kept, coalesce(counted.n, 0) AS counted
      FROM ${table} kept
      FULL JOIN (SELECT token, count(*)::int AS n FROM ${tokens} GROUP BY token) counted ON counted.token = kept.${key}
      WHERE coalesce(kept.${count}, 0) <> coalesce(counted.n, 0)`,
  );
}
