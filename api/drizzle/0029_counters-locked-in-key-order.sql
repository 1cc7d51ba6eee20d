-- Every kept counter is written in its key order (decision 013, 2026-11-29). The triggers of migrations 0008,
-- 0009, 0011, 0015 and 0026 updated some counter rows with UPDATE … FROM, which writes them in whatever order
-- the join yields: two edits that moved stations across the same page fences in opposite orders deadlocked
-- under the mixed trace (one edit in about a hundred answered 500). Each statement that writes several counter
-- rows now locks them sorted (SELECT … ORDER BY key FOR UPDATE, or INSERT … ORDER BY key ON CONFLICT), as
-- the triggers of 0027 and 0028 already did. The unchanged branches are written again: PL/pgSQL bodies are
-- replaced whole.
CREATE OR REPLACE FUNCTION "keep_page_fences"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  fence_ids integer[];
  deltas bigint[];
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE station_page_fences SET stations = 0 WHERE stations <> 0;
    RETURN NULL;
  ELSIF TG_OP = 'INSERT' THEN
    SELECT array_agg(s.fence_id), array_agg(s.delta) INTO fence_ids, deltas FROM (
      SELECT p.fence_id, count(*) AS delta FROM new_rows n, page_fences_of(n.name_key, n.favorites, n.created_date, n.battlestation_id) p
      WHERE n.is_public GROUP BY p.fence_id
    ) s;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(s.fence_id), array_agg(s.delta) INTO fence_ids, deltas FROM (
      SELECT p.fence_id, -count(*) AS delta FROM old_rows o, page_fences_of(o.name_key, o.favorites, o.created_date, o.battlestation_id) p
      WHERE o.is_public GROUP BY p.fence_id
    ) s;
  ELSE
    -- Only stations that changed place in a sort or visibility (a favorite moves one along the favorites sort);
    -- one that stays in its bucket adds and takes away one from the same fence: no write, no lock.
    WITH moved AS (
      SELECT o.is_public AS was_public, o.name_key AS old_name, o.favorites AS old_favorites, o.created_date AS old_created,
        n.is_public, n.name_key, n.favorites, n.created_date, n.battlestation_id
      FROM old_rows o JOIN new_rows n USING (battlestation_id)
      WHERE (o.is_public, o.name_key, o.favorites, o.created_date) IS DISTINCT FROM (n.is_public, n.name_key, n.favorites, n.created_date)
    ),
    moves AS (
      SELECT p.fence_id, -1 AS delta FROM moved m, page_fences_of(m.old_name, m.old_favorites, m.old_created, m.battlestation_id) p WHERE m.was_public
      UNION ALL
      SELECT p.fence_id, 1 FROM moved m, page_fences_of(m.name_key, m.favorites, m.created_date, m.battlestation_id) p WHERE m.is_public
    )
    SELECT array_agg(s.fence_id), array_agg(s.delta) INTO fence_ids, deltas FROM (SELECT fence_id, sum(delta) AS delta FROM moves GROUP BY fence_id) s;
  END IF;
  WITH shifts AS (
    SELECT s.fence_id, sum(s.delta) AS delta FROM unnest(fence_ids, deltas) AS s(fence_id, delta) GROUP BY s.fence_id HAVING sum(s.delta) <> 0
  ), locked AS (
    SELECT f.fence_id, shifts.delta FROM station_page_fences f JOIN shifts USING (fence_id) ORDER BY f.fence_id FOR UPDATE OF f
  )
  UPDATE station_page_fences f SET stations = f.stations + locked.delta FROM locked WHERE f.fence_id = locked.fence_id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "count_search_words"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM "search_words";
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO "search_words" AS w ("word", "public_stations")
      SELECT token, count(*) FROM new_rows, unnest("search_tokens") AS token WHERE "is_public"
      GROUP BY token ORDER BY token
      ON CONFLICT ("word") DO UPDATE SET "public_stations" = w."public_stations" + excluded."public_stations";
  ELSIF TG_OP = 'DELETE' THEN
    WITH gone AS (
      SELECT token, count(*) AS stations FROM old_rows, unnest("search_tokens") AS token WHERE "is_public" GROUP BY token
    ), locked AS (
      SELECT w."word", gone.stations FROM "search_words" AS w JOIN gone ON w."word" = gone.token ORDER BY w."word" FOR UPDATE OF w
    )
    UPDATE "search_words" AS w SET "public_stations" = w."public_stations" - locked.stations FROM locked WHERE w."word" = locked."word";
  ELSE
    -- Only stations whose words or visibility changed: a favorite or a date touches nothing here.
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
    WITH gone AS (
      SELECT token, count(*) AS stations FROM old_rows, battlestation_facet_keys("facets") AS token WHERE "is_public" GROUP BY token
    ), locked AS (
      SELECT c."facet", gone.stations FROM "station_facet_counts" AS c JOIN gone ON c."facet" = gone.token ORDER BY c."facet" FOR UPDATE OF c
    )
    UPDATE "station_facet_counts" AS c SET "public_stations" = c."public_stations" - locked.stations FROM locked WHERE c."facet" = locked."facet";
  ELSE
    -- Only stations whose tokens or visibility changed.
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
CREATE OR REPLACE FUNCTION "count_part_words"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM "part_words";
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO "part_words" AS w ("word", "parts")
      SELECT token, count(*) FROM new_rows, unnest("search_tokens") AS token GROUP BY token ORDER BY token
      ON CONFLICT ("word") DO UPDATE SET "parts" = w."parts" + excluded."parts";
  ELSIF TG_OP = 'DELETE' THEN
    WITH gone AS (
      SELECT token, count(*) AS n FROM old_rows, unnest("search_tokens") AS token GROUP BY token
    ), locked AS (
      SELECT w."word", gone.n FROM "part_words" AS w JOIN gone ON w."word" = gone.token ORDER BY w."word" FOR UPDATE OF w
    )
    UPDATE "part_words" AS w SET "parts" = w."parts" - locked.n FROM locked WHERE w."word" = locked."word";
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
-- A part moved to another category took its old category's row, then its new one's: two parts moved between
-- the same two categories in opposite directions at once waited on each other. One statement, rows in order.
CREATE OR REPLACE FUNCTION "count_parts_by_type"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE "part_type_counts" SET "parts" = 0;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO "part_type_counts" AS c ("type_id", "parts")
      SELECT "type_id", count(*) FROM new_rows GROUP BY "type_id" ORDER BY "type_id"
      ON CONFLICT ("type_id") DO UPDATE SET "parts" = c."parts" + excluded."parts";
  ELSIF TG_OP = 'DELETE' THEN
    -- An update, not an upsert: a category's row exists while it has parts (parts.type_id restricts deletes).
    WITH gone AS (
      SELECT "type_id", count(*) AS n FROM old_rows GROUP BY "type_id"
    ), locked AS (
      SELECT c."type_id", gone.n FROM "part_type_counts" AS c JOIN gone USING ("type_id") ORDER BY c."type_id" FOR UPDATE OF c
    )
    UPDATE "part_type_counts" AS c SET "parts" = c."parts" - locked.n FROM locked WHERE c."type_id" = locked."type_id";
  ELSE
    -- Most updates (a part's battlestation count, a rename) keep its category: no row changes, none is locked.
    INSERT INTO "part_type_counts" AS c ("type_id", "parts")
      SELECT "type_id", sum(change) FROM (
        SELECT n."type_id", 1 AS change FROM old_rows AS o JOIN new_rows AS n USING ("part_id") WHERE o."type_id" IS DISTINCT FROM n."type_id"
        UNION ALL
        SELECT o."type_id", -1 FROM old_rows AS o JOIN new_rows AS n USING ("part_id") WHERE o."type_id" IS DISTINCT FROM n."type_id"
      ) AS changes
      GROUP BY "type_id" HAVING sum(change) <> 0 ORDER BY "type_id"
      ON CONFLICT ("type_id") DO UPDATE SET "parts" = c."parts" + excluded."parts";
  END IF;
  RETURN NULL;
END $$;
