CREATE TABLE "search_word_pairs" (
	"word_a" text NOT NULL,
	"word_b" text NOT NULL,
	"public_stations" integer NOT NULL,
	CONSTRAINT "search_word_pairs_word_a_word_b_pk" PRIMARY KEY("word_a","word_b"),
	CONSTRAINT "search_word_pairs_order_check" CHECK ("search_word_pairs"."word_a" < "search_word_pairs"."word_b")
);
--> statement-breakpoint
-- Kept pair counts (decision 015, 2026-11-29). A pair's row is added by the API the first time a large search
-- needs it, counted under an advisory lock that the saves changing a public station's words share (below), so
-- none of them lands meanwhile; from then on these statement triggers keep it in the writing transaction, with
-- the changes search_words counts (migration 0009). Rows are updated in their key order, so two saves never
-- wait on each other's rows in opposite orders. Saves run READ COMMITTED: a REPEATABLE READ save would read the
-- pairs in its first snapshot and miss a row counted after it.
CREATE TYPE "search_word_pair_change" AS ("search_tokens" text[], "change" integer);--> statement-breakpoint
CREATE FUNCTION "count_search_word_pairs"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changes "search_word_pair_change"[];
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM "search_word_pairs";
    RETURN NULL;
  END IF;
  -- The words of each public station that came, went or changed its words, +1 for the new, -1 for the old.
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg((n."search_tokens", 1)::"search_word_pair_change") INTO changes FROM new_rows AS n WHERE n."is_public";
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg((o."search_tokens", -1)::"search_word_pair_change") INTO changes FROM old_rows AS o WHERE o."is_public";
  ELSE
    -- Only stations whose words or visibility changed: a favorite or a date touches nothing here.
    SELECT array_agg(c) INTO changes FROM (
      SELECT (n."search_tokens", 1)::"search_word_pair_change" AS c
        FROM old_rows AS o JOIN new_rows AS n USING ("battlestation_id")
        WHERE n."is_public" AND (NOT o."is_public" OR o."search_tokens" <> n."search_tokens")
      UNION ALL
      SELECT (o."search_tokens", -1)::"search_word_pair_change"
        FROM old_rows AS o JOIN new_rows AS n USING ("battlestation_id")
        WHERE o."is_public" AND (NOT n."is_public" OR o."search_tokens" <> n."search_tokens")
    ) AS changed;
  END IF;
  IF changes IS NULL THEN
    RETURN NULL;
  END IF;
  -- A pair's first count holds this lock exclusively (keepPairCount): a save with changes to apply waits for
  -- that count to commit its row, and the count waits for the saves that took it before. Read after the lock,
  -- in a new snapshot (READ COMMITTED), the pairs include every row counted before.
  PERFORM pg_advisory_xact_lock_shared(hashtext('battledeck:search-word-pairs'));
  IF NOT EXISTS (SELECT 1 FROM "search_word_pairs") THEN
    RETURN NULL;
  END IF;
  WITH delta AS (
    -- Each word of a change finds the pairs it begins (an equality join: the table's key, or a hash), then the
    -- pair's second word is looked for in the same change: not every pair against every word.
    SELECT p."word_a", p."word_b", sum(c."change") AS change
      FROM unnest(changes) AS c, unnest(c."search_tokens") AS token
      JOIN "search_word_pairs" AS p ON p."word_a" = token
      WHERE p."word_b" = ANY (c."search_tokens")
      GROUP BY p."word_a", p."word_b" HAVING sum(c."change") <> 0
  ), locked AS (
    SELECT p."word_a", p."word_b", d.change FROM "search_word_pairs" AS p JOIN delta AS d USING ("word_a", "word_b")
      ORDER BY p."word_a", p."word_b" FOR UPDATE OF p
  )
  UPDATE "search_word_pairs" AS p SET "public_stations" = p."public_stations" + l.change
    FROM locked AS l WHERE p."word_a" = l."word_a" AND p."word_b" = l."word_b";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "battlestations_pairs_inserted" AFTER INSERT ON "battlestations" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "count_search_word_pairs"();--> statement-breakpoint
CREATE TRIGGER "battlestations_pairs_deleted" AFTER DELETE ON "battlestations" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "count_search_word_pairs"();--> statement-breakpoint
CREATE TRIGGER "battlestations_pairs_updated" AFTER UPDATE ON "battlestations" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "count_search_word_pairs"();--> statement-breakpoint
CREATE TRIGGER "battlestations_pairs_truncated" AFTER TRUNCATE ON "battlestations" FOR EACH STATEMENT EXECUTE FUNCTION "count_search_word_pairs"();
