-- When the court's system first failed to answer a refresh of the case since the last one it answered (null
-- while the last refresh was answered): a change check (/v2/monitor) then cannot say "no change", since the
-- cache could not be brought up to date (lib/cases/monitor-case.ts).
ALTER TABLE "cases" ADD COLUMN "unanswered_since" TIMESTAMPTZ(3);
