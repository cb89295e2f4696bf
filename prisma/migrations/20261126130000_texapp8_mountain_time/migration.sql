-- The Eighth Court of Appeals of Texas (El Paso, texapp8) keeps Mountain time (lib/courts/timezone.ts); its
-- entries were stored with the Central zone, their date-only filings at Central midnight. Moved to Mountain
-- midnight (always one hour later: both zones change on the same local dates), so a new reading finds each
-- entry at the filing time it was stored with (lib/cases/entry-key.ts) instead of as a new filing, and the
-- case's content version moves on so no cached answer keeps the old offsets.
UPDATE "docket_entries" AS e
   SET "filed_at" = e."filed_at" + interval '1 hour'
  FROM "cases" AS c
 WHERE e."case_ref" = c."id"
   AND c."court_code" = 'texapp8'
   AND (e."filed_at" AT TIME ZONE 'America/Chicago')::time = '00:00';
UPDATE "cases" SET "content_version" = "content_version" + 1 WHERE "court_code" = 'texapp8';
