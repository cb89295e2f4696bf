-- The court's free entry count (mobile_query.pl) when last read, and when (lib/sources/pacer/plan-pacer-refresh.ts):
-- a cached docket can hold more rows than the court lists (an entry struck or no longer listed is kept), so a
-- count compared with the cache's rows differed forever and every scheduled run paid for a reading. A later count
-- is compared with the one the court gave when the cache was last read or verified.
ALTER TABLE "pacer_cases" ADD COLUMN "listed_entry_count" INTEGER;
ALTER TABLE "pacer_cases" ADD COLUMN "listed_entry_count_at" TIMESTAMPTZ(3);
