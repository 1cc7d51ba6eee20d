-- Width copies of photos (issue 17, decision 004): which _w{width} files each photo has, and a part image's size.
-- Null means not yet known: the API's start-up backfill writes the missing copies of existing photos and fills these.
ALTER TABLE "battlestation_images" ADD COLUMN "widths" integer[];--> statement-breakpoint
ALTER TABLE "parts" ADD COLUMN "image_width" integer;--> statement-breakpoint
ALTER TABLE "parts" ADD COLUMN "image_height" integer;--> statement-breakpoint
ALTER TABLE "parts" ADD COLUMN "image_widths" integer[];