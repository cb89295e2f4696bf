-- What a cached case serves (header, parties, cross-references, docket entries) has a version: every
-- write of it adds one (lib/cases/store-case.ts). An instance that read a version keeps it in memory
-- (lib/cases/case-content-cache.ts) and, while the version stands, answers from memory instead of reading
-- thousands of entries again.
ALTER TABLE "cases" ADD COLUMN "content_version" BIGINT NOT NULL DEFAULT 1;
