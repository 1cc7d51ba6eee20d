ALTER TABLE "search_word_pairs" DROP CONSTRAINT "search_word_pairs_order_check";--> statement-breakpoint
ALTER TABLE "search_word_pairs" DROP CONSTRAINT "search_word_pairs_word_a_word_b_pk";--> statement-breakpoint
ALTER TABLE "search_word_pairs" ADD COLUMN "word_c" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "search_word_pairs" ADD CONSTRAINT "search_word_pairs_word_a_word_b_word_c_pk" PRIMARY KEY("word_a","word_b","word_c");--> statement-breakpoint
ALTER TABLE "search_word_pairs" ADD CONSTRAINT "search_word_pairs_order_check" CHECK ("search_word_pairs"."word_a" < "search_word_pairs"."word_b" AND ("search_word_pairs"."word_c" = '' OR "search_word_pairs"."word_b" < "search_word_pairs"."word_c"));--> statement-breakpoint
-- Kept counts of triples and of a filter (decision 015, 2026-11-29): a kept row's third word, when it has one,
-- must be in the change's words too; a station's filter tokens count as words, each written with a leading '|'
-- (no station word begins with one: edge punctuation is trimmed), so a search of common words with one filter
-- ('sakura nook', colour red) reads its total from kept rows, and a change of filters alone is a change.
-- 0027's trigger otherwise; rows are still locked in their key order.
CREATE FUNCTION "kept_count_words"(tokens text[], facets text[]) RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
  SELECT tokens || ARRAY(SELECT '|' || f FROM unnest(facets) AS f)
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "count_search_word_pairs"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changes "search_word_pair_change"[];
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM "search_word_pairs";
    RETURN NULL;
  END IF;
  -- The words of each public station that came, went or changed its words, +1 for the new, -1 for the old.
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg((kept_count_words(n."search_tokens", n."facets"), 1)::"search_word_pair_change") INTO changes FROM new_rows AS n WHERE n."is_public";
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg((kept_count_words(o."search_tokens", o."facets"), -1)::"search_word_pair_change") INTO changes FROM old_rows AS o WHERE o."is_public";
  ELSE
    -- Only stations whose words, filters or visibility changed: a favorite or a date touches nothing here.
    SELECT array_agg(c) INTO changes FROM (
      SELECT (kept_count_words(n."search_tokens", n."facets"), 1)::"search_word_pair_change" AS c
        FROM old_rows AS o JOIN new_rows AS n USING ("battlestation_id")
        WHERE n."is_public" AND (NOT o."is_public" OR o."search_tokens" <> n."search_tokens" OR o."facets" <> n."facets")
      UNION ALL
      SELECT (kept_count_words(o."search_tokens", o."facets"), -1)::"search_word_pair_change"
        FROM old_rows AS o JOIN new_rows AS n USING ("battlestation_id")
        WHERE o."is_public" AND (NOT n."is_public" OR o."search_tokens" <> n."search_tokens" OR o."facets" <> n."facets")
    ) AS changed;
  END IF;
  IF changes IS NULL THEN
    RETURN NULL;
  END IF;
  -- See 0027: a first count holds this lock exclusively, a save with changes to apply holds it shared.
  PERFORM pg_advisory_xact_lock_shared(hashtext('battledeck:search-word-pairs'));
  IF NOT EXISTS (SELECT 1 FROM "search_word_pairs") THEN
    RETURN NULL;
  END IF;
  WITH delta AS (
    -- Each word of a change finds the rows it begins (an equality join on the key's first column), then their
    -- other words are looked for in the same change.
    SELECT p."word_a", p."word_b", p."word_c", sum(c."change") AS change
      FROM unnest(changes) AS c, unnest(c."search_tokens") AS token
      JOIN "search_word_pairs" AS p ON p."word_a" = token
      WHERE p."word_b" = ANY (c."search_tokens") AND (p."word_c" = '' OR p."word_c" = ANY (c."search_tokens"))
      GROUP BY p."word_a", p."word_b", p."word_c" HAVING sum(c."change") <> 0
  ), locked AS (
    SELECT p."word_a", p."word_b", p."word_c", d.change FROM "search_word_pairs" AS p JOIN delta AS d USING ("word_a", "word_b", "word_c")
      ORDER BY p."word_a", p."word_b", p."word_c" FOR UPDATE OF p
  )
  UPDATE "search_word_pairs" AS p SET "public_stations" = p."public_stations" + l.change
    FROM locked AS l WHERE p."word_a" = l."word_a" AND p."word_b" = l."word_b" AND p."word_c" = l."word_c";
  RETURN NULL;
END $$;
