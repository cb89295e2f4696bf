// Development without an Inngest dev server (`npm run dev` on a fresh clone): refresh tracked cases in
// this process every LOCAL_REFRESH_SECONDS, so new demo filings reach the cache and a person sees delta
// and /v2/monitor change between calls; attempt due callback deliveries; prune rate-limit rows. Production
// does all of it through Inngest's functions only.
import { processDueDeliveries } from "@/lib/callbacks/process-due-deliveries";
import { now as clockNow } from "@/lib/clock";
import { findCourt } from "@/lib/courts/registry";
import { getPrisma } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { pruneRateLimits } from "@/lib/limits/prune-rate-limits";
import { logEvent } from "@/lib/log";
import { pollPacerFeeds } from "@/lib/sources/pacer/poll-pacer-feeds";
import { TRACKING_WINDOW_MS } from "./list-tracked-cases";
import { refreshCourt } from "./refresh-court";

const FEED_POLL_MS = 5 * 60_000;

export function startLocalRefresher(intervalSeconds: number): () => void {
  let running = false;
  let lastFeedPoll = 0;
  const tick = async () => {
    if (running) return; // a slow run is not overlapped by the next one
    running = true;
    try {
      const prisma = await getPrisma();
      const now = new Date();
      // Free RSS signals first, so the refreshes below pay only for PACER cases that changed; feeds are read
      // at most every 5 minutes whatever the local interval, as the Inngest cron does.
      if (Date.now() - lastFeedPoll >= FEED_POLL_MS) {
        lastFeedPoll = Date.now();
        await pollPacerFeeds(prisma, now);
      }
      const courts = await prisma.case.findMany({
        where: { lastQueriedAt: { gte: new Date(now.getTime() - TRACKING_WINDOW_MS) } },
        select: { courtCode: true },
        distinct: ["courtCode"],
      });
      for (const { courtCode } of courts) {
        if (!findCourt(courtCode)) continue;
        const summary = await refreshCourt({ prisma, courtCode, now, staleBefore: new Date(now.getTime() - intervalSeconds * 1000) });
        if (summary.attempted > 0) logEvent("info", "local refresh", { court_code: courtCode, ...summary });
      }
      await pruneRateLimits(prisma, new Date());
      const delivered = await processDueDeliveries(prisma, clockNow, getEnv().CALLBACK_ALLOW_PRIVATE_TARGETS);
      if (delivered > 0) logEvent("info", "local callback attempts", { attempted: delivered });
    } catch (error) {
      logEvent("error", "local refresh failed", { detail: String(error) });
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), intervalSeconds * 1000);
  timer.unref();
  return () => clearInterval(timer);
}
