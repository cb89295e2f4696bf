// A refresh step that fails part way (a case's store hits a database error) is retried by Inngest as a whole.
// The failed attempt must be over when the step reports its failure: fetches of its other cases still running
// then (or started after) would overlap the retry, which asks for the same cases again (a PACER report bought
// twice at once), outside the one-step-per-court concurrency Inngest believes it enforces.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { findCourt } from "@/lib/courts/registry";
import { useDatabase } from "@/lib/db";
import { refreshCases } from "@/lib/refresh/refresh-cases";
import { storeCase } from "@/lib/cases/store-case";
import { normalizeCase } from "@/lib/sources/normalize/normalize-case";
import { civilCase, scriptedSource } from "../helpers/scripted-source";
import { DATABASE_TARGETS, databaseForSuite } from "../helpers/test-database";

vi.mock("@/lib/sources/registry", async () => {
  const { scriptedSource: source } = await import("../helpers/scripted-source");
  return { sourceForCourt: () => source };
});

// The store of one case fails (a lost connection, a deadlock); the others store as usual.
const failing = vi.hoisted(() => ({ caseId: "", once: false }));
vi.mock("@/lib/cases/store-case", async (importOriginal) =>
  (await import("../helpers/failing-store")).failingStore(await importOriginal<typeof import("@/lib/cases/store-case")>(), failing),
);

const database = databaseForSuite(DATABASE_TARGETS[0]!, (opened) => useDatabase(opened.db));
beforeEach(() => scriptedSource.reset());

describe("a refresh step that fails part way", () => {
  it("ends its fetches before it fails, and starts none after the failure", async () => {
    const court = findCourt("waed")!;
    const ids = Array.from({ length: 12 }, (_, index) => `2:26-cv-${String(83000 + index)}`);
    for (const id of ids) {
      scriptedSource.put("waed", civilCase(id));
      await storeCase({ prisma: database().db.prisma, record: normalizeCase(court, id, civilCase(id)), source: "scripted" });
    }
    failing.caseId = ids[0]!;
    // Every fetch takes a while; count those running.
    let running = 0;
    const fetchCase = scriptedSource.fetchCase.bind(scriptedSource);
    const spy = vi.spyOn(scriptedSource, "fetchCase").mockImplementation(async (request) => {
      running += 1;
      try {
        await new Promise((resolve) => setTimeout(resolve, request.caseId === failing.caseId ? 5 : 60));
        return await fetchCase(request);
      } finally {
        running -= 1;
      }
    });
    try {
      await expect(refreshCases({ prisma: database().db.prisma, court, caseIds: ids, now: new Date() })).rejects.toThrow("connection lost while storing");
      // When the step reports the failure, nothing of it still runs, and nothing new starts afterwards.
      expect(running).toBe(0);
      const fetched = scriptedSource.fetches.length;
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(scriptedSource.fetches.length).toBe(fetched);
      expect(fetched).toBeLessThan(ids.length);
    } finally {
      spy.mockRestore();
      failing.caseId = "";
    }
  });

  it("is retried asking only the cases its failed attempt did not ask", async () => {
    const court = findCourt("waed")!;
    const ids = Array.from({ length: 6 }, (_, index) => `2:26-cv-${String(83500 + index)}`);
    for (const id of ids) {
      scriptedSource.put("waed", civilCase(id));
      await storeCase({ prisma: database().db.prisma, record: normalizeCase(court, id, civilCase(id)), source: "scripted" });
    }
    // The run's tick came after the cases were last read.
    await database().db.prisma.case.updateMany({ where: { courtCode: "waed", caseId: { in: ids } }, data: { lastRefreshedAt: new Date(Date.now() - 3_600_000) } });
    const tick = new Date(Date.now() - 60_000);
    // One worker: the first five are read and stored, the last one's store fails.
    failing.caseId = ids[5]!;
    failing.once = true;
    try {
      await expect(refreshCases({ prisma: database().db.prisma, court, caseIds: ids, now: new Date(), concurrency: 1, askedSince: tick })).rejects.toThrow("connection lost while storing");
      expect(scriptedSource.fetches).toHaveLength(6);
      // Inngest retries the step: its chunk again, the same tick. The five stored are not read (nor bought) again.
      const retry = await refreshCases({ prisma: database().db.prisma, court, caseIds: ids, now: new Date(), concurrency: 1, askedSince: tick });
      expect(ids.slice(0, 5).filter((id) => scriptedSource.fetchCount("waed", id) !== 1)).toEqual([]);
      expect(scriptedSource.fetchCount("waed", ids[5]!)).toBe(2);
      expect(retry).toMatchObject({ attempted: 1, refreshed: 1, alreadyAsked: 5, skipped: 5 });
    } finally {
      failing.caseId = "";
      failing.once = false;
    }
  });

  it("marks the cases a spent fee budget left unasked as unanswered before it fails", async () => {
    const court = findCourt("waed")!;
    const ids = Array.from({ length: 4 }, (_, index) => `2:26-cv-${String(84000 + index)}`);
    for (const id of ids) {
      scriptedSource.put("waed", civilCase(id));
      await storeCase({ prisma: database().db.prisma, record: normalizeCase(court, id, civilCase(id)), source: "scripted" });
    }
    failing.caseId = ids[0]!;
    // The first case's store fails; the second finds the budget spent, which leaves it and the rest unasked.
    const fetchCase = scriptedSource.fetchCase.bind(scriptedSource);
    const spy = vi.spyOn(scriptedSource, "fetchCase").mockImplementation(async (request) => {
      if (request.caseId === ids[0]) return fetchCase(request);
      await new Promise((resolve) => setTimeout(resolve, 50));
      return { kind: "budget_spent", resetsAt: new Date(Date.now() + 86_400_000).toISOString() };
    });
    try {
      await expect(refreshCases({ prisma: database().db.prisma, court, caseIds: ids, now: new Date(), concurrency: 2 })).rejects.toThrow("connection lost while storing");
      // A retry that fails the same way would leave them so: /v2/monitor must not read their cache as "no change".
      const rows = await database().db.prisma.case.findMany({ where: { courtCode: "waed", caseId: { in: ids.slice(1) } }, select: { unansweredSince: true } });
      expect(rows).toHaveLength(3);
      expect(rows.every((row) => row.unansweredSince !== null)).toBe(true);
    } finally {
      spy.mockRestore();
      failing.caseId = "";
    }
  });
});
