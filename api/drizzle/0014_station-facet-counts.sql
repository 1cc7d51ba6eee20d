CREATE TABLE "station_facet_counts" (
	"facet" text PRIMARY KEY NOT NULL,
	"public_stations" integer DEFAULT 0 NOT NULL
);--> statement-breakpoint
-- Filled once here, then kept by statement triggers in the writing transaction (like search_words, migration
-- 0009). No write may land between the count and the triggers.
LOCK TABLE "battlestations" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
INSERT INTO "station_facet_counts" ("facet", "public_stations")
  SELECT token, count(*) FROM "battlestations", unnest("facets") AS token WHERE "is_public" GROUP BY token;--> statement-breakpoint
CREATE FUNCTION "count_station_facets"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM "station_facet_counts";
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO "station_facet_counts" AS c ("facet", "public_stations")
      SELECT token, count(*) FROM new_rows, unnest("facets") AS token WHERE "is_public"
      GROUP BY token ORDER BY token
      ON CONFLICT ("facet") DO UPDATE SET "public_stations" = c."public_stations" + excluded."public_stations";
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "station_facet_counts" AS c SET "public_stations" = c."public_stations" - gone.stations
      FROM (SELECT token, count(*) AS stations FROM old_rows, unnest("facets") AS token WHERE "is_public" GROUP BY token) AS gone
      WHERE c."facet" = gone.token;
  ELSE
    -- Only stations whose tokens or visibility changed; tokens written in their sort order, so two saves never
    -- wait on each other's rows in opposite orders.
    INSERT INTO "station_facet_counts" AS c ("facet", "public_stations")
      SELECT token, sum(change) FROM (
        SELECT unnest(n."facets") AS token, 1 AS change
          FROM old_rows AS o JOIN new_rows AS n USING ("battlestation_id")
          WHERE n."is_public" AND (NOT o."is_public" OR o."facets" <> n."facets")
        UNION ALL
        SELECT unnest(o."facets"), -1
          FROM old_rows AS o JOIN new_rows AS n USING ("battlestation_id")
          WHERE o."is_public" AND (NOT n."is_public" OR o."facets" <> n."facets")
      ) AS changes
      GROUP BY token HAVING sum(change) <> 0 ORDER BY token
      ON CONFLICT ("facet") DO UPDATE SET "public_stations" = c."public_stations" + excluded."public_stations";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "battlestations_facets_inserted" AFTER INSERT ON "battlestations" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "count_station_facets"();--> statement-breakpoint
CREATE TRIGGER "battlestations_facets_deleted" AFTER DELETE ON "battlestations" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "count_station_facets"();--> statement-breakpoint
CREATE TRIGGER "battlestations_facets_updated" AFTER UPDATE ON "battlestations" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "count_station_facets"();--> statement-breakpoint
CREATE TRIGGER "battlestations_facets_truncated" AFTER TRUNCATE ON "battlestations" FOR EACH STATEMENT EXECUTE FUNCTION "count_station_facets"();
