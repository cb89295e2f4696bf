// Entry identity where the source neither numbers nor identifies entries and lists several documents per
// entry (TAMES): an entry is the stored one carrying any of its documents, its first-listed document before
// the others it lists.
import { describe, expect, it } from "vitest";
import { assignEntryKeys, entryKey, type StoredIdentity } from "@/lib/cases/entry-key";

const day = Date.parse("2025-07-22T00:00:00-05:00");
const stored = (key: string, document: string, description: string): StoredIdentity => ({ key, sequence: null, description, filedMs: day, document, appearedMs: day });
const incoming = (documentIdentifier: string, documentIds: string[], description: string) => ({
  entry_number: null,
  source_sequence: null,
  filed_at: "2025-07-22T00:00:00-05:00",
  description,
  document_identifier: documentIdentifier,
  document_ids: [...documentIds].sort(),
});

describe("entry keys by documents", () => {
  it("matches an entry whatever order its documents are listed in", () => {
    const keys = assignEntryKeys([incoming("900", ["900", "100"], "Brief filed")], [stored("doc:100", "100", "Brief filed")]);
    expect(keys).toEqual(["doc:100"]);
  });

  it("gives a stored entry to the incoming one that shows its document first, not one that merely also lists it", () => {
    const keys = assignEntryKeys(
      [incoming("300", ["300", "200"], "Notice filed"), incoming("200", ["200"], "Brief filed")],
      [stored("doc:200", "200", "Brief filed")],
    );
    expect(keys[1]).toBe("doc:200");
    expect(keys[0]).not.toBe("doc:200");
  });
});

describe("entry keys by text", () => {
  const filedAt = "2024-01-05T00:00:00-05:00";
  const entry = (description: string) => ({ entry_number: null, source_sequence: null, filed_at: filedAt, description, document_identifier: null });
  const storedText = (description: string): StoredIdentity => ({
    key: entryKey(entry(description)),
    sequence: null,
    description,
    filedMs: Date.parse(filedAt),
    document: null,
    appearedMs: Date.parse(filedAt),
  });

  it("keeps the key of an entry stored with its character references undecoded, now read decoded", () => {
    // The Supreme Court reader kept "&sect;" and "&#8217;" as written before it decoded every reference.
    const before = storedText("Application (23A1) to extend the time under 28 U.S.C. &sect; 2101(f), the Court&#8217;s order&#160;submitted.");
    const after = entry("Application (23A1) to extend the time under 28 U.S.C. § 2101(f), the Court’s order submitted.");
    expect(assignEntryKeys([after], [before])).toEqual([before.key]);
    // Other words on that day are another filing.
    expect(assignEntryKeys([entry("Application (23A1) denied under 28 U.S.C. § 2101(f).")], [before])).not.toEqual([before.key]);
  });
});

describe("entry keys with and without a sequence number", () => {
  // CM/ECF appellate's summary form of a docket has no selection checkboxes (no sequence numbers); its docket form has.
  const filed = "2018-04-27T00:00:00-04:00";
  const appellate = (sequence: string | null, document: string, description: string) => ({
    entry_number: null,
    source_sequence: sequence,
    filed_at: filed,
    description,
    document_identifier: document,
  });
  const storedAs = (key: string, sequence: string | null, document: string, description: string): StoredIdentity => ({
    key,
    sequence,
    description,
    filedMs: Date.parse(filed),
    document,
    appearedMs: Date.parse(filed),
  });

  it("an entry now read with its sequence number is the one stored by its document", () => {
    const keys = assignEntryKeys([appellate("8442262", "011010077363", "Certificate filed")], [storedAs("doc:011010077363", null, "011010077363", "Certificate filed")], {
      readSinceMs: Date.parse(filed) + 86_400_000,
    });
    expect(keys).toEqual(["doc:011010077363"]);
  });

  it("an entry now read without its sequence number is the one stored by it, through its document", () => {
    const keys = assignEntryKeys([appellate(null, "011010077363", "Certificate filed")], [storedAs("seq:8442262", "8442262", "011010077363", "Certificate filed")]);
    expect(keys).toEqual(["seq:8442262"]);
  });

  it("another sequence number with the document is another entry", () => {
    const keys = assignEntryKeys([appellate("8442999", "011010077363", "Certificate filed")], [storedAs("doc:011010077363", "8442262", "011010077363", "Certificate filed")]);
    expect(keys).toEqual(["seq:8442999"]);
  });
});

describe("entry keys with and without a sequence number: entries without a document, entries sharing one", () => {
  // The docket form of cadc 22-8513 gives its seven unnumbered entries a selection checkbox and no document; the
  // summary form of such an entry gives neither, so only its filing day and text say which it is.
  const filed = "2022-08-29T00:00:00-04:00";
  const read = (sequence: string | null, description: string, document: string | null = null, at = filed) => ({
    entry_number: null,
    source_sequence: sequence,
    filed_at: at,
    description,
    document_identifier: document,
  });
  const storedAs = (entry: ReturnType<typeof read>, key = entryKey(entry)): StoredIdentity => ({
    key,
    sequence: entry.source_sequence,
    description: entry.description,
    filedMs: Date.parse(entry.filed_at),
    document: entry.document_identifier,
    appearedMs: Date.parse(entry.filed_at),
  });
  const text = "Petition for permission to appeal filed [1965022] (AAA)";

  it("an entry without a document stored with its sequence number, read without it, is the stored one", () => {
    const before = storedAs(read("1965022", text));
    expect(assignEntryKeys([read(null, text)], [before])).toEqual([before.key]);
  });

  it("an entry without a document stored without its sequence number, read with it, is the stored one", () => {
    const before = storedAs(read(null, text));
    expect(assignEntryKeys([read("1965022", text)], [before])).toEqual([before.key]);
  });

  it("an entry without a document stored by its text, holding the sequence number a docket form gave it, is the stored one read with that number after the clerk edited its text", () => {
    // Stored from the summary form (keyed by its text), given its sequence number by a docket form and keeping it
    // (lib/cases/store-case.ts): its own id says which it is, whatever its text now; it is not a new entry.
    const before = { ...storedAs(read(null, text)), sequence: "1965022" };
    expect(assignEntryKeys([read("1965022", `${text} [Edited 09/01/2022 by AAA]`)], [before])).toEqual([before.key]);
    // Another sequence number is another entry.
    expect(assignEntryKeys([read("1965999", `${text} [Edited 09/01/2022 by AAA]`)], [before])).not.toEqual([before.key]);
  });

  it("another text, or another day, without a document is another entry", () => {
    const before = storedAs(read("1965022", text));
    expect(assignEntryKeys([read(null, "CLERK'S ORDER filed")], [before])).not.toEqual([before.key]);
    expect(assignEntryKeys([read(null, text, null, "2022-08-30T00:00:00-04:00")], [before])).not.toEqual([before.key]);
  });

  it("two entries sharing one document, read in the other form, are each the stored one of its text, whatever order the store lists them in", () => {
    const a = read("100", "Brief filed", "0001", "2022-08-29T00:00:00-04:00");
    const b = read("200", "Corrected brief filed", "0001", "2022-09-02T00:00:00-04:00");
    const withSequence = [storedAs(a), storedAs(b)];
    const withoutSequence = [storedAs({ ...a, source_sequence: null }, "doc:0001"), storedAs({ ...b, source_sequence: null }, "doc:0001#2")];
    for (const stored of [withSequence, [...withSequence].reverse()]) {
      expect(assignEntryKeys([{ ...a, source_sequence: null }, { ...b, source_sequence: null }], stored)).toEqual(["seq:100", "seq:200"]);
    }
    for (const stored of [withoutSequence, [...withoutSequence].reverse()]) {
      expect(assignEntryKeys([a, b], stored)).toEqual(["doc:0001", "doc:0001#2"]);
    }
  });
});
