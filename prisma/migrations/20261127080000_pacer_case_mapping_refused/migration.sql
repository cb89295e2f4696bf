-- When a docket report asked by the stored PACER case id printed another case's number: the mapping is then
-- looked up again at the next read (lib/sources/pacer/lookup-pacer-case.ts) instead of being used for good.
ALTER TABLE "pacer_cases" ADD COLUMN "mapping_refused_at" TIMESTAMPTZ(3);
