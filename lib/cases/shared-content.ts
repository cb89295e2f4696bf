// Stored case contents that are served again and again as the very same objects, never changed in place:
// the sandbox fixtures, and cached cases while their content version stands (lib/cases/case-content-cache.ts).
// What is derived from such a content — its prepared bodies (prepared-body.ts), its entries' appearance
// times (compute-delta.ts) — is worth keeping with it; for any other content it is made afresh.
import type { CaseRecord, StoredDocketEntry } from "./types";

const shared = new WeakSet<readonly StoredDocketEntry[]>();

/** Registers a stored case whose objects will be served again as they are. */
export function shareCaseContent(record: Pick<CaseRecord, "entries">): void {
  shared.add(record.entries);
}

export function isSharedContent(entries: readonly StoredDocketEntry[]): boolean {
  return shared.has(entries);
}
