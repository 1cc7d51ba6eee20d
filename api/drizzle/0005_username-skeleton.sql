-- usernames' UTS #39 skeletons (decision 27). The skeleton needs the Unicode confusables table, so the API fills
-- the column for existing rows at start (backfillUsernameSkeletons) and for new ones on every write.
ALTER TABLE "users" ADD COLUMN "username_skeleton" text;--> statement-breakpoint
CREATE INDEX "users_username_skeleton_idx" ON "users" USING btree ("username_skeleton");