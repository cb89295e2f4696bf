-- When the court's system was last asked for the case without a reading being stored: it said the case is not
-- there (a refresh or a query), or it did not answer a refresh run. A stored reading moves last_refreshed_at
-- instead. A refresh run skips the cases asked either way since its tick (lib/refresh/already-asked.ts), so two
-- overlapping runs of one court do not ask the court twice per case.
ALTER TABLE "cases" ADD COLUMN "last_asked_at" TIMESTAMPTZ(3);
