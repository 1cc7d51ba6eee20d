DROP INDEX "battlestations_public_name_idx";--> statement-breakpoint
DROP INDEX "battlestations_name_idx";--> statement-breakpoint
ALTER TABLE "battlestations" ADD COLUMN "name_key" text GENERATED ALWAYS AS (lower(name)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "battlestations_public_name_idx" ON "battlestations" USING btree ("name_key","battlestation_id") WHERE is_public;--> statement-breakpoint
CREATE INDEX "battlestations_name_idx" ON "battlestations" USING btree ("name_key","battlestation_id");