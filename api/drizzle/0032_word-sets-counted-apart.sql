-- A word set's first count no longer holds the pairs' advisory lock while it counts (decision 015, 2026-12-07):
-- the row is added first with `counted` false, under the lock for a moment only, so the saves after it add their
-- changes to it; the count of the stations before is added to it afterwards, in one statement, and makes it a
-- total. Rows kept so far are totals: true. The triggers of 0027-0030 are unchanged (they update rows by key).
ALTER TABLE "search_word_pairs" ADD COLUMN "counted" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "search_word_quadruples" ADD COLUMN "counted" boolean DEFAULT true NOT NULL;