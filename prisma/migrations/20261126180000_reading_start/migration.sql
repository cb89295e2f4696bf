-- The latest start of the readings stored for a case, by the database's clock, written with each reading in its
-- own transaction (lib/cases/store-case.ts). A PACER refresh is paid for when the feed showed an item our poller
-- first saw after that time, and a free entry count taken after it is not yet the cached docket's
-- (lib/sources/pacer/plan-pacer-refresh.ts). Before, one stamp per case (pacer_cases.report_asked_at, the earliest
-- ask since the last store) stood for the stored reading; three overlapping readings (two instances and a retried
-- step) could leave it naming a reading that began after the stored one, and an item seen between the two starts
-- waited for the court's next signal.
ALTER TABLE "cases" ADD COLUMN "read_from" TIMESTAMPTZ(3);
ALTER TABLE "pacer_cases" DROP COLUMN "report_asked_at";
