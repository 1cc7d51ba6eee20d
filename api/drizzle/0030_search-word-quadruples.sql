CREATE TABLE "search_word_quadruples" (
	"word_a" text NOT NULL,
	"word_b" text NOT NULL,
	"word_c" text NOT NULL,
	"word_d" text NOT NULL,
	"public_stations" integer NOT NULL,
	CONSTRAINT "search_word_quadruples_word_a_word_b_word_c_word_d_pk" PRIMARY KEY("word_a","word_b","word_c","word_d"),
	CONSTRAINT "search_word_quadruples_order_check" CHECK ("search_word_quadruples"."word_a" < "search_word_quadruples"."word_b" AND "search_word_quadruples"."word_b" < "search_word_quadruples"."word_c" AND "search_word_quadruples"."word_c" < "search_word_quadruples"."word_d")
);--> statement-breakpoint
-- Kept counts of quadruples (decision 015, 2026-11-29): two words each standing for two vocabulary words ('ultra
-- air': ultra or ultrawide, and air or corsair) are counted from four pairs, less four triples, plus one
-- quadruple. 0028's trigger, which now also keeps the quadruples' rows, after the pairs' (one key order for all).
CREATE OR REPLACE FUNCTION "count_search_word_pairs"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changes "search_word_pair_change"[];
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM "search_word_pairs";
    DELETE FROM "search_word_quadruples";
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
  IF EXISTS (SELECT 1 FROM "search_word_pairs") THEN
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
  END IF;
  IF EXISTS (SELECT 1 FROM "search_word_quadruples") THEN
    WITH delta AS (
      SELECT q."word_a", q."word_b", q."word_c", q."word_d", sum(c."change") AS change
        FROM unnest(changes) AS c, unnest(c."search_tokens") AS token
        JOIN "search_word_quadruples" AS q ON q."word_a" = token
        WHERE q."word_b" = ANY (c."search_tokens") AND q."word_c" = ANY (c."search_tokens") AND q."word_d" = ANY (c."search_tokens")
        GROUP BY q."word_a", q."word_b", q."word_c", q."word_d" HAVING sum(c."change") <> 0
    ), locked AS (
      SELECT q."word_a", q."word_b", q."word_c", q."word_d", d.change
        FROM "search_word_quadruples" AS q JOIN delta AS d USING ("word_a", "word_b", "word_c", "word_d")
        ORDER BY q."word_a", q."word_b", q."word_c", q."word_d" FOR UPDATE OF q
    )
    UPDATE "search_word_quadruples" AS q SET "public_stations" = q."public_stations" + l.change
      FROM locked AS l WHERE q."word_a" = l."word_a" AND q."word_b" = l."word_b" AND q."word_c" = l."word_c" AND q."word_d" = l."word_d";
  END IF;
  RETURN NULL;
END $$;
