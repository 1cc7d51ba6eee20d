CREATE TABLE "part_type_counts" (
	"type_id" integer PRIMARY KEY NOT NULL,
	"parts" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "part_type_counts" ADD CONSTRAINT "part_type_counts_type_id_part_types_type_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."part_types"("type_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Parts per category (issue 18, decision 013), kept by statement triggers in the writing transaction: the
-- catalogue's total without search words is a row or a sum over the categories instead of a count of parts.
LOCK TABLE "parts" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
INSERT INTO "part_type_counts" ("type_id", "parts") SELECT "type_id", count(*) FROM "parts" GROUP BY "type_id";--> statement-breakpoint
CREATE FUNCTION "count_parts_by_type"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE "part_type_counts" SET "parts" = 0;
    RETURN NULL;
  END IF;
  -- Most updates (a part's battlestation count, a rename) keep its category: then nothing to do, no lock taken.
  -- (Nested: a condition is one query, and an insert has no old_rows to plan it against.)
  IF TG_OP = 'UPDATE' THEN
    IF NOT EXISTS (SELECT 1 FROM old_rows o JOIN new_rows n USING ("part_id") WHERE o."type_id" IS DISTINCT FROM n."type_id") THEN
      RETURN NULL;
    END IF;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE "part_type_counts" c SET "parts" = c."parts" - gone.n
      FROM (SELECT "type_id", count(*) AS n FROM old_rows GROUP BY "type_id") gone
      WHERE c."type_id" = gone."type_id";
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO "part_type_counts" ("type_id", "parts")
      SELECT "type_id", count(*) FROM new_rows GROUP BY "type_id"
      ON CONFLICT ("type_id") DO UPDATE SET "parts" = "part_type_counts"."parts" + excluded."parts";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "parts_count_inserted" AFTER INSERT ON "parts" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "count_parts_by_type"();--> statement-breakpoint
CREATE TRIGGER "parts_count_deleted" AFTER DELETE ON "parts" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "count_parts_by_type"();--> statement-breakpoint
CREATE TRIGGER "parts_count_updated" AFTER UPDATE ON "parts" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "count_parts_by_type"();--> statement-breakpoint
CREATE TRIGGER "parts_count_truncated" AFTER TRUNCATE ON "parts" FOR EACH STATEMENT EXECUTE FUNCTION "count_parts_by_type"();
