// Stable identity of a docket entry at its source, so a refresh updates an entry instead of adding it
// again (and keeps its first_seen_at). The entry number comes first: CM/ECF numbers never change, while
// a document id may appear later on an entry that had none. Unnumbered entries without a document (minute
// entries) are known by their filing time and text.
import { createHash } from "node:crypto";
import type { DocketEntry } from "@/contract";

export function entryKey(entry: Pick<DocketEntry, "document_identifier" | "entry_number" | "filed_at" | "description">): string {
  if (entry.entry_number !== null) return `num:${entry.entry_number}`;
  if (entry.document_identifier) return `doc:${entry.document_identifier}`;
  const digest = createHash("sha256").update(`${Date.parse(entry.filed_at)}\u0000${entry.description}`).digest("hex");
  return `hash:${digest.slice(0, 32)}`;
}
