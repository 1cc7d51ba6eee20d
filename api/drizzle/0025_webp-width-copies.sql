-- Width copies are WebP now (decision 004). Photos whose copies were written in their own format go back to
-- "not looked at yet": the start-up backfill writes their WebP copies, fills the row and deletes the old ones.
-- Meanwhile clients show the `_thumb`, as for any photo without a size. Rows recorded with no copies stay.
UPDATE "battlestation_images" SET "widths" = NULL WHERE cardinality("widths") > 0;--> statement-breakpoint
UPDATE "parts" SET "image_widths" = NULL WHERE cardinality("image_widths") > 0;
