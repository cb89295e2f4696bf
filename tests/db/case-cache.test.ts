// The normalized case cache on PGlite and PostgreSQL: a stored case reads back exactly, and a refresh
// keeps first_seen_at of known entries, stamps new ones, and follows the source's header and parties.
import { describe, expect, it } from "vitest";
import { readCachedCase } from "@/lib/cases/read-cached-case";
import { storeCase } from "@/lib/cases/store-case";
import type { CaseRecord, StoredDocketEntry } from "@/lib/cases/types";
import { SANDBOX_CASES } from "@/lib/sandbox/cases";
import { EACH_DATABASE, databaseForSuite } from "../helpers/test-database";

/** What a read returns for a stored record: timestamps as UTC ISO strings, entries in any order. */
function normalized(record: CaseRecord) {
  const entries = record.entries
    .map(({ entry_key: _key, ...entry }) => ({
      ...entry,
      filed_at: new Date(entry.filed_at).toISOString(),
      appeared_at: new Date(entry.appeared_at).toISOString(),
      first_seen_at: new Date(entry.first_seen_at).toISOString(),
      description_secondary: entry.description_secondary ?? null,
    }))
    .sort((a, b) => (a.filed_at < b.filed_at ? -1 : a.filed_at > b.filed_at ? 1 : (a.entry_number ?? 0) - (b.entry_number ?? 0)));
  // Whether the source still shows the case is the cache's own bookkeeping (lib/refresh/record-vanished-case.ts).
  const { source_state: _state, ...rest } = record;
  return { ...rest, entries };
}

const small = SANDBOX_CASES.filter((fixture) => fixture.entries.length < 1000);

describe.each(EACH_DATABASE)("case cache on %s", (_name, target) => {
  const database = databaseForSuite(target);

  it.each(small.map((fixture) => [`${fixture.court_code} ${fixture.case_id}`, fixture] as const))(
    "stores and reads back %s exactly",
    async (_label, fixture) => {
      // Fixture entries carry their own first_seen_at; a first store stamps all of them with the write time,
      // and takes each one's appearance from the source (here its filing time), never later than the write.
      const { storedAt: seenAt } = await storeCase({ prisma: database().db.prisma, record: fixture, source: "fixture" });
      const read = await readCachedCase(database().db.prisma, fixture.court_code, fixture.case_id);
      expect(read).not.toBeNull();
      const expected = normalized({
        ...fixture,
        entries: fixture.entries.map((entry) => ({
          ...entry,
          first_seen_at: seenAt.toISOString(),
          appeared_at: new Date(Math.min(Date.parse(entry.filed_at), seenAt.getTime())).toISOString(),
        })),
        last_refreshed_at: seenAt.toISOString(),
      });
      expect(normalized(read!)).toEqual(expected);
    },
  );

  it("answers null for a case it does not hold", async () => {
    expect(await readCachedCase(database().db.prisma, "nysd", "1:99-cv-00000")).toBeNull();
  });

  it("on refresh keeps first_seen_at of known entries, stamps new ones, and follows the source", async () => {
    const base = SANDBOX_CASES.find((fixture) => fixture.case_id === "1:22-cr-00123")!;
    const record: CaseRecord = { ...base, case_id: "1:22-cr-00999" };
    const firstStore = await storeCase({ prisma: database().db.prisma, record, source: "fixture" });
    expect(firstStore.newEntries).toBe(record.entries.length);
    const first = firstStore.storedAt;

    const added: StoredDocketEntry = {
      entry_number: 62,
      filed_at: "2026-10-30T12:00:00Z", // filed before the previous refresh, docketed late
      filing_type: "order",
      filed_by: "Court",
      description: "ORDER granting 61 Motion for Early Termination of Supervised Release.",
      document_identifier: "045011230622",
      document_identifier_type: "fed_doc_id",
      external_url: "https://ecf.dcd.uscourts.gov/doc1/045011230622",
      first_seen_at: "2026-10-30T12:00:00Z",
      appeared_at: "2026-10-30T12:00:00Z",
    };
    const corrected = { ...record.entries[0]!, description: "INDICTMENT (corrected caption) as to Corvin Halloway (1) count(s) 1-4." };

    const refreshed: CaseRecord = {
      ...record,
      header: { ...record.header, status: "closed", date_terminated: "2026-11-02" },
      parties: record.parties.slice(0, 1),
      entries: [corrected, ...record.entries.slice(1), added],
    };
    const secondStore = await storeCase({ prisma: database().db.prisma, record: refreshed, source: "fixture" });
    expect(secondStore.newEntries).toBe(1);
    const second = secondStore.storedAt;
    expect(second.getTime()).toBeGreaterThan(first.getTime());

    const read = (await readCachedCase(database().db.prisma, record.court_code, record.case_id))!;
    expect(read.header).toMatchObject({ status: "closed", date_terminated: "2026-11-02" });
    expect(read.parties).toHaveLength(1);
    expect(read.last_refreshed_at).toBe(second.toISOString());
    expect(read.entries).toHaveLength(record.entries.length + 1);
    const byNumber = new Map(read.entries.map((entry) => [entry.entry_number, entry]));
    expect(byNumber.get(62)!.first_seen_at).toBe(second.toISOString());
    // Docketed late: it appeared at the refresh that found it, not at its filing date.
    expect(byNumber.get(62)!.appeared_at).toBe(second.toISOString());
    // The first fetch's entries appeared when the court docketed them, and keep that.
    for (const entry of record.entries) {
      expect(Date.parse(byNumber.get(entry.entry_number)!.appeared_at)).toBeLessThanOrEqual(first.getTime());
    }
    expect(byNumber.get(1)!.first_seen_at).toBe(first.toISOString());
    expect(byNumber.get(1)!.description).toBe(corrected.description);
    for (const entry of record.entries) expect(byNumber.get(entry.entry_number)!.first_seen_at).toBe(first.toISOString());
  });
});
