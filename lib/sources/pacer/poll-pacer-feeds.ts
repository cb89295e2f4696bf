// The RSS poll of every court PACER serves for tracked cases, outside Inngest (the local scheduler,
// benchmarks); inngest/functions/poll-pacer-feeds.ts runs the same per-court polls as steps.
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { TRACKING_WINDOW_MS } from "@/lib/refresh/list-tracked-cases";
import { listFeedCourts, pollCourtFeed, type FeedPoll } from "./poll-court-feed";
import { pacerSettings } from "./pacer-settings";

export async function pollPacerFeeds(prisma: PrismaClient, now: Date): Promise<FeedPoll[]> {
  const settings = pacerSettings();
  if (!settings) return [];
  const polls: FeedPoll[] = [];
  for (const courtCode of await listFeedCourts(prisma, now, TRACKING_WINDOW_MS)) {
    polls.push(await pollCourtFeed(prisma, settings, courtCode, now));
  }
  return polls;
}
