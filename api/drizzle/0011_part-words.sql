-- The catalogue search's words (issue 18, decision 015): the words of a part's name and manufacturer, split
-- and trimmed like a station's (migration 0009).
CREATE FUNCTION "part_search_tokens"(text, text) RETURNS text[] LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT battlestation_search_tokens(lower($1 || ' ' || $2))
$$;--> statement-breakpoint
CREATE TABLE "part_words" (
	"word" text PRIMARY KEY NOT NULL,
	"parts" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "parts" ADD COLUMN "search_tokens" text[] GENERATED ALWAYS AS (part_search_tokens(name, manufacturer)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "part_words_trgm_idx" ON "part_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "parts_tokens_idx" ON "parts" USING gin ("search_tokens");--> statement-breakpoint
-- How many parts hold each word, kept in the writing transaction like search_words. No write may land
-- between the first count and the triggers.
LOCK TABLE "parts" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
INSERT INTO "part_words" ("word", "parts") SELECT token, count(*) FROM "parts", unnest("search_tokens") AS token GROUP BY token;--> statement-breakpoint
CREATE FUNCTION "count_part_words"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM "part_words";
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO "part_words" AS w ("word", "parts")
      SELECT token, count(*) FROM new_rows, unnest("search_tokens") AS token GROUP BY token ORDER BY token
      ON CONFLICT ("word") DO UPDATE SET "parts" = w."parts" + excluded."parts";
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "part_words" AS w SET "parts" = w."parts" - gone.n
      FROM (SELECT token, count(*) AS n FROM old_rows, unnest("search_tokens") AS token GROUP BY token) AS gone
      WHERE w."word" = gone.token;
  ELSE
    -- Only parts whose words changed: a station save updates its parts' counts and changes no word.
    INSERT INTO "part_words" AS w ("word", "parts")
      SELECT token, sum(change) FROM (
        SELECT unnest(n."search_tokens") AS token, 1 AS change
          FROM old_rows AS o JOIN new_rows AS n USING ("part_id") WHERE o."search_tokens" <> n."search_tokens"
        UNION ALL
        SELECT unnest(o."search_tokens"), -1
          FROM old_rows AS o JOIN new_rows AS n USING ("part_id") WHERE o."search_tokens" <> n."search_tokens"
      ) AS changes
      GROUP BY token HAVING sum(change) <> 0 ORDER BY token
      ON CONFLICT ("word") DO UPDATE SET "parts" = w."parts" + excluded."parts";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "parts_words_inserted" AFTER INSERT ON "parts" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "count_part_words"();--> statement-breakpoint
CREATE TRIGGER "parts_words_deleted" AFTER DELETE ON "parts" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "count_part_words"();--> statement-breakpoint
CREATE TRIGGER "parts_words_updated" AFTER UPDATE ON "parts" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "count_part_words"();--> statement-breakpoint
CREATE TRIGGER "parts_words_truncated" AFTER TRUNCATE ON "parts" FOR EACH STATEMENT EXECUTE FUNCTION "count_part_words"();
