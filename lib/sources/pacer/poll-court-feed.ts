// One poll of a court's free CM/ECF RSS feed (court-systems.md §1.6): the items are matched to the cases
// PACER serves for us, by PACER case id or by case number (a court of appeals' feed, at
// `TransportRoom?servlet=RSSGenerator`, links by case number, its cases' PACER id here), and those cases are
// marked changed at the item's time when the item is new to them (mark-feed-items.ts), so the next scheduled
// refresh pays only for them. The feed's channel says which entry types it carries ("all" or a list): only a
// feed of all types, showing items of the last days, polled without failure, gap or overflow since the case was
// last known equal to the court's (its latest stored reading's start, or a free signal that verified it), lets
// a refresh skip a case it does not mention
// (plan-pacer-refresh.ts; a court of appeals' feed makes a case due, plan-appellate-refresh.ts).
// No login, no fee: the feeds are public.
import { findCourt } from "@/lib/courts/registry";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { logEvent } from "@/lib/log";
import { getCourtHttpClient } from "@/lib/sources/http/court-http-client";
import { decodePage } from "@/lib/sources/decode-page";
import { markFeedItems } from "./mark-feed-items";
import { feedPath } from "./pacer-courts";
import { FEED_FRESH_MS, feedStale } from "./plan-pacer-refresh";
import { ecfBaseUrl, type PacerSettings } from "./pacer-settings";
import { readRssFeed } from "./read-rss-feed";
import { splitCmEcfNumber } from "./split-cmecf-number";
import { inBackground } from "@/lib/sources/http/request-priority";

export interface FeedPoll {
  courtCode: string;
  status: "ok" | "none" | "failed";
  entryTypes: "all" | string[] | null;
  items: number;
  /** Tracked cases marked for refresh. */
  marked: number;
  error: string | null;
}

export async function pollCourtFeed(prisma: PrismaClient, settings: PacerSettings, courtCode: string, now: Date): Promise<FeedPoll> {
  // Background work: a paying caller's request to the same court goes first (request-priority.ts).
  return inBackground(() => pollFeed(prisma, settings, courtCode, now));
}

async function pollFeed(prisma: PrismaClient, settings: PacerSettings, courtCode: string, now: Date): Promise<FeedPoll> {
  // A code the registry lacks (none has tracked cases) is polled as a district court.
  const court = findCourt(courtCode) ?? { court_code: courtCode, kind: "us_district" as const, case_management_system: null };
  const url = `${ecfBaseUrl(settings, courtCode)}${feedPath(court)}`;
  let status: number;
  let text: string;
  try {
    const response = await getCourtHttpClient().request({ url, label: "pacer:rss", headers: { accept: "application/rss+xml, application/xml, text/xml" } });
    status = response.status;
    text = decodePage(response.body);
  } catch (error) {
    return failed(prisma, courtCode, now, error instanceof Error ? error.message : String(error));
  }
  if (status >= 500 || status === 429) return failed(prisma, courtCode, now, `HTTP ${status}`);
  const feed = status < 400 ? readRssFeed(text) : null;
  if (!feed) {
    // No feed at this court (404, or a page that is not RSS): its cases rely on the free case signals (a court
    // of appeals' on its reading schedule). Said in the log when it is first seen (a court's first poll, or a
    // feed that stops answering), not at every poll.
    const before = await prisma.pacerFeed.findUnique({ where: { courtCode }, select: { entryTypes: true } });
    if (before?.entryTypes !== "none") logEvent("info", "pacer court answers no rss feed", { court_code: courtCode, status, url });
    await saveFeed(prisma, courtCode, { entryTypes: "none", lastPolledAt: now, okSince: null, lastError: `no RSS feed (HTTP ${status})` });
    return { courtCode, status: "none", entryTypes: null, items: 0, marked: 0, error: null };
  }

  const marks = feed.items.filter((item) => item.time !== null);
  // Items link to `DktRpt.pl?<PACER case id>`: a free mapping for cached cases that have none yet (a lookup saved).
  // A criminal defendant's own docket has an id of its own: only a case's main docket maps it.
  const linked = feed.items.filter((item) => item.pacerCaseId && /^\d+$/.test(item.pacerCaseId) && splitCmEcfNumber(item.caseNumber)?.defendant == null);
  if (linked.length > 0) {
    await prisma.$executeRawUnsafe(
      `INSERT INTO pacer_cases (court_code, case_id, pacer_case_id, listed_number)
       SELECT DISTINCT ON (c.case_id) $1, c.case_id, x.pacer_case_id, x.listed
       FROM unnest($2::text[], $3::text[], $4::text[]) AS x(pacer_case_id, case_id, listed)
       JOIN cases c ON c.court_code = $1 AND c.case_id = x.case_id
       ON CONFLICT (court_code, case_id) DO NOTHING`,
      courtCode,
      linked.map((item) => item.pacerCaseId!),
      linked.map((item) => splitCmEcfNumber(item.caseNumber)?.core ?? item.caseNumber),
      linked.map((item) => item.caseNumber),
    );
  }
  const marked = await markFeedItems(prisma, courtCode, marks);
  const entryTypes = feed.entryTypes === null ? null : feed.entryTypes === "all" ? "all" : feed.entryTypes.join(",");
  // Only an item's own pubDate says when the court made it: one dated by the channel's build time moves with
  // every build, and would make the feed look as if it reached back no further than now.
  const stated = feed.items.filter((item) => item.timeStated && item.time !== null).map((item) => Date.parse(item.time!));
  const oldest = stated.length > 0 ? Math.min(...stated) : null;
  const before = await prisma.pacerFeed.findUnique({ where: { courtCode }, select: { entryTypes: true, okSince: true, lastPolledAt: true, newestItemAt: true } });
  const newestItemAt = newestItemTime(before?.newestItemAt ?? null, stated, now, settings.feedSkewMs);
  // A feed that shows no item made in the last days has stopped updating (or its court docketed nothing): it
  // breaks the run, so when it shows new items again it vouches only from then, not for what it never showed.
  // Said once, when first seen (a feed of all entry types: the others vouch for nothing anyway).
  const stale = feedStale(newestItemAt, now);
  const staleBefore = before?.entryTypes === "all" && before.lastPolledAt !== null && feedStale(before.newestItemAt, before.lastPolledAt);
  if (stale && entryTypes === "all" && !staleBefore) {
    logEvent("warn", "pacer rss feed shows no item made in the last 3 days: it vouches for no case until it does", {
      court_code: courtCode,
      newest_item_at: newestItemAt?.toISOString() ?? null,
      items: feed.items.length,
    });
  }
  // The run goes on only from a poll recent enough that nothing left the feed between the two (it keeps about a
  // day of items, fewer on a busy court): after a gap (no case of the court tracked for a while, the poller
  // down) the feed vouches only from now, or a case read before the gap would be skipped with the gap's
  // filings unread.
  // A run is of one feed: one that listed some entry types only did not show the others, so a feed that lists
  // all since this poll vouches from now, not for the days it listed some.
  const recent = before?.lastPolledAt != null && now.getTime() - before.lastPolledAt.getTime() <= FEED_FRESH_MS && before.entryTypes === entryTypes;
  // A feed keeps a capped number of items, dropping the oldest: when more came since the last poll than it
  // holds, those dropped were never seen. Only a feed that still lists an item made before the last poll (by
  // the court's clock, less PACER_FEED_SKEW_SECONDS) shows all that came since; otherwise the run starts anew.
  const overflowed = recent && feed.items.length > 0 && (oldest === null || oldest > before.lastPolledAt!.getTime() - settings.feedSkewMs);
  if (overflowed && before.okSince !== null) {
    logEvent("info", "pacer rss feed may have dropped items since its last poll: its run starts anew", {
      court_code: courtCode,
      last_polled_at: before.lastPolledAt!.toISOString(),
      oldest_item_at: oldest === null ? null : new Date(oldest).toISOString(),
      items: feed.items.length,
    });
  }
  await saveFeed(prisma, courtCode, {
    entryTypes,
    lastPolledAt: now,
    // Not from the oldest item's time: that would hold only with margins for the court's clock and for
    // items of that same second the cap cut, to spare the free signals of the cases read within the few
    // minutes since the last poll.
    okSince: stale ? null : ((recent && !overflowed ? before.okSince : null) ?? now),
    lastError: null,
    newestItemAt,
  });
  return { courtCode, status: "ok", entryTypes: feed.entryTypes, items: feed.items.length, marked, error: null };
}

/**
 * The newest time a feed's items were made, of all its polls: the one kept and this poll's stated times. A time
 * ahead of now (beyond the clocks' skew) is no sign the feed is updating: a single item dated wrongly ahead would
 * keep a feed that stopped looking fresh until that date had passed, so it does not count.
 */
export function newestItemTime(kept: Date | null, stated: readonly number[], now: Date, skewMs: number): Date | null {
  const latest = now.getTime() + skewMs;
  const newestMs = Math.max(...[kept?.getTime() ?? -Infinity, ...stated].filter((time) => time <= latest));
  return Number.isFinite(newestMs) ? new Date(newestMs) : null;
}

interface FeedFields {
  entryTypes?: string | null;
  lastPolledAt: Date;
  okSince: Date | null;
  lastError: string | null;
  newestItemAt?: Date | null;
}

/**
 * Written only over an earlier poll's state: two polls of one court overlap (a retried step while the first
 * attempt still runs), and the later-started one's state must stand, or a late write would move last_polled_at
 * back and restore a run (ok_since) the later poll had broken.
 */
async function saveFeed(prisma: PrismaClient, courtCode: string, fields: FeedFields): Promise<void> {
  const data = { ...fields, updatedAt: new Date() };
  const update = () => prisma.pacerFeed.updateMany({ where: { courtCode, OR: [{ lastPolledAt: null }, { lastPolledAt: { lte: fields.lastPolledAt } }] }, data });
  if ((await update()).count > 0) return;
  // No row yet, or a later poll's: a court's first polls may both find none, and the first to insert need
  // not be the later-started one, so a poll that did not insert updates once more under the same guard.
  const created = await prisma.pacerFeed.createMany({ data: [{ courtCode, ...data }], skipDuplicates: true });
  if (created.count === 0) await update();
}

async function failed(prisma: PrismaClient, courtCode: string, now: Date, error: string): Promise<FeedPoll> {
  // A failed poll breaks the feed's run: until it succeeds again, refreshes fall back to the case signals.
  await saveFeed(prisma, courtCode, { lastPolledAt: now, okSince: null, lastError: error.slice(0, 500) });
  logEvent("warn", "pacer rss poll failed", { court_code: courtCode, reason: error });
  return { courtCode, status: "failed", entryTypes: null, items: 0, marked: 0, error };
}

/** Courts to poll: those with cases PACER serves for us that agents still track. */
export async function listFeedCourts(prisma: PrismaClient, now: Date, trackingWindowMs: number): Promise<string[]> {
  const rows = await prisma.$queryRawUnsafe<{ court_code: string }[]>(
    `SELECT DISTINCT p.court_code FROM pacer_cases p
     JOIN cases c ON c.court_code = p.court_code AND c.case_id = p.case_id
     WHERE c.last_queried_at >= $1::timestamptz ORDER BY p.court_code`,
    new Date(now.getTime() - trackingWindowMs).toISOString(),
  );
  return rows.map((row) => row.court_code);
}
