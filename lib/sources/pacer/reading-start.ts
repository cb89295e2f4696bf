// When the readings a case's cache holds began, and whether the court's feed showed an item they cannot hold:
// one rule for the district courts' free change detection (plan-pacer-refresh.ts) and the courts of appeals'
// schedule (plan-appellate-refresh.ts). Seen times and reading starts are the database's clock.
import { getEnv } from "@/lib/env";
import type { PacerSettings } from "./pacer-settings";

/** What the rule reads of a case: its feed marks (pacer_cases) and its stored readings (cases). */
export interface ReadingStamps {
  changed_at: Date | null;
  changed_seen_at: Date | null;
  read_from: Date | null;
  last_refreshed_at: Date | null;
}

/** How long storing a reading may take after its fetch: the case write's wait and transaction (lib/cases/case-snapshot.ts), and more. */
const STORE_WAIT_MS = 150_000;

/** How long before its write a reading whose start was not kept may have begun. */
export function unknownStartMarginMs(): number {
  return getEnv().SOURCE_TIMEOUT_MS + STORE_WAIT_MS;
}

/**
 * The latest start of the readings stored (cases.read_from): the cache holds what the court listed then.
 * A case stored before starts were kept: its last write, less the fetch's deadline and the longest wait for
 * the case's write (the reading began no earlier). For a case with a stored reading.
 */
export function readStartMs(row: ReadingStamps): number {
  if (row.read_from) return row.read_from.getTime();
  return row.last_refreshed_at!.getTime() - unknownStartMarginMs();
}

/**
 * Whether the feed showed an item the cache may not hold. An item dated (by the court's clock, less
 * PACER_FEED_SKEW_SECONDS) before a stored reading began was in it, as was one our poller first saw before
 * then (the feed is made from the same docket, and readings only add entries): readStartMs. For a case with a
 * stored reading.
 */
export function feedMarked(row: ReadingStamps, settings: PacerSettings): boolean {
  if (!row.changed_at) return false;
  if (row.changed_at.getTime() <= readStartMs(row) - settings.feedSkewMs) return false;
  if (!row.changed_seen_at) return true;
  return row.changed_seen_at.getTime() >= readStartMs(row);
}
