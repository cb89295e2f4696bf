// Cron, every 5 minutes: read the free RSS feed of each court PACER serves for tracked cases, one step
// per court (a retried step polls only its court), and mark the cases the feeds mention for the next
// scheduled refresh (lib/sources/pacer/poll-court-feed.ts). Nothing is paid here.
import { cron } from "inngest";
import { getPrisma } from "@/lib/db";
import { TRACKING_WINDOW_MS } from "@/lib/refresh/list-tracked-cases";
import { listFeedCourts, pollCourtFeed } from "@/lib/sources/pacer/poll-court-feed";
import { pacerSettings } from "@/lib/sources/pacer/pacer-settings";
import { inngest } from "../client";

export const pollPacerFeeds = inngest.createFunction(
  { id: "poll-pacer-feeds", triggers: [cron("*/5 * * * *")], concurrency: { limit: 1 } },
  async ({ step }) => {
    if (!pacerSettings()) return { skipped: "no PACER account configured" };
    const courts = await step.run("list courts with tracked PACER cases", async () =>
      listFeedCourts(await getPrisma(), new Date(), TRACKING_WINDOW_MS),
    );
    const polls = [];
    for (const courtCode of courts) {
      const settings = pacerSettings()!;
      polls.push(await step.run(`poll ${courtCode}`, async () => pollCourtFeed(await getPrisma(), settings, courtCode, new Date())));
    }
    return { courts: polls.length, marked: polls.reduce((sum, poll) => sum + poll.marked, 0), failed: polls.filter((poll) => poll.status === "failed").map((poll) => poll.courtCode) };
  },
);
