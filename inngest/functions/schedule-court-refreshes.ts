// Cron: every 15 minutes for the priority courts (cadence 900 s), every hour for the others (3600 s).
// Each run lists the courts that have tracked cases and fans out one refresh event per court, saying which
// courts share its system's host (lib/refresh/refresh-group.ts).
import { cron } from "inngest";
import { getPrisma } from "@/lib/db";
import { listCourtsToRefresh } from "@/lib/refresh/list-tracked-cases";
import { refreshGroupOf } from "@/lib/refresh/refresh-group";
import { inngest } from "../client";
import { courtRefreshRequested } from "../events";

function scheduleFor(id: string, schedule: string, cadenceSeconds: number) {
  return inngest.createFunction({ id, triggers: [cron(schedule)] }, async ({ event, step }) => {
    const courts = await step.run("list courts with tracked cases", async () =>
      listCourtsToRefresh(await getPrisma(), cadenceSeconds, new Date()),
    );
    if (courts.length > 0) {
      await step.sendEvent(
        "request court refreshes",
        // Ids of this tick: Inngest runs a function at least once, and retries a send whose events went out but
        // whose result was lost; the same ids again are dropped by Inngest (24 h), so a court is not refreshed twice
        // for one tick (its free PACER pages asked twice, its health counted twice).
        courts.map((court_code) =>
          courtRefreshRequested.create({ court_code, refresh_group: refreshGroupOf(court_code) }, event.id ? { id: `${id}:${event.id}:${court_code}` } : undefined),
        ),
      );
    }
    return { cadence_seconds: cadenceSeconds, courts };
  });
}

export const schedulePriorityRefreshes = scheduleFor("schedule-priority-court-refreshes", "*/15 * * * *", 900);
export const scheduleStandardRefreshes = scheduleFor("schedule-standard-court-refreshes", "0 * * * *", 3600);
