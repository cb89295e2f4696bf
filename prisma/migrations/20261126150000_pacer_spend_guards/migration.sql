-- The court's free entry count (mobile_query.pl) when last read, and when (lib/sources/pacer/plan-pacer-refresh.ts):
-- a cached docket can hold more rows than the court lists (an entry struck or no longer listed is kept), so a
-- count compared with the cache's rows differed forever and every scheduled run paid for a reading. A later count
-- is compared with the one the court gave when the cache was last read or verified.
ALTER TABLE "pacer_cases" ADD COLUMN "listed_entry_count" INTEGER;
ALTER TABLE "pacer_cases" ADD COLUMN "listed_entry_count_at" TIMESTAMPTZ(3);

-- A docket report that was sent but never answered (its time-out, or the fetch's deadline) may have been billed
-- without a receipt (lib/sources/pacer/fetch-docket-report.ts): the ledger records PACER's cap for it, marked
-- estimated, so the fee budget counts it.
ALTER TABLE "pacer_fees" ADD COLUMN "estimated" BOOLEAN NOT NULL DEFAULT false;
-- A docket report's row is written before the report is asked for (in flight, at the cap), under one lock with the
-- budget check, so concurrent fetches count each other; an in-flight row counts against the budget for 10 minutes
-- at most, an unanswered one (estimated, no longer in flight) not at all (it may not have been billed).
ALTER TABLE "pacer_fees" ADD COLUMN "in_flight" BOOLEAN NOT NULL DEFAULT false;

-- Such a report, or a billed page that is not a docket ("administratively closed"), holds the case's next report
-- back (lib/sources/pacer/report-hold.ts): 15 minutes, doubling with each in a row, up to a day. Before, every
-- query and every refresh run paid again for the same answer.
ALTER TABLE "pacer_cases" ADD COLUMN "report_failures" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "pacer_cases" ADD COLUMN "report_failed_at" TIMESTAMPTZ(3);
ALTER TABLE "pacer_cases" ADD COLUMN "report_failure" TEXT;

-- When the feed poller first saw a case's newest item, by the database's clock (lib/sources/pacer/poll-court-feed.ts):
-- a refresh is paid for when an item was first seen after the previous reading began. Before, an item dated within
-- PACER_FEED_SKEW_SECONDS (5 minutes) before a refresh made the next run pay again for the same item.
ALTER TABLE "pacer_cases" ADD COLUMN "changed_seen_at" TIMESTAMPTZ(3);
-- The keys of the case's items in the feed's last poll: an item is new to the case when its key is not there (two
-- items of the same second, an item that shows up late), and only a new item moves changed_at/changed_seen_at.
ALTER TABLE "pacer_cases" ADD COLUMN "feed_item_keys" TEXT[];
-- When the case's last docket report was asked for: once that reading is stored, items first seen before it are in it.
ALTER TABLE "pacer_cases" ADD COLUMN "report_asked_at" TIMESTAMPTZ(3);
