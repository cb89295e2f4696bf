// Refreshes one court's tracked cases, a chunk per step (a retried step redoes only its chunk), then
// records the court's health from the whole run. Inngest's concurrency counts steps: one step (a chunk of cases)
// per court at a time, and one per court system's host. It does not bound runs: a court whose run outlasts its
// cadence has the next tick's run queued beside it, so each step skips the cases asked since its run's tick
// (lib/refresh/already-asked.ts), and a case is asked once, by whichever run reaches it first.
import { recordCourtRun } from "@/lib/courts/court-health";
import { findCourt } from "@/lib/courts/registry";
import { getPrisma } from "@/lib/db";
import { listTrackedCaseIds } from "@/lib/refresh/list-tracked-cases";
import { courtRunOutcome } from "@/lib/refresh/refresh-court";
import { addSummaries, emptySummary, refreshCases } from "@/lib/refresh/refresh-cases";
import { inngest } from "../client";
import { courtRefreshRequested } from "../events";

/** Cases per step: small enough that a step stays well inside a serverless time limit. */
export const CASES_PER_STEP = 25;

/** Before any tick this service sent: a `ts` earlier is no tick in milliseconds (an event sent by hand in seconds). */
const EARLIEST_TICK = Date.UTC(2020, 0, 1);

/**
 * The run's tick: cases asked since it are skipped. A `ts` that cannot be one (missing, or seconds taken for
 * milliseconds: 1970) is no tick, and every case is asked, since "asked since 1970" would skip every case
 * ever read and the court would silently never be refreshed again by such events. Nor is one past the last
 * date a Date holds (nanoseconds taken for milliseconds): its invalid Date failed every step.
 */
function tickOf(ts: unknown): Date | undefined {
  if (typeof ts !== "number" || !(ts >= EARLIEST_TICK)) return undefined;
  const tick = new Date(ts);
  return Number.isNaN(tick.getTime()) ? undefined : tick;
}

export const refreshCourt = inngest.createFunction(
  {
    id: "refresh-court",
    triggers: [courtRefreshRequested],
    // One step per court at a time, and one per court system's host (refresh_group: the 17 TAMES courts, the 7
    // ACIS courts): chunks of one host at once only queue behind its pace, and time out there.
    concurrency: [
      { key: "event.data.court_code", limit: 1 },
      { key: "event.data.refresh_group", limit: 1 },
    ],
  },
  async ({ event, step }) => {
    const courtCode = event.data.court_code;
    const court = findCourt(courtCode);
    if (!court || court.coverage === "planned") return { court_code: courtCode, skipped: "not a covered court" };

    // The tick: when the scheduler sent the event (Inngest stamps it). An event without one: every case is asked.
    const askedSince = tickOf(event.ts);
    const caseIds = await step.run("list tracked cases", async () => listTrackedCaseIds(await getPrisma(), courtCode, new Date()));
    let summary = emptySummary();
    for (let start = 0; start < caseIds.length; start += CASES_PER_STEP) {
      const chunk = caseIds.slice(start, start + CASES_PER_STEP);
      const part = await step.run(`refresh cases ${start + 1}-${start + chunk.length}`, async () =>
        refreshCases({ prisma: await getPrisma(), court, caseIds: chunk, now: new Date(), cause: `refresh:${courtCode}:${event.id ?? "run"}`, askedSince }),
      );
      summary = addSummaries(summary, part);
    }
    // A run that asked nothing (every case asked since its tick by another run or a query) learned nothing of the
    // court: the runs that asked count in its health, this one does not. Nor one that fetched nothing because the
    // cases it would have fetched were asked by another run: "nothing fetched" reads as answered
    // (courtRunOutcome), and the free signals vouching for the rest would reset the failures the runs that asked
    // the failing cases count, so a failing court whose runs overlap would never reach `degraded`.
    if (caseIds.length > 0 && (summary.attempted > 0 || !summary.alreadyAsked)) {
      await step.run("record court health", async () => recordCourtRun(await getPrisma(), courtCode, { ...courtRunOutcome(summary), run: event.id }, new Date()));
    }
    return { court_code: courtCode, ...summary };
  },
);
