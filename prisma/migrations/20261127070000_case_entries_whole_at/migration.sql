-- When the case's docket entries were last read whole (every page) and stored: a source that reads only its
-- newest entries on a refresh (ACIS) reads them all again once this is a day old, so an entry the court adds
-- late, listed among older ones, is found within a day (lib/sources/florida/acis-source.ts).
ALTER TABLE "cases" ADD COLUMN "entries_whole_at" TIMESTAMPTZ(3);
