-- When a docket entry appeared on the docket (lib/cases/store-case.ts): the basis of change detection from
-- 2.1.0 on, instead of first_seen_at, which stamped a case's whole first fetch with the fetch time and so
-- made years of filings "new since yesterday" for an agent's first query.
-- Stored entries get it from what is stored: entries of a case's first fetch (those stored at the case's
-- earliest first_seen_at) appeared when they were filed (never later than that fetch); entries a later
-- refresh found appeared when it found them.
ALTER TABLE "docket_entries" ADD COLUMN "appeared_at" TIMESTAMPTZ(3);
-- The source's own id of an entry (CM/ECF de_seq_num, ACMS entry GUID): what tells apart entries that share
-- a number on real dockets (lib/cases/entry-key.ts).
ALTER TABLE "docket_entries" ADD COLUMN "source_sequence" TEXT;

UPDATE "docket_entries" AS e
SET "appeared_at" = CASE
  WHEN e."first_seen_at" = f."first_fetch" THEN LEAST(e."filed_at", e."first_seen_at")
  ELSE e."first_seen_at"
END
FROM (SELECT "case_ref", min("first_seen_at") AS "first_fetch" FROM "docket_entries" GROUP BY "case_ref") AS f
WHERE f."case_ref" = e."case_ref";

ALTER TABLE "docket_entries" ALTER COLUMN "appeared_at" SET NOT NULL;

CREATE INDEX "docket_entries_case_ref_appeared_at_idx" ON "docket_entries"("case_ref", "appeared_at");
