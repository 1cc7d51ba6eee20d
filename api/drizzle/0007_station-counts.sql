CREATE TABLE "station_counts" (
	"only_row" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"public_stations" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "station_counts_one_row" CHECK ("station_counts"."only_row")
);
--> statement-breakpoint
-- The public-station total (issue 18, decision 013), kept by statement triggers in the writing transaction:
-- exact like a count, one row to read. No write may land between the first count and the triggers.
LOCK TABLE "battlestations" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
INSERT INTO "station_counts" ("public_stations") SELECT count(*) FROM "battlestations" WHERE "is_public";--> statement-breakpoint
CREATE FUNCTION "count_public_stations"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  change bigint;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE "station_counts" SET "public_stations" = 0;
    RETURN NULL;
  ELSIF TG_OP = 'INSERT' THEN
    SELECT count(*) INTO change FROM new_rows WHERE "is_public";
  ELSIF TG_OP = 'DELETE' THEN
    SELECT -count(*) INTO change FROM old_rows WHERE "is_public";
  ELSE
    SELECT (SELECT count(*) FROM new_rows WHERE "is_public") - (SELECT count(*) FROM old_rows WHERE "is_public") INTO change;
  END IF;
  -- Most updates (a favorite, an edit) leave the total alone: they then take no lock on the one row.
  IF change <> 0 THEN
    UPDATE "station_counts" SET "public_stations" = "public_stations" + change;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "battlestations_count_inserted" AFTER INSERT ON "battlestations" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "count_public_stations"();--> statement-breakpoint
CREATE TRIGGER "battlestations_count_deleted" AFTER DELETE ON "battlestations" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "count_public_stations"();--> statement-breakpoint
CREATE TRIGGER "battlestations_count_updated" AFTER UPDATE ON "battlestations" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "count_public_stations"();--> statement-breakpoint
CREATE TRIGGER "battlestations_count_truncated" AFTER TRUNCATE ON "battlestations" FOR EACH STATEMENT EXECUTE FUNCTION "count_public_stations"();
