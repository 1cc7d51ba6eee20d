CREATE TABLE "station_search" (
	"battlestation_id" integer PRIMARY KEY NOT NULL,
	"search_tokens" text[] NOT NULL,
	"facets" text[] NOT NULL
);
--> statement-breakpoint
-- A narrow copy of each public station's search words and filter tokens, for the counts over a search's matches
-- (issue 18, decision 015 of 2026-11-28). What follows is SQL the schema does not describe: the triggers that
-- keep the copy in the writing transaction, and the copy of the stations already there (before its index: one
-- build instead of an insert per row).
CREATE FUNCTION "copy_station_search"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    TRUNCATE station_search;
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.is_public AND NEW.is_public AND OLD.search_tokens = NEW.search_tokens AND OLD.facets = NEW.facets THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND NOT NEW.is_public) THEN
    DELETE FROM station_search WHERE battlestation_id = OLD.battlestation_id;
  ELSIF NEW.is_public THEN
    INSERT INTO station_search (battlestation_id, search_tokens, facets)
    VALUES (NEW.battlestation_id, NEW.search_tokens, NEW.facets)
    ON CONFLICT (battlestation_id) DO UPDATE SET search_tokens = EXCLUDED.search_tokens, facets = EXCLUDED.facets;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Fires when a generated column's inputs change too (search_tokens from search_text, facets from the desk properties).
CREATE TRIGGER "battlestations_search_copy" AFTER INSERT OR DELETE OR UPDATE OF "is_public", "search_tokens", "facets" ON "battlestations" FOR EACH ROW EXECUTE FUNCTION "copy_station_search"();--> statement-breakpoint
CREATE TRIGGER "battlestations_search_copy_truncated" AFTER TRUNCATE ON "battlestations" FOR EACH STATEMENT EXECUTE FUNCTION "copy_station_search"();--> statement-breakpoint
INSERT INTO "station_search" ("battlestation_id", "search_tokens", "facets")
  SELECT "battlestation_id", "search_tokens", "facets" FROM "battlestations" WHERE "is_public";--> statement-breakpoint
CREATE INDEX "station_search_tokens_idx" ON "station_search" USING gin ("search_tokens");--> statement-breakpoint
ANALYZE "station_search";
