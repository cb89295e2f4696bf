-- The refresh run last counted in a court's health (the Inngest event's id): a run Inngest executes twice (its
-- event delivered twice, its health step retried after its write went through) is counted once
-- (lib/courts/court-health.ts).
ALTER TABLE "court_health" ADD COLUMN "last_run" TEXT;
