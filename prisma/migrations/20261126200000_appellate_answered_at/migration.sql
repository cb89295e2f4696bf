-- When the court last answered a docket report of the case (a docket, or a notice: not found, sealed), by the
-- fetch's clock. The courts of appeals are read on a schedule of their own (no free entry count; their feeds
-- list orders, opinions and judgments at most: lib/sources/pacer/plan-appellate-refresh.ts), which keys on it:
-- a tracked case the court stopped showing moves no last_refreshed_at, and was asked again on every hourly run.
ALTER TABLE "pacer_cases" ADD COLUMN "answered_at" TIMESTAMPTZ(3);
