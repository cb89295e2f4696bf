-- A cached case the source stops showing (issue "What the spec and our own docs promise", point 3): sealed at
-- once, or missing after several refreshes in a row that did not find it, it is answered 404 and never
-- charged, instead of stale data at full price (lib/refresh/record-vanished-case.ts).
ALTER TABLE "cases" ADD COLUMN "source_state" TEXT NOT NULL DEFAULT 'found';
ALTER TABLE "cases" ADD COLUMN "missing_refreshes" INTEGER NOT NULL DEFAULT 0;
