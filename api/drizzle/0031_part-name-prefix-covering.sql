-- The part picker's names starting with a term (decision 007's addendum) read from the index alone: a brand's
-- first letters match thousands of names at scale ('no': 6,667 of 200,000 parts), each on its own heap page,
-- which the gathering fetched before sorting (3,633 pages, 69 ms warm and 228 ms cold at 1,000,000 stations).
-- With the columns the query returns in the index, it is an index-only scan of about 40 pages (12 ms). Drizzle
-- cannot declare INCLUDE: schema.ts keeps the key, this migration the columns.
DROP INDEX IF EXISTS "parts_name_prefix_idx";--> statement-breakpoint
CREATE INDEX "parts_name_prefix_idx" ON "parts" USING btree (lower("name") text_pattern_ops) INCLUDE ("part_id", "name", "type_id");
