// The scheduled refresh on Inngest, run by @inngest/test with the real step bodies against a real
// database (PGlite here; the refresh logic itself also runs on PostgreSQL in tests/db/live-cases.test.ts).
import { InngestTestEngine } from "@inngest/test";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { refreshCourt as refreshCourtFunction } from "@/inngest/functions/refresh-court";
import { schedulePriorityRefreshes, scheduleStandardRefreshes } from "@/inngest/functions/schedule-court-refreshes";
import { readCachedCase } from "@/lib/cases/read-cached-case";
import { storeCase } from "@/lib/cases/store-case";
import { recordCourtRun, UNHEALTHY_AFTER_FAILED_RUNS } from "@/lib/courts/court-health";
import { findCourt } from "@/lib/courts/registry";
import { recordAskedUnanswered } from "@/lib/refresh/already-asked";
import { refreshGroupOf } from "@/lib/refresh/refresh-group";
import { useDatabase } from "@/lib/db";
import { normalizeCase } from "@/lib/sources/normalize/normalize-case";
import { civilCase, scriptedSource } from "../helpers/scripted-source";
import { DATABASE_TARGETS, type TestDatabase } from "../helpers/test-database";

vi.mock("@/lib/sources/registry", async () => {
  const { scriptedSource: source } = await import("../helpers/scripted-source");
  return { sourceForCourt: () => source };
});

let opened: TestDatabase;
beforeAll(async () => {
  opened = await DATABASE_TARGETS[0]!.open();
  useDatabase(opened.db);
});
afterAll(async () => {
  await opened?.dispose();
});
beforeEach(() => scriptedSource.reset());

/** Puts a case in the cache, tracked (queried `queriedDaysAgo` days ago). */
async function tracked(courtCode: string, caseId: string, queriedDaysAgo: number) {
  const source = civilCase(caseId);
  scriptedSource.put(courtCode, source);
  await storeCase({ prisma: opened.db.prisma, record: normalizeCase(findCourt(courtCode)!, caseId, source), source: "scripted" });
  await opened.db.prisma.case.update({
    where: { courtCode_caseId: { courtCode, caseId } },
    data: { lastQueriedAt: new Date(Date.now() - queriedDaysAgo * 86_400_000) },
  });
}

describe("scheduled court refreshes", () => {
  it("fan out one refresh event per court with tracked cases, by cadence", async () => {
    await tracked("nysd", "1:26-cv-80001", 1); // priority court: 900 s
    await tracked("wawd", "2:26-cv-80002", 2); // 3600 s
    await tracked("wyd", "1:26-cv-80003", 45); // not queried for 45 days: not tracked

    // Sending is Inngest's job: the step is mocked, and the test reads what the function asked to send.
    // (A fresh mock per run: the engine keeps step state in the options it is given.)
    const sent = () => ({ steps: [{ id: "request court refreshes", handler: () => ({ ids: ["event-id"] }) }] });
    const priority = await new InngestTestEngine({ function: schedulePriorityRefreshes }).execute(sent());
    expect(priority.result).toEqual({ cadence_seconds: 900, courts: ["nysd"] });
    expect(priority.ctx.step.sendEvent).toHaveBeenCalledWith("request court refreshes", [
      expect.objectContaining({ name: "courts/refresh.requested", data: { court_code: "nysd", refresh_group: "court:nysd" } }),
    ]);

    const standard = await new InngestTestEngine({ function: scheduleStandardRefreshes }).execute(sent());
    expect(standard.result).toEqual({ cadence_seconds: 3600, courts: ["wawd"] });
  });
});

describe("scheduled court refreshes delivered twice", () => {
  it("send the same event ids for one cron tick, so Inngest runs each court's refresh once", async () => {
    await tracked("nysd", "1:26-cv-80011", 1);
    // One tick's event, run twice: Inngest invokes a function at least once, and retries a sendEvent step whose
    // events went out but whose result was lost.
    const tick = { name: "inngest/scheduled.timer", id: "01TICKAAAAAAAAAAAAAAAAAAAA", data: { cron: "*/15 * * * *" } };
    const sentIds = async (event: typeof tick) => {
      const { ctx } = await new InngestTestEngine({ function: schedulePriorityRefreshes }).execute({
        events: [event],
        steps: [{ id: "request court refreshes", handler: () => ({ ids: ["event-id"] }) }],
      });
      const [, events] = vi.mocked(ctx.step.sendEvent).mock.calls[0]! as unknown as [string, Array<{ id?: string; data: { court_code: string } }>];
      return events.map((sent) => sent.id);
    };
    const first = await sentIds(tick);
    expect(first.every((id) => typeof id === "string" && id.length > 0)).toBe(true);
    expect(await sentIds(tick)).toEqual(first);
    // The next tick refreshes again.
    const next = await sentIds({ ...tick, id: "01TICKBBBBBBBBBBBBBBBBBBBB" });
    expect(next.some((id) => first.includes(id))).toBe(false);
  });
});

describe("refresh groups", () => {
  it("put the courts of one court system's host in one group, run one at a time; a PACER court is its own", () => {
    expect(new Set(["texapp1", "texapp14", "txsupct", "texcrimapp"].map(refreshGroupOf))).toEqual(new Set(["system:tames"]));
    expect(new Set(["fladistctapp1", "fladistctapp6", "fla"].map(refreshGroupOf))).toEqual(new Set(["system:acis"]));
    expect(refreshGroupOf("scotus")).toBe("system:scotus");
    expect(refreshGroupOf("nysd")).toBe("court:nysd");
    expect(refreshCourtFunction.opts.concurrency).toEqual([
      { key: "event.data.court_code", limit: 1 },
      { key: "event.data.refresh_group", limit: 1 },
    ]);
  });
});

describe("refresh-court", () => {
  const run = (courtCode: string) =>
    new InngestTestEngine({ function: refreshCourtFunction }).execute({
      events: [{ name: "courts/refresh.requested", data: { court_code: courtCode } }],
    });

  it("refreshes every tracked case of the court in chunked steps, keeping first_seen_at, following status", async () => {
    const ids = Array.from({ length: 30 }, (_, index) => `2:26-cv-${String(81000 + index)}`);
    for (const id of ids) await tracked("waed", id, 3);
    const before = await readCachedCase(opened.db.prisma, "waed", ids[0]!);
    // The source moved on: a new filing on every case, and the first case closed.
    for (const id of ids) {
      const source = scriptedSource.get("waed", id);
      source.entries.push({ number: 2, filed: "2026-02-01", text: "ORDER setting trial", documentId: "0456" });
      if (id === ids[0]) source.dateTerminated = "2026-02-02";
    }

    const { result, ctx } = await run("waed");
    expect(result).toMatchObject({ court_code: "waed", attempted: 30, refreshed: 30, newEntries: 30, unavailable: 0 });
    expect(ctx.step.run).toHaveBeenCalledWith("refresh cases 1-25", expect.any(Function));
    expect(ctx.step.run).toHaveBeenCalledWith("refresh cases 26-30", expect.any(Function));

    const after = (await readCachedCase(opened.db.prisma, "waed", ids[0]!))!;
    expect(after.header.status).toBe("closed");
    const complaint = after.entries.find((entry) => entry.entry_number === 1)!;
    expect(complaint.first_seen_at).toBe(before!.entries.find((entry) => entry.entry_number === 1)!.first_seen_at);
    expect(after.entries.find((entry) => entry.entry_number === 2)!.first_seen_at > complaint.first_seen_at).toBe(true);
  });

  it("records the court unhealthy after failed runs, and healthy again after one that answers", async () => {
    await tracked("vtd", "2:26-cv-82001", 1);
    scriptedSource.setDown("vtd");
    for (let run_ = 0; run_ < UNHEALTHY_AFTER_FAILED_RUNS; run_ += 1) {
      const { result } = await run("vtd");
      expect(result).toMatchObject({ attempted: 1, unavailable: 1 });
    }
    const unhealthy = await opened.db.prisma.courtHealth.findUnique({ where: { courtCode: "vtd" } });
    expect(unhealthy).toMatchObject({ consecutiveFailures: UNHEALTHY_AFTER_FAILED_RUNS, lastError: "scripted outage" });
    expect(unhealthy!.unhealthySince).not.toBeNull();

    scriptedSource.down.clear();
    await run("vtd");
    expect(await opened.db.prisma.courtHealth.findUnique({ where: { courtCode: "vtd" } })).toMatchObject({ consecutiveFailures: 0, unhealthySince: null });
  });

  it("counts a failed run in court health once when Inngest runs it twice for one event", async () => {
    await tracked("ctd", "3:26-cv-82101", 1);
    scriptedSource.setDown("ctd");
    // The same event twice: a function invoked twice for one event, or its health step retried after its write
    // went through (the instance died before Inngest heard of it).
    const event = { name: "courts/refresh.requested", id: "01RUNAAAAAAAAAAAAAAAAAAAAA", data: { court_code: "ctd" } };
    for (let again = 0; again < 2; again += 1) await new InngestTestEngine({ function: refreshCourtFunction }).execute({ events: [event] });
    expect(await opened.db.prisma.courtHealth.findUnique({ where: { courtCode: "ctd" } })).toMatchObject({ consecutiveFailures: 1, unhealthySince: null });
    // Another run counts.
    await new InngestTestEngine({ function: refreshCourtFunction }).execute({ events: [{ ...event, id: "01RUNBBBBBBBBBBBBBBBBBBBBB" }] });
    expect(await opened.db.prisma.courtHealth.findUnique({ where: { courtCode: "ctd" } })).toMatchObject({ consecutiveFailures: 2 });
  });

  it("does not count a failed run again when it is executed again after a later run was answered", async () => {
    // Run A's health step wrote its failure, but Inngest did not hear of it; run B (the next tick) was answered
    // meanwhile; A's step is retried. A was counted once already, and the court answered since: no failure stands.
    const health = () => opened.db.prisma.courtHealth.findUnique({ where: { courtCode: "mtd" } });
    await recordCourtRun(opened.db.prisma, "mtd", { answered: false, error: "down", run: "01RUNAAAAAAAAAAAAAAAAAAAAA" }, new Date());
    await recordCourtRun(opened.db.prisma, "mtd", { answered: true, error: null, run: "01RUNBBBBBBBBBBBBBBBBBBBBB" }, new Date());
    await recordCourtRun(opened.db.prisma, "mtd", { answered: false, error: "down", run: "01RUNAAAAAAAAAAAAAAAAAAAAA" }, new Date());
    expect(await health()).toMatchObject({ consecutiveFailures: 0, unhealthySince: null });
    // A run not counted yet counts, as do local runs (no id).
    await recordCourtRun(opened.db.prisma, "mtd", { answered: false, error: "down", run: "01RUNCCCCCCCCCCCCCCCCCCCCC" }, new Date());
    await recordCourtRun(opened.db.prisma, "mtd", { answered: false, error: "down" }, new Date());
    expect(await health()).toMatchObject({ consecutiveFailures: 2 });
  });

  describe("overlapping runs of one court", () => {
    // A court whose run outlasts its cadence: the next tick's run is queued beside it (Inngest's concurrency
    // counts steps, not runs). Both ticks came before either run asked anything (the host's queue held them).
    const hour = 3_600_000;
    const runAt = (courtCode: string, tick: number, id: string) =>
      new InngestTestEngine({ function: refreshCourtFunction }).execute({
        events: [{ name: "courts/refresh.requested", id, ts: tick, data: { court_code: courtCode } }],
      });
    /** Tracked cases last read two hours ago, before both ticks. */
    async function staleCases(courtCode: string, first: number, count: number) {
      const ids = Array.from({ length: count }, (_, index) => `2:26-cv-${String(first + index)}`);
      for (const id of ids) await tracked(courtCode, id, 1);
      await opened.db.prisma.case.updateMany({ where: { courtCode, caseId: { in: ids } }, data: { lastRefreshedAt: new Date(Date.now() - 2 * hour) } });
      return ids;
    }
    const fetchedTwice = (courtCode: string, ids: string[]) => ids.filter((id) => scriptedSource.fetchCount(courtCode, id) > 1);

    it("whose steps take turns (one step per court at a time) ask the court once per case", async () => {
      const ids = await staleCases("idd", 85400, 30);
      // Inngest's per-court concurrency as it is: one step at a time, in the order they are queued, whichever run.
      const order: string[] = [];
      let turn: Promise<unknown> = Promise.resolve();
      const handler = (refreshCourtFunction as unknown as { fn: (ctx: unknown) => Promise<Record<string, unknown>> }).fn;
      const start = (name: string, tick: number) =>
        handler({
          event: { name: "courts/refresh.requested", id: `01TURNS${name}AAAAAAAAAAAAAAAAAA`, ts: tick, data: { court_code: "idd" } },
          step: {
            run: (id: string, body: () => Promise<unknown>) => {
              const mine = turn.then(() => {
                order.push(`${name}: ${id}`);
                return body();
              });
              turn = mine.catch(() => undefined);
              return mine;
            },
          },
        });
      // Both ticks came before either run asked anything (the older run waited behind the host's queue).
      const [older, newer] = await Promise.all([start("A", Date.now() - hour - 60_000), start("B", Date.now() - 60_000)]);
      expect(order.slice(0, 4)).toEqual(["A: list tracked cases", "B: list tracked cases", "A: refresh cases 1-25", "B: refresh cases 1-25"]);
      expect(fetchedTwice("idd", ids)).toEqual([]);
      expect(ids.every((id) => scriptedSource.fetchCount("idd", id) === 1)).toBe(true);
      expect(older).toMatchObject({ attempted: 30, refreshed: 30, alreadyAsked: 0 });
      expect(newer).toMatchObject({ attempted: 0, skipped: 30, alreadyAsked: 30 });
      // The run that asked counts in the court's health; the one that asked nothing does not.
      expect(order.filter((step) => step.endsWith("record court health"))).toEqual(["A: record court health"]);
    });

    it("ask the court once per case: the older run skips what the newer one asked, and the newer what the older asked", async () => {
      const ids = await staleCases("ord", 85000, 30);
      const older = Date.now() - hour - 60_000;
      const newer = Date.now() - 60_000;
      // The newer run's steps go first, then the older run's: the older skips every case, asked after its tick.
      const second = await runAt("ord", newer, "01OVERLAPNEWAAAAAAAAAAAAAA");
      const first = await runAt("ord", older, "01OVERLAPOLDAAAAAAAAAAAAAA");
      expect(fetchedTwice("ord", ids)).toEqual([]);
      expect(ids.every((id) => scriptedSource.fetchCount("ord", id) === 1)).toBe(true);
      expect(second.result).toMatchObject({ attempted: 30, refreshed: 30, alreadyAsked: 0 });
      expect(first.result).toMatchObject({ attempted: 0, refreshed: 0, unavailable: 0, skipped: 30, alreadyAsked: 30 });

      // The other order: the older run asks every case after the newer run's tick, and the newer skips them.
      await opened.db.prisma.case.updateMany({ where: { courtCode: "ord", caseId: { in: ids } }, data: { lastRefreshedAt: new Date(Date.now() - 2 * hour) } });
      scriptedSource.reset();
      for (const id of ids) scriptedSource.put("ord", civilCase(id));
      const tickA = Date.now() - hour - 1_000;
      const tickB = Date.now() - 1_000;
      const runA = await runAt("ord", tickA, "01OVERLAPAAAAAAAAAAAAAAAAA");
      const runB = await runAt("ord", tickB, "01OVERLAPBBBBBBBBBBBBBBBBB");
      expect(fetchedTwice("ord", ids)).toEqual([]);
      expect(runA.result).toMatchObject({ attempted: 30, alreadyAsked: 0 });
      expect(runB.result).toMatchObject({ attempted: 0, alreadyAsked: 30 });
    });

    it("take a tick that cannot be one (seconds for milliseconds) as none: every case is asked", async () => {
      const ids = await staleCases("nhd", 85600, 3);
      const inSeconds = Math.floor((Date.now() - 60_000) / 1000);
      const run = await runAt("nhd", inSeconds, "01TICKSECONDSAAAAAAAAAAAAA");
      expect(run.result).toMatchObject({ attempted: 3, refreshed: 3, alreadyAsked: 0 });
      expect(ids.every((id) => scriptedSource.fetchCount("nhd", id) === 1)).toBe(true);
    });

    it("take a tick past any date (nanoseconds for milliseconds) as none: every case is asked", async () => {
      // 1.7e18 is no date: new Date(ts) is invalid, and its toISOString threw in every step, so the run failed.
      const ids = await staleCases("med", 85700, 3);
      const inNanoseconds = (Date.now() - 60_000) * 1_000_000;
      const run = await runAt("med", inNanoseconds, "01TICKNANOSECONDSAAAAAAAAA");
      expect(run.result).toMatchObject({ attempted: 3, refreshed: 3, alreadyAsked: 0 });
      expect(ids.every((id) => scriptedSource.fetchCount("med", id) === 1)).toBe(true);
    });

    it("do not ask again a case the court did not answer, and count the court's failure once", async () => {
      const ids = await staleCases("ndd", 85100, 3);
      scriptedSource.setDown("ndd");
      const newer = await runAt("ndd", Date.now() - 60_000, "01OVERLAPDOWNNEWAAAAAAAAAA");
      // The older run asks nothing: it neither answers nor fails, and is not counted in the court's health.
      const older = await runAt("ndd", Date.now() - hour, "01OVERLAPDOWNOLDAAAAAAAAAA");
      expect(fetchedTwice("ndd", ids)).toEqual([]);
      expect(await opened.db.prisma.courtHealth.findUnique({ where: { courtCode: "ndd" } })).toMatchObject({ consecutiveFailures: 1, lastRun: "01OVERLAPDOWNNEWAAAAAAAAAA" });
      expect(newer.result).toMatchObject({ attempted: 3, unavailable: 3 });
      expect(older.result).toMatchObject({ attempted: 0, unavailable: 0, alreadyAsked: 3 });
      expect(older.ctx.step.run).not.toHaveBeenCalledWith("record court health", expect.any(Function));
      // Nor does it clear the failure as an answered run would.
      const cases = await opened.db.prisma.case.findMany({ where: { courtCode: "ndd", caseId: { in: ids } }, select: { unansweredSince: true } });
      expect(cases.every((row) => row.unansweredSince !== null)).toBe(true);
    });

    it("skip a case the court said it no longer shows after the tick", async () => {
      const ids = await staleCases("sdd", 85300, 2);
      scriptedSource.sealed.add(`sdd|${ids[0]!}`);
      const newer = await runAt("sdd", Date.now() - 60_000, "01OVERLAPGONENEWAAAAAAAAAA");
      const older = await runAt("sdd", Date.now() - hour, "01OVERLAPGONEOLDAAAAAAAAAA");
      expect(fetchedTwice("sdd", ids)).toEqual([]);
      expect(newer.result).toMatchObject({ attempted: 2, refreshed: 1, notFound: 1 });
      expect(older.result).toMatchObject({ attempted: 0, alreadyAsked: 2 });
    });

    it("skip a case a paying query read after the tick, and ask the others", async () => {
      const ids = await staleCases("ned", 85200, 3);
      const tick = Date.now() - 60_000;
      // A query read the first case from the court after the tick (its reading stored).
      await storeCase({ prisma: opened.db.prisma, record: normalizeCase(findCourt("ned")!, ids[0]!, civilCase(ids[0]!)), source: "scripted" });
      const { result } = await runAt("ned", tick, "01OVERLAPQUERYAAAAAAAAAAAA");
      expect(scriptedSource.fetchCount("ned", ids[0]!)).toBe(0);
      expect(ids.slice(1).every((id) => scriptedSource.fetchCount("ned", id) === 1)).toBe(true);
      expect(result).toMatchObject({ attempted: 2, refreshed: 2, alreadyAsked: 1, skipped: 1 });
      // It asked the court: its answer counts in the court's health.
      expect(await opened.db.prisma.courtHealth.findUnique({ where: { courtCode: "ned" } })).toMatchObject({ consecutiveFailures: 0 });
    });

    it("do not count a run as answered when the overlapping run asked (and failed) the cases it would have fetched", async () => {
      // A court whose reports fail while its free signals vouch for the other cases: before the overlap, the run
      // fetched the failing case and counted as failed. Its fetch skipped (the other run asked it after this tick
      // and got no answer), it fetches nothing: that must not read as "the court answered", which would reset the
      // failures the other runs count and keep a failing court from ever reaching `degraded`.
      const [failing, vouched] = await staleCases("nmd", 85500, 2);
      scriptedSource.setDown("nmd");
      for (let run = 0; run < UNHEALTHY_AFTER_FAILED_RUNS - 1; run += 1) {
        await recordCourtRun(opened.db.prisma, "nmd", { answered: false, error: "down", run: `01FAILED${run}AAAAAAAAAAAAAAAAA` }, new Date());
      }
      const planner = scriptedSource as unknown as { planRefresh?: (request: { caseIds: readonly string[] }) => Promise<string[]> };
      planner.planRefresh = async ({ caseIds }) => caseIds.filter((id) => id !== vouched);
      try {
        // The newer run asked the failing case after the older run's tick, and got no answer.
        await recordAskedUnanswered(opened.db.prisma, "nmd", failing!);
        const older = await runAt("nmd", Date.now() - hour, "01OVERLAPVOUCHAAAAAAAAAAAA");
        expect(older.result).toMatchObject({ attempted: 0, alreadyAsked: 1, skipped: 2 });
        expect(scriptedSource.fetches).toEqual([]);
        expect(await opened.db.prisma.courtHealth.findUnique({ where: { courtCode: "nmd" } })).toMatchObject({ consecutiveFailures: UNHEALTHY_AFTER_FAILED_RUNS - 1 });
      } finally {
        delete planner.planRefresh;
      }
    });
  });

  it("skips codes that are not covered courts", async () => {
    expect((await run("ohctclaims")).result).toEqual({ court_code: "ohctclaims", skipped: "not a covered court" });
    expect((await run("nowhere")).result).toEqual({ court_code: "nowhere", skipped: "not a covered court" });
  });
});
