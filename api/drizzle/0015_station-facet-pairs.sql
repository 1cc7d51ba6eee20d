-- Facet counts within one filter (decision 017): station_facet_counts also keeps every pair of a station's filter
-- tokens, as 'a|b' with a < b ('colour:blue|use:gaming'), so the counts a list with one filter shows are rows too
-- (a pass over the ~20 % of stations a filter keeps took 30-130 ms at 100,000). A station holds about five
-- tokens, so about ten pairs; the table holds a few hundred rows.
CREATE FUNCTION "battlestation_facet_keys"(text[]) RETURNS SETOF text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT a FROM unnest($1) AS a
  UNION ALL
  SELECT a || '|' || b FROM unnest($1) AS a, unnest($1) AS b WHERE a < b
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "count_station_facets"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM "station_facet_counts";
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO "station_facet_counts" AS c ("facet", "public_stations")
      SELECT token, count(*) FROM new_rows, battlestation_facet_keys("facets") AS token WHERE "is_public"
      GROUP BY token ORDER BY token
      ON CONFLICT ("facet") DO UPDATE SET "public_stations" = c."public_stations" + excluded."public_stations";
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "station_facet_counts" AS c SET "public_stations" = c."public_stations" - gone.stations
      FROM (SELECT token, count(*) AS stations FROM old_rows, battlestation_facet_keys("facets") AS token WHERE "is_public" GROUP BY token) AS gone
      WHERE c."facet" = gone.token;
  ELSE
    -- Only stations whose tokens or visibility changed; keys written in their sort order, so two saves never
    -- wait on each other's rows in opposite orders.
    INSERT INTO "station_facet_counts" AS c ("facet", "public_stations")
      SELECT token, sum(change) FROM (
        SELECT battlestation_facet_keys(n."facets") AS token, 1 AS change
          FROM old_rows AS o JOIN new_rows AS n USING ("battlestation_id")
          WHERE n."is_public" AND (NOT o."is_public" OR o."facets" <> n."facets")
        UNION ALL
        SELECT battlestation_facet_keys(o."facets"), -1
          FROM old_rows AS o JOIN new_rows AS n USING ("battlestation_id")
          WHERE o."is_public" AND (NOT n."is_public" OR o."facets" <> n."facets")
      ) AS changes
      GROUP BY token HAVING sum(change) <> 0 ORDER BY token
      ON CONFLICT ("facet") DO UPDATE SET "public_stations" = c."public_stations" + excluded."public_stations";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
LOCK TABLE "battlestations" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
DELETE FROM "station_facet_counts";--> statement-breakpoint
INSERT INTO "station_facet_counts" ("facet", "public_stations")
  SELECT token, count(*) FROM "battlestations", battlestation_facet_keys("facets") AS token WHERE "is_public" GROUP BY token;
