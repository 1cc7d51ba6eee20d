ALTER TABLE "part_requests" ADD COLUMN "part_id" integer;--> statement-breakpoint
ALTER TABLE "part_requests" ADD CONSTRAINT "part_requests_part_id_parts_part_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."parts"("part_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "part_requests_part_idx" ON "part_requests" USING btree ("part_id");