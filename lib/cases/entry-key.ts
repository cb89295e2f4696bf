// Stable identity of a docket entry at its source, so a refresh updates an entry instead of adding it
// again (and keeps its appearance time). The entry number comes first: CM/ECF numbers never change, while
// a document id may appear later on an entry that had none, and the text may be edited ("Modified on ...").
// Unnumbered entries are known by the source's own entry id where it has one (ACMS GUIDs, CM/ECF
// sequence numbers), then by their document, and minute entries without either by their filing time and
// text; two identical minute entries of one day are told apart by their order.
import { createHash } from "node:crypto";
import type { NormalizedDocketEntry } from "./types";

type KeyedEntry = Pick<NormalizedDocketEntry, "document_identifier" | "entry_number" | "filed_at" | "description" | "source_sequence">;

export function entryKey(entry: KeyedEntry): string {
  if (entry.entry_number !== null) return `num:${entry.entry_number}`;
  if (entry.source_sequence) return `seq:${entry.source_sequence}`;
  if (entry.document_identifier) return `doc:${entry.document_identifier}`;
  const digest = createHash("sha256").update(`${Date.parse(entry.filed_at)}\u0000${entry.description}`).digest("hex");
  return `hash:${digest.slice(0, 32)}`;
}

/** Keys of a whole docket in its order: the n-th repeat of one content-hashed minute entry gets `#n`. */
export function entryKeys(entries: readonly KeyedEntry[]): string[] {
  const seen = new Map<string, number>();
  return entries.map((entry) => {
    const key = entryKey(entry);
    if (!key.startsWith("hash:")) return key;
    const count = (seen.get(key) ?? 0) + 1;
    seen.set(key, count);
    return count === 1 ? key : `${key}#${count}`;
  });
}
