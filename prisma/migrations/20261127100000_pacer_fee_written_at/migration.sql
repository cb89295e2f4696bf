-- When a fee row was written, by the database's clock (the one clock every instance shares; `at` is the fetch's).
-- A docket report's reservation still in flight long after its fetch's deadline was left by a process that died
-- between PACER's bill and the ledger's (lib/sources/pacer/hold-abandoned-reports.ts): the case is then held as
-- after an unanswered report instead of being bought again at once. Rows written before this migration keep null
-- (nothing says when they were written); the default is set after the column is added, so they are not stamped
-- with the migration's time.
ALTER TABLE "pacer_fees" ADD COLUMN "written_at" TIMESTAMPTZ(3);
ALTER TABLE "pacer_fees" ALTER COLUMN "written_at" SET DEFAULT clock_timestamp();
