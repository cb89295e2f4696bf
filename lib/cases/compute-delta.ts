// Change detection (docs/live-data.md "When an entry is new"): an entry is new since `last_checked` when
// it appeared on the docket after that instant. `appeared_at` is, for a case's first fetch, when the
// court says it docketed the entry (never later than that fetch), and for an entry a later refresh found,
// that refresh's time. So:
// - an agent that passes each `meta.queried_at` back as `last_checked` sees every entry exactly once, also
//   one docketed late with an old filing date (it appeared at the refresh that found it);
// - an agent that starts watching with any `last_checked` gets what appeared (and so, for anything not
//   dated ahead, what was filed) after it, never a whole docket's history;
// - an entry the court dates ahead (a scheduled hearing) is new once, when it appears, not on every check
//   until its date passes.
import { isSharedContent } from "./shared-content";
import type { StoredDocketEntry } from "./types";

export function isNewSince(entry: StoredDocketEntry, since: Date): boolean {
  return Date.parse(entry.appeared_at) > since.getTime();
}

/**
 * The entries new since `since`, in their stored order. A shared content's appearance times are parsed once
 * (it is asked again and again, lib/cases/shared-content.ts), then compared as numbers.
 */
const appearanceTimes = new WeakMap<readonly StoredDocketEntry[], Float64Array>();
export function entriesNewSince(entries: readonly StoredDocketEntry[], since: Date): StoredDocketEntry[] {
  let times = appearanceTimes.get(entries);
  if (!times) {
    times = Float64Array.from(entries, (entry) => Date.parse(entry.appeared_at));
    if (isSharedContent(entries)) appearanceTimes.set(entries, times);
  }
  const sinceMs = since.getTime();
  const fresh: StoredDocketEntry[] = [];
  for (let index = 0; index < times.length; index += 1) if (times[index]! > sinceMs) fresh.push(entries[index]!);
  return fresh;
}

/** Chronological: filed_at, then entry number (unnumbered last), then appearance. Stable. */
export function chronological(entries: readonly StoredDocketEntry[]): StoredDocketEntry[] {
  return entries
    .map((entry, index) => ({ entry, index, filed: Date.parse(entry.filed_at) }))
    .sort(
      (a, b) =>
        a.filed - b.filed ||
        (a.entry.entry_number ?? Number.MAX_SAFE_INTEGER) - (b.entry.entry_number ?? Number.MAX_SAFE_INTEGER) ||
        Date.parse(a.entry.appeared_at) - Date.parse(b.entry.appeared_at) ||
        a.index - b.index,
    )
    .map(({ entry }) => entry);
}

export function newEntriesSince(entries: readonly StoredDocketEntry[], since: Date): StoredDocketEntry[] {
  return chronological(entriesNewSince(entries, since));
}

export interface MonitorSummary {
  changed: boolean;
  change_count: number;
  /** filed_at of the most recent new filing, or null. */
  latest_activity_at: string | null;
}

export function summarizeChanges(entries: readonly StoredDocketEntry[], since: Date): MonitorSummary {
  let count = 0;
  let latest: StoredDocketEntry | null = null;
  for (const entry of entriesNewSince(entries, since)) {
    count += 1;
    if (latest === null || Date.parse(entry.filed_at) > Date.parse(latest.filed_at)) latest = entry;
  }
  return { changed: count > 0, change_count: count, latest_activity_at: latest?.filed_at ?? null };
}
