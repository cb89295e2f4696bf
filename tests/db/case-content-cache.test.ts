// The in-memory content cache of cached cases (lib/cases/case-content-cache.ts), on PGlite and PostgreSQL:
// a case asked again at the same content version is served from memory (one small row read, the very same
// objects), any write of it (a refresh, entries merged from a feed) is seen at once, what changes without a
// content write (last refresh time, sealed/missing) is read fresh every time, and the cache stays bounded.
import { beforeAll, describe, expect, it } from "vitest";
import { CaseContentCache, contentCacheFor } from "@/lib/cases/case-content-cache";
import { liveStore } from "@/lib/cases/case-store";
import { storeCase } from "@/lib/cases/store-case";
import type { CaseRecord } from "@/lib/cases/types";
import type { CoveredCourt } from "@/lib/courts/resolve-court";
import { findCourt } from "@/lib/courts/registry";
import { useDatabase } from "@/lib/db";
import { normalizeCase } from "@/lib/sources/normalize/normalize-case";
import type { SourceCase } from "@/lib/sources/types";
import { EACH_DATABASE, databaseForSuite } from "../helpers/test-database";

const court = findCourt("nysd") as CoveredCourt;

function source(caseNumber: string, entries: number, title = "Cache Holdings LLC v. Memory Corp."): SourceCase {
  return {
    caseNumber,
    title,
    caseType: "cv",
    dateFiled: "2024-01-02",
    parties: [
      { name: "Cache Holdings LLC", role: "Plaintiff" },
      { name: "Memory Corp.", role: "Defendant" },
    ],
    entries: Array.from({ length: entries }, (_, index) => ({
      number: index + 1,
      filed: new Date(Date.parse("2024-01-02T15:00:00Z") + index * 86_400_000).toISOString(),
      text: `ORDER number ${index + 1}`,
    })),
  };
}

describe.each(EACH_DATABASE)("the case content cache on %s", (_name, target) => {
  const opened = databaseForSuite(target);
  const prisma = () => opened().db.prisma;
  beforeAll(() => useDatabase(opened().db));

  const store = (caseId: string, entries: number, title?: string) =>
    storeCase({ prisma: prisma(), record: normalizeCase(court, caseId, source(caseId, entries, title)), source: "test" });
  const lookup = async (caseId: string): Promise<CaseRecord | null> => {
    const { results } = await liveStore.lookup([{ court, caseId }], new Date());
    const result = results[0]!;
    return result.kind === "found" ? result.record : null;
  };
  const version = async (caseId: string) =>
    (await prisma().$queryRawUnsafe<{ v: string }[]>("SELECT content_version::text AS v FROM cases WHERE court_code = 'nysd' AND case_id = $1", caseId))[0]!.v;

  it("serves a case asked again at the same version from memory: the same objects, the same content", async () => {
    await store("1:24-cv-70001", 40);
    const first = (await lookup("1:24-cv-70001"))!;
    const second = (await lookup("1:24-cv-70001"))!;
    expect(second.entries).toBe(first.entries);
    expect(second.parties).toBe(first.parties);
    expect(second).toEqual(first);
    expect(first.entries).toHaveLength(40);
  });

  it("sees every write of the case at once: a refresh with a new entry, a new title", async () => {
    await store("1:24-cv-70002", 10);
    const before = await version("1:24-cv-70002");
    const first = (await lookup("1:24-cv-70002"))!;
    await store("1:24-cv-70002", 11, "Cache Holdings LLC v. Renamed Corp.");
    expect(BigInt(await version("1:24-cv-70002"))).toBe(BigInt(before) + 1n);
    const refreshed = (await lookup("1:24-cv-70002"))!;
    expect(refreshed.entries).not.toBe(first.entries);
    expect(refreshed.entries).toHaveLength(11);
    expect(refreshed.header.case_name).toBe("Cache Holdings LLC v. Renamed Corp.");
  });

  it("reads what changes without a content write fresh every time: the last refresh, sealed", async () => {
    await store("1:24-cv-70003", 5);
    await lookup("1:24-cv-70003");
    const refreshedAt = new Date(Date.now() - 3_600_000);
    await prisma().case.update({ where: { courtCode_caseId: { courtCode: "nysd", caseId: "1:24-cv-70003" } }, data: { lastRefreshedAt: refreshedAt } });
    expect((await lookup("1:24-cv-70003"))!.last_refreshed_at).toBe(refreshedAt.toISOString());
    await prisma().case.update({ where: { courtCode_caseId: { courtCode: "nysd", caseId: "1:24-cv-70003" } }, data: { sourceState: "sealed" } });
    const { results } = await liveStore.lookup([{ court, caseId: "1:24-cv-70003" }], new Date());
    expect(results[0]).toEqual({ kind: "not_found", sealed: true });
  });

  it("a case whose row was made anew is read anew, whatever its version says", async () => {
    await store("1:24-cv-70004", 3);
    const first = (await lookup("1:24-cv-70004"))!;
    await prisma().$executeRawUnsafe("DELETE FROM cases WHERE court_code = 'nysd' AND case_id = '1:24-cv-70004'");
    await store("1:24-cv-70004", 4);
    expect(await version("1:24-cv-70004")).toBe("2");
    const again = (await lookup("1:24-cv-70004"))!;
    expect(again.entries).not.toBe(first.entries);
    expect(again.entries).toHaveLength(4);
  });

  it("keeps one cache per database client", () => {
    expect(contentCacheFor(prisma())).toBe(contentCacheFor(prisma()));
    expect(contentCacheFor(prisma()).size.cases).toBeGreaterThan(0);
  });
});

describe("the content cache's bound", () => {
  const content = (entries: number) => ({ ...normalizeCase(court, "x", source("x", entries)), entries: [] as CaseRecord["entries"] }) as Omit<CaseRecord, "last_refreshed_at" | "source_state">;
  const withEntries = (count: number) => {
    const base = content(0);
    return { ...base, entries: Array.from({ length: count }, () => ({}) as CaseRecord["entries"][number]) };
  };

  it("holds at most its number of entries, least recently used out first; a docket larger than all is not held", () => {
    const cache = new CaseContentCache(100);
    cache.set("a", "1", withEntries(40));
    cache.set("b", "1", withEntries(40));
    expect(cache.get("a", "1")).not.toBeNull(); // a is now the most recently used
    cache.set("c", "1", withEntries(40));
    expect(cache.get("b", "1")).toBeNull();
    expect(cache.get("a", "1")).not.toBeNull();
    expect(cache.get("c", "1")).not.toBeNull();
    expect(cache.size).toEqual({ cases: 2, entries: 80 });
    cache.set("d", "1", withEntries(101));
    expect(cache.get("d", "1")).toBeNull();
    // Another version of a held case replaces it.
    cache.set("a", "2", withEntries(10));
    expect(cache.get("a", "1")).toBeNull();
    expect(cache.size).toEqual({ cases: 2, entries: 50 });
  });
});
