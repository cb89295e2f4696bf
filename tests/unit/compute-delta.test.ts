import { describe, expect, it } from "vitest";
import { chronological, isNewSince, newEntriesSince, summarizeChanges } from "@/lib/cases/compute-delta";
import type { StoredDocketEntry } from "@/lib/cases/types";

function stored(n: number, filedAt: string, appearedAt: string): StoredDocketEntry {
  return {
    entry_number: n,
    filed_at: filedAt,
    filing_type: "order",
    filed_by: null,
    description: `entry ${n}`,
    document_identifier: null,
    document_identifier_type: "none",
    external_url: null,
    first_seen_at: appearedAt,
    appeared_at: appearedAt,
  };
}

describe("change detection", () => {
  it("counts an entry that appeared after last_checked even when it was filed long before", () => {
    const late = stored(7, "2026-11-10T09:00:00-05:00", "2026-11-17T16:00:00Z");
    expect(isNewSince(late, new Date("2026-11-15T00:00:00Z"))).toBe(true);
    expect(isNewSince(late, new Date("2026-11-18T00:00:00Z"))).toBe(false);
  });

  it("an agent passing each queried_at back as last_checked sees every filing exactly once", () => {
    // Refreshes at irregular times store filings, some back-dated by hours or days.
    const timeline: StoredDocketEntry[] = [];
    const seen = new Map<number, number>();
    let lastChecked = new Date("2026-01-01T00:00:00Z");
    let clock = lastChecked.getTime();
    let next = 1;
    let seed = 42;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    for (let step = 0; step < 400; step += 1) {
      clock += Math.floor(random() * 3 * 3_600_000) + 1;
      // A refresh at `clock` stores 0..3 filings; their filed_at is up to 2 days before.
      for (let k = Math.floor(random() * 4); k > 0; k -= 1) {
        const filed = new Date(clock - Math.floor(random() * 2 * 86_400_000)).toISOString();
        timeline.push(stored(next++, filed, new Date(clock).toISOString()));
      }
      if (random() < 0.5) {
        // The agent checks at `clock + 1ms`, and uses that queried_at next time.
        const queriedAt = new Date(clock + 1);
        for (const entry of newEntriesSince(timeline, lastChecked)) {
          seen.set(entry.entry_number!, (seen.get(entry.entry_number!) ?? 0) + 1);
        }
        lastChecked = queriedAt;
        clock += 1;
      }
    }
    for (const entry of newEntriesSince(timeline, lastChecked)) {
      seen.set(entry.entry_number!, (seen.get(entry.entry_number!) ?? 0) + 1);
    }
    expect(timeline.length).toBeGreaterThan(100);
    expect(seen.size).toBe(timeline.length);
    expect([...seen.values()].every((count) => count === 1)).toBe(true);
  });

  it("summarizes like the delta does, with the latest filed_at", () => {
    const entries = [
      stored(1, "2026-11-01T10:00:00Z", "2026-11-01T10:05:00Z"),
      stored(2, "2026-11-03T10:00:00Z", "2026-11-03T10:05:00Z"),
      stored(3, "2026-11-02T10:00:00Z", "2026-11-04T10:05:00Z"),
    ];
    const since = new Date("2026-11-02T12:00:00Z");
    expect(summarizeChanges(entries, since)).toEqual({
      changed: true,
      change_count: 2,
      latest_activity_at: "2026-11-03T10:00:00Z",
    });
    expect(newEntriesSince(entries, since).map((e) => e.entry_number)).toEqual([3, 2]);
    expect(summarizeChanges(entries, new Date("2026-11-05T00:00:00Z"))).toEqual({
      changed: false,
      change_count: 0,
      latest_activity_at: null,
    });
  });

  it("counts an entry the court dates ahead once, when it appears, not on every check until its date", () => {
    const hearing = stored(9, "2026-12-10T10:00:00-05:00", "2026-11-20T15:00:00Z");
    expect(isNewSince(hearing, new Date("2026-11-20T14:00:00Z"))).toBe(true);
    for (const poll of ["2026-11-20T15:00:01Z", "2026-11-25T00:00:00Z", "2026-12-01T00:00:00Z"]) {
      expect(isNewSince(hearing, new Date(poll))).toBe(false);
    }
  });

  it("orders chronologically by filed_at across offsets, then by entry number", () => {
    const entries = [
      stored(3, "2026-11-01T10:00:00-05:00", "2026-11-01T16:00:00Z"),
      stored(2, "2026-11-01T14:00:00Z", "2026-11-01T16:00:00Z"),
      stored(1, "2026-11-01T14:00:00Z", "2026-11-01T16:00:00Z"),
    ];
    expect(chronological(entries).map((e) => e.entry_number)).toEqual([1, 2, 3]);
  });
});
