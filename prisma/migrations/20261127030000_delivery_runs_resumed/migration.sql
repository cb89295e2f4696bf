-- A delivery whose Inngest run failed (its steps' retries used up: the database away longer than they last,
-- the signing keys unreadable) was left for good, `pending` or `retrying`, never attempted again and never
-- `failed`. Such a run now hands its delivery back (released_at), and the sweep hands it over again as a new
-- run that carries on from the attempts recorded; `resumes` counts those hand-overs (each needs an event id
-- of its own) and spaces them out while the cause lasts.
ALTER TABLE "callback_deliveries" ADD COLUMN "resumes" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "callback_deliveries" ADD COLUMN "released_at" TIMESTAMPTZ(3);
