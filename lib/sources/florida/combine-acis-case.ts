// One Florida case from ACIS's pieces: the header (read-acis-case.ts) and every page of its parties and docket
// entries. Pages may repeat an entry when the list moved between two requests (entries are newest first and a
// new one pushes the rest down): an entry is kept once, by its id. ACIS's closed flag has no date: a closed
// case ends on its last disposition or mandate entry; without one it stays closed with no date.
import type { PartialDocketRead, SourceCase, SourceEntry } from "../types";

const ENDING = /^(?:disposition\b|mandate\b)/i;

export function combineAcisCase(header: SourceCase, pieces: readonly PartialDocketRead[]): SourceCase {
  const parties = pieces.flatMap((piece) => piece.parties ?? []);
  const seen = new Set<string>();
  const entries: SourceEntry[] = [];
  for (const entry of pieces.flatMap((piece) => piece.entries ?? [])) {
    const key = entry.sequence ?? `${entry.filed}|${entry.text}`;
    if (seen.has(key)) continue;
    seen.add(key);
    entries.push(entry);
  }
  // Oldest first, by instant (the offsets are all the court's).
  entries.sort((a, b) => Date.parse(a.filed) - Date.parse(b.filed));
  let dateTerminated = header.dateTerminated ?? null;
  if (header.closed && !dateTerminated) {
    const ending = [...entries].reverse().find((entry) => ENDING.test(entry.text));
    dateTerminated = ending ? ending.filed.slice(0, 10) : null;
  }
  return { ...header, parties: [...header.parties, ...parties], entries: [...header.entries, ...entries], dateTerminated };
}
