-- How long the fetch that reserved a docket report's fee may wait for it (its instance's SOURCE_TIMEOUT_MS).
-- A reservation is taken as abandoned by a dead process only past its own fetch's deadline
-- (lib/sources/pacer/hold-abandoned-reports.ts): instances may be configured differently (a deploy that raises
-- SOURCE_TIMEOUT_MS runs both for a while), and one's deadline must not cut another's fetch short. Null (rows
-- written before, or by an instance of the release before during the deploy): the longest deadline allowed.
ALTER TABLE "pacer_fees" ADD COLUMN "fetch_deadline_ms" INTEGER;
-- Every PACER read and refresh plan looks for its cases' reservations still in flight: few rows at any time,
-- found without walking the court's whole ledger.
CREATE INDEX "pacer_fees_in_flight_idx" ON "pacer_fees"("court_code", "case_id") WHERE "in_flight";
