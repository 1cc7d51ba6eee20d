import { sql } from 'drizzle-orm';
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
  // The search vocabularies' counts per word (decision 015).
  const words = await rows(
    app.db,
    sql`SELECT coalesce(kept.word, counted.word) AS word, coalesce(kept.public_stations, 0) AS kept, coalesce(counted.stations, 0) AS counted
      FROM search_words kept
      FULL JOIN (SELECT token AS word, count(*)::int AS stations FROM battlestations, unnest(search_tokens) AS token
                 WHERE is_public GROUP BY token) counted ON counted.word = kept.word
      WHERE coalesce(kept.public_stations, 0) <> coalesce(counted.stations, 0)`,
  );
  const partWords = await rows(
    app.db,
    sql`SELECT coalesce(kept.word, counted.word) AS word, coalesce(kept.parts, 0) AS kept, coalesce(counted.parts, 0) AS counted
      FROM part_words kept
      FULL JOIN (SELECT token AS word, count(*)::int AS parts FROM parts, unnest(search_tokens) AS token GROUP BY token) counted
        ON counted.word = kept.word
      WHERE coalesce(kept.parts, 0) <> coalesce(counted.parts, 0)`,
  );
  // The filter tokens' and token pairs' counts (decision 017).
  const facets = await rows(
    app.db,
    sql`SELECT coalesce(kept.facet, counted.facet) AS facet, coalesce(kept.public_stations, 0) AS kept, coalesce(counted.stations, 0) AS counted
      FROM station_facet_counts kept
      FULL JOIN (SELECT token AS facet, count(*)::int AS stations FROM battlestations, battlestation_facet_keys(facets) AS token
                 WHERE is_public GROUP BY token) counted ON counted.facet = kept.facet
      WHERE coalesce(kept.public_stations, 0) <> coalesce(counted.stations, 0)`,
  );
  return [...stations, ...parts, ...totals, ...perCategory, ...words, ...partWords, ...facets];
}
