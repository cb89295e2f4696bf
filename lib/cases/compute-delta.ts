// Change detection (DECISIONS.md): an entry is new since `last_checked` when the service first saw it
// after that instant, or when it was filed after it. An agent that passes each `meta.queried_at` back
// as the next `last_checked` therefore sees every filing, also one that a refresh picks up late with
// an older `filed_at`.
import type { StoredDocketEntry } from "./types";

export function isNewSince(entry: StoredDocketEntry, since: Date): boolean {
  const sinceMs = since.getTime();
  return Date.parse(entry.first_seen_at) > sinceMs || Date.parse(entry.filed_at) > sinceMs;
}

/** Chronological: filed_at, then entry number (unnumbered last), then first_seen_at. Stable. */
export function chronological(entries: readonly StoredDocketEntry[]): StoredDocketEntry[] {
  return entries
    .map((entry, index) => ({ entry, index, filed: Date.parse(entry.filed_at) }))
    .sort(
      (a, b) =>
        a.filed - b.filed ||
        (a.entry.entry_number ?? Number.MAX_SAFE_INTEGER) - (b.entry.entry_number ?? Number.MAX_SAFE_INTEGER) ||
        Date.parse(a.entry.first_seen_at) - Date.parse(b.entry.first_seen_at) ||
        a.index - b.index,
    )
    .map(({ entry }) => entry);
}

export function newEntriesSince(entries: readonly StoredDocketEntry[], since: Date): StoredDocketEntry[] {
  return chronological(entries.filter((entry) => isNewSince(entry, since)));
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
  for (const entry of entries) {
    if (!isNewSince(entry, since)) continue;
    count += 1;
    if (latest === null || Date.parse(entry.filed_at) > Date.parse(latest.filed_at)) latest = entry;
  }
  return { changed: count > 0, change_count: count, latest_activity_at: latest?.filed_at ?? null };
}
