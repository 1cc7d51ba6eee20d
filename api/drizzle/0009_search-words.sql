-- The public search's words (issue 18, decision 015). A station's words are search_text split at white space
-- with ASCII punctuation trimmed from both ends ('setup.' is 'setup'); longer than 100 characters they are
-- left out (a GIN key must stay small). The site's search splits a query the same way
-- (api/src/services/search-words.ts): keep the two in step.
CREATE FUNCTION "battlestation_search_tokens"(text) RETURNS text[] LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT token ORDER BY token), '{}')
  FROM (
    SELECT regexp_replace(piece, '^[!-/:-@[-`{-~]+|[!-/:-@[-`{-~]+$', '', 'g') AS token
    FROM regexp_split_to_table($1, '[ \t\n\r\f\v]+') AS piece
  ) AS pieces
  WHERE token <> '' AND length(token) <= 100
$$;--> statement-breakpoint
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL,
	"public_stations" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "battlestations" ADD COLUMN "search_tokens" text[] GENERATED ALWAYS AS (battlestation_search_tokens(search_text)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "battlestations_public_tokens_idx" ON "battlestations" USING gin ("search_tokens") WHERE is_public;--> statement-breakpoint
-- How many public stations hold each word, kept like station_counts (decision 013) by statement triggers in
-- the writing transaction. No write may land between the first count and the triggers.
LOCK TABLE "battlestations" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
INSERT INTO "search_words" ("word", "public_stations")
  SELECT token, count(*) FROM "battlestations", unnest("search_tokens") AS token WHERE "is_public" GROUP BY token;--> statement-breakpoint
CREATE FUNCTION "count_search_words"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM "search_words";
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO "search_words" AS w ("word", "public_stations")
      SELECT token, count(*) FROM new_rows, unnest("search_tokens") AS token WHERE "is_public"
      GROUP BY token ORDER BY token
      ON CONFLICT ("word") DO UPDATE SET "public_stations" = w."public_stations" + excluded."public_stations";
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "search_words" AS w SET "public_stations" = w."public_stations" - gone.stations
      FROM (SELECT token, count(*) AS stations FROM old_rows, unnest("search_tokens") AS token WHERE "is_public" GROUP BY token) AS gone
      WHERE w."word" = gone.token;
  ELSE
    -- Only stations whose words or visibility changed: a favorite or a date touches nothing here. Words are
    -- written in their sort order, so two saves never wait on each other's rows in opposite orders.
    INSERT INTO "search_words" AS w ("word", "public_stations")
      SELECT token, sum(change) FROM (
        SELECT unnest(n."search_tokens") AS token, 1 AS change
          FROM old_rows AS o JOIN new_rows AS n USING ("battlestation_id")
          WHERE n."is_public" AND (NOT o."is_public" OR o."search_tokens" <> n."search_tokens")
        UNION ALL
        SELECT unnest(o."search_tokens"), -1
          FROM old_rows AS o JOIN new_rows AS n USING ("battlestation_id")
          WHERE o."is_public" AND (NOT n."is_public" OR o."search_tokens" <> n."search_tokens")
      ) AS changes
      GROUP BY token HAVING sum(change) <> 0 ORDER BY token
      ON CONFLICT ("word") DO UPDATE SET "public_stations" = w."public_stations" + excluded."public_stations";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "battlestations_words_inserted" AFTER INSERT ON "battlestations" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "count_search_words"();--> statement-breakpoint
CREATE TRIGGER "battlestations_words_deleted" AFTER DELETE ON "battlestations" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "count_search_words"();--> statement-breakpoint
CREATE TRIGGER "battlestations_words_updated" AFTER UPDATE ON "battlestations" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "count_search_words"();--> statement-breakpoint
CREATE TRIGGER "battlestations_words_truncated" AFTER TRUNCATE ON "battlestations" FOR EACH STATEMENT EXECUTE FUNCTION "count_search_words"();
