ALTER TABLE "battlestation_images" ADD COLUMN "palette" text[];--> statement-breakpoint
ALTER TABLE "battlestation_images" ADD COLUMN "colour_families" text[];--> statement-breakpoint
ALTER TABLE "battlestations" ADD COLUMN "monitor_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "battlestations" ADD COLUMN "monitor_count_manual" integer;--> statement-breakpoint
ALTER TABLE "battlestations" ADD COLUMN "main_uses" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "battlestations" ADD COLUMN "palette" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "battlestations" ADD COLUMN "colour_families" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "battlestations" ADD COLUMN "facets" text[] GENERATED ALWAYS AS (battlestation_facets(monitor_count, main_uses, colour_families)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "battlestations_public_facets_idx" ON "battlestations" USING gin ("facets") WHERE is_public;--> statement-breakpoint
ALTER TABLE "battlestations" ADD CONSTRAINT "battlestations_monitor_count_check" CHECK ("battlestations"."monitor_count_manual" BETWEEN 0 AND 12);