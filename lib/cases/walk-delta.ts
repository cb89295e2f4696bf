// The delta of one case response: which entries are new since `last_checked` (compute-delta.ts), where a
// continuation (`delta_cursor`) resumes, and how a delta too large for one response is cut. New filings
// are walked in the order they appeared; a cut keeps the earliest that fit and hands out a cursor at the
// last one kept, so a chain of answers returns every new filing exactly once, each under the ceiling.
import type { Delta, DocketEntry } from "@/contract";
import { chronological, entriesNewSince } from "./compute-delta";
import { compareWalk, encodeDeltaCursor, type DeltaCase, type DeltaPosition } from "./delta-cursor";
import { entryKey } from "./entry-key";
import type { CaseRequest } from "./parse-case-request";
import type { StoredDocketEntry } from "./types";

interface WalkStep {
  entry: StoredDocketEntry;
  position: DeltaPosition;
  /** Listed in new_filings (filing_types); the others still count and still move the cursor. */
  shown: boolean;
}

export interface DeltaWalk {
  sinceMs: number;
  /** The case walked: its cursors belong to it. */
  forCase: DeltaCase;
  /** New filings after the cursor, in walk order. */
  steps: WalkStep[];
  toEntry: (entry: StoredDocketEntry) => DocketEntry;
}

export function walkDelta(
  entries: readonly StoredDocketEntry[],
  request: Pick<CaseRequest, "court" | "caseId" | "lastChecked" | "filingTypes" | "deltaAfter">,
  toEntry: (entry: StoredDocketEntry) => DocketEntry,
): { delta: Delta; walk: DeltaWalk } {
  const lastChecked = request.lastChecked!;
  const since = lastChecked.at;
  const sinceMs = since.getTime();
  const filter = request.filingTypes;
  const fresh = entriesNewSince(entries, since);
  const forCase: DeltaCase = { courtCode: request.court.court_code, caseId: request.caseId };
  const after = request.deltaAfter;
  const steps = fresh
    .map((entry) => ({
      entry,
      position: { appearedMs: Date.parse(entry.appeared_at), key: entry.entry_key ?? entryKey(entry) },
      shown: filter === null || (entry.filing_type !== null && filter.has(entry.filing_type)),
    }))
    .filter((step) => after === null || compareWalk(step.position, after) > 0)
    .sort((a, b) => compareWalk(a.position, b.position));
  const delta: Delta = {
    changed: fresh.length > 0,
    since: lastChecked.raw,
    // The whole count since last_checked, also on a continuation (the same number /v2/monitor reports).
    change_count: fresh.length,
    new_filings: chronological(steps.filter((step) => step.shown).map((step) => step.entry)).map(toEntry),
    truncated: false,
    next_cursor: null,
  };
  return { delta, walk: { sinceMs, forCase, steps, toEntry } };
}

const bytes = (value: unknown): number => Buffer.byteLength(JSON.stringify(value), "utf8");

/**
 * The longest prefix of the walk whose listed filings fit in `budget` bytes of new_filings, as a delta with
 * its cursor. At least one step is taken, so a chain always advances.
 */
export function cutDelta(delta: Delta, walk: DeltaWalk, budget: number): Delta {
  let used = 2; // the array's brackets
  let taken = 0;
  for (const step of walk.steps) {
    const cost = step.shown ? bytes(walk.toEntry(step.entry)) + 1 : 0;
    if (taken > 0 && used + cost > budget) break;
    used += cost;
    taken += 1;
  }
  if (taken >= walk.steps.length) return delta;
  const kept = walk.steps.slice(0, taken);
  return {
    ...delta,
    new_filings: chronological(kept.filter((step) => step.shown).map((step) => step.entry)).map(walk.toEntry),
    truncated: true,
    next_cursor: encodeDeltaCursor(walk.sinceMs, walk.forCase, kept[kept.length - 1]!.position),
  };
}

/** The longest cursor a walk can produce: room to reserve before cutting. */
export function longestCursor(walk: DeltaWalk): string {
  const longestKey = walk.steps.reduce((longest, step) => Math.max(longest, step.position.key.length), 0);
  return encodeDeltaCursor(walk.sinceMs, walk.forCase, { appearedMs: 8_640_000_000_000_000, key: "x".repeat(longestKey) });
}
