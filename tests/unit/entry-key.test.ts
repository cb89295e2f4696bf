// Entry identity where the source neither numbers nor identifies entries and lists several documents per
// entry (TAMES): an entry is the stored one carrying any of its documents, its first-listed document before
// the others it lists.
import { describe, expect, it } from "vitest";
import { assignEntryKeys, type StoredIdentity } from "@/lib/cases/entry-key";

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
