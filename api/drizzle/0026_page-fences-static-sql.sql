-- Decision 023's trigger with static statements instead of one statement built with format() and run with
-- EXECUTE, which PostgreSQL planned again on every write that moves a station (a favorite, a create): PL/pgSQL
-- plans static statements once per session. The three fence lookups are one set-returning SQL function that
-- the planner inlines into that plan, where the scalar SQL functions of 0021 were planned on each call.
CREATE FUNCTION "page_fences_of"(key text, favorites_count integer, created timestamptz, id integer)
RETURNS TABLE (fence_id integer) LANGUAGE sql STABLE AS $$
  (SELECT f.fence_id FROM station_page_fences f WHERE f.sort = 'name' AND (f.name_key, f.battlestation_id) <= (key, id)
    ORDER BY f.name_key DESC, f.battlestation_id DESC LIMIT 1)
  UNION ALL
  (SELECT f.fence_id FROM station_page_fences f WHERE f.sort = 'favorites'
    AND (f.favorites, f.created_date, f.battlestation_id) <= (favorites_count, created, id)
    ORDER BY f.favorites DESC, f.created_date DESC, f.battlestation_id DESC LIMIT 1)
  UNION ALL
  (SELECT f.fence_id FROM station_page_fences f WHERE f.sort = 'created_date' AND (f.created_date, f.battlestation_id) <= (created, id)
    ORDER BY f.created_date DESC, f.battlestation_id DESC LIMIT 1)
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "keep_page_fences"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE station_page_fences SET stations = 0 WHERE stations <> 0;
  ELSIF TG_OP = 'INSERT' THEN
    WITH shifts AS (
      SELECT p.fence_id, count(*) AS delta FROM new_rows n, page_fences_of(n.name_key, n.favorites, n.created_date, n.battlestation_id) p
      WHERE n.is_public GROUP BY p.fence_id
    )
    UPDATE station_page_fences f SET stations = f.stations + shifts.delta FROM shifts WHERE f.fence_id = shifts.fence_id;
  ELSIF TG_OP = 'DELETE' THEN
    WITH shifts AS (
      SELECT p.fence_id, count(*) AS delta FROM old_rows o, page_fences_of(o.name_key, o.favorites, o.created_date, o.battlestation_id) p
      WHERE o.is_public GROUP BY p.fence_id
    )
    UPDATE station_page_fences f SET stations = f.stations - shifts.delta FROM shifts WHERE f.fence_id = shifts.fence_id;
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
    ),
    shifts AS (SELECT fence_id, sum(delta) AS delta FROM moves GROUP BY fence_id HAVING sum(delta) <> 0)
    UPDATE station_page_fences f SET stations = f.stations + shifts.delta FROM shifts WHERE f.fence_id = shifts.fence_id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- The lookups of 0021, which nothing calls any more.
DROP FUNCTION "name_page_fence"(text, integer);--> statement-breakpoint
DROP FUNCTION "favorites_page_fence"(integer, timestamptz, integer);--> statement-breakpoint
DROP FUNCTION "created_page_fence"(timestamptz, integer);
