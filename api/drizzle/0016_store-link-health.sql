CREATE TABLE "store_link_checks" (
	"part_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"url" text NOT NULL,
	"consecutive_failures" integer DEFAULT 0 NOT NULL,
	"is_broken" boolean DEFAULT false NOT NULL,
	"last_status" integer,
	"last_error" text,
	"last_checked_at" timestamp with time zone NOT NULL,
	"broken_since" timestamp with time zone,
	CONSTRAINT "store_link_checks_part_id_store_id_pk" PRIMARY KEY("part_id","store_id")
);
--> statement-breakpoint
ALTER TABLE "store_link_checks" ADD CONSTRAINT "store_link_checks_link_fk" FOREIGN KEY ("part_id","store_id") REFERENCES "public"."part_stores"("part_id","store_id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "store_link_checks_broken_idx" ON "store_link_checks" USING btree ("last_checked_at","part_id","store_id") WHERE "store_link_checks"."is_broken";--> statement-breakpoint
CREATE INDEX "store_link_checks_checked_idx" ON "store_link_checks" USING btree ("last_checked_at");