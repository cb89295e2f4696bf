// Where an incremental PACER reading starts: a court-local day, read again (lib/cases/entry-key.ts merges
// the boundary day without duplicates), and what the cache may be told of it (nothing entered before the
// start of that day is in the reading).
import { courtTimezone } from "@/lib/courts/timezone";
import type { CourtRecord } from "@/lib/courts/types";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { zonedTimeToIso } from "@/lib/sources/zoned-time";

/** A court-local calendar day as CM/ECF's forms take it: MM/DD/YYYY. */
function courtDay(court: Pick<CourtRecord, "court_code" | "region">, at: Date): string {
  const parts = new Intl.DateTimeFormat("en-US", { timeZone: courtTimezone(court), year: "numeric", month: "2-digit", day: "2-digit" }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("month")}/${part("day")}/${part("year")}`;
}

/** The instant a court-local day (MM/DD/YYYY, as courtDay writes it) begins. */
function startOfCourtDay(court: Pick<CourtRecord, "court_code" | "region">, day: string): string {
  const [month, date, year] = day.split("/").map(Number);
  return zonedTimeToIso({ year: year!, month: month!, day: date! }, courtTimezone(court));
}

/** How far the database's clock (last_refreshed_at) may be from the court's, at most. */
const CLOCK_MARGIN_MS = 3_600_000;

/**
 * The day an incremental fetch starts from: the court-local day of the latest filing the cache holds, less
 * `lookbackDays`. Entries are entered in time order and none is entered before it is filed, so every entry
 * entered after the last successful reading is on or after that day — whatever the clocks say, and even
 * when a reading was fetched but never stored. A filing date the clerk put ahead (a typo, a date set for
 * later) would make that day too late, so the day is never after the last stored reading (less a margin for
 * clocks) nor after today. The day is read again; entry-key.ts merges it.
 */
export async function sinceDay(prisma: PrismaClient, court: CourtRecord, caseId: string, lastRefreshedAt: Date, now: Date, lookbackDays = 0): Promise<string> {
  const rows = await prisma.$queryRawUnsafe<{ latest: Date | null }[]>(
    `SELECT max(e.filed_at) AS latest FROM docket_entries e JOIN cases c ON c.id = e.case_ref WHERE c.court_code = $1 AND c.case_id = $2`,
    court.court_code,
    caseId,
  );
  const bounds = [now.getTime(), lastRefreshedAt.getTime() - CLOCK_MARGIN_MS];
  const latest = rows[0]?.latest;
  if (latest) bounds.push(latest.getTime());
  return courtDay(court, new Date(Math.min(...bounds) - lookbackDays * 86_400_000));
}

/**
 * What the cache needs to know of a reading from `day`: nothing entered before the start of that day is in
 * it (less the clocks' margin: an entry a refresh stored just after midnight by the court's clock may carry
 * an appearance a little before it by the database's).
 */
export function enteredSinceOf(court: CourtRecord, day: string): string {
  return new Date(Date.parse(startOfCourtDay(court, day)) - CLOCK_MARGIN_MS).toISOString();
}
