-- Desk properties and the list filters (issue 19, decision 017). A station's filter values as tokens for one
-- partial GIN index: 'monitors:N' (4 and more are 'monitors:4+'), 'use:<main use>', 'colour:<colour family>'.
-- The API's filters name the same tokens (api/src/services/station-filters.ts): keep the two in step.
CREATE FUNCTION "battlestation_facets"(integer, text[], text[]) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT ARRAY['monitors:' || CASE WHEN $1 >= 4 THEN '4+' ELSE coalesce($1, 0)::text END]
    || ARRAY(SELECT 'use:' || u FROM unnest($2) AS u)
    || ARRAY(SELECT 'colour:' || c FROM unnest($3) AS c)
$$;--> statement-breakpoint
ALTER TABLE "battlestation_images" ADD COLUMN "palette" text[];--> statement-breakpoint
ALTER TABLE "battlestation_images" ADD COLUMN "colour_families" text[];--> statement-breakpoint
ALTER TABLE "battlestations" ADD COLUMN "monitor_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "battlestations" ADD COLUMN "monitor_count_manual" integer;--> statement-breakpoint
ALTER TABLE "battlestations" ADD COLUMN "main_uses" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "battlestations" ADD COLUMN "palette" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "battlestations" ADD COLUMN "colour_families" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "battlestations" ADD COLUMN "facets" text[] GENERATED ALWAYS AS (battlestation_facets(monitor_count, main_uses, colour_families)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "battlestations_public_facets_idx" ON "battlestations" USING gin ("facets") WHERE is_public;--> statement-breakpoint
ALTER TABLE "battlestations" ADD CONSTRAINT "battlestations_monitor_count_check" CHECK ("battlestations"."monitor_count_manual" BETWEEN 0 AND 12);--> statement-breakpoint
-- Existing stations: their Monitor parts counted once here; the services keep the count from now on.
UPDATE "battlestations" AS b SET "monitor_count" = (SELECT count(*) FROM "battlestation_parts" AS bp
  JOIN "parts" AS p ON p."part_id" = bp."part_id" JOIN "part_types" AS t ON t."type_id" = p."type_id"
  WHERE bp."battlestation_id" = b."battlestation_id" AND t."type_path" = 'monitor')
  WHERE EXISTS (SELECT 1 FROM "battlestation_parts" AS bp JOIN "parts" AS p ON p."part_id" = bp."part_id"
    JOIN "part_types" AS t ON t."type_id" = p."type_id" WHERE bp."battlestation_id" = b."battlestation_id" AND t."type_path" = 'monitor');
