// One Florida case from ACIS's pieces: the header (read-acis-case.ts) and every page of its parties and docket
// entries. Pages may repeat an entry when the list moved between two requests (entries are newest first and a
// new one pushes the rest down): an entry is kept once, by its id. ACIS's closed flag has no date: a closed
// case ends on its last disposition or mandate entry; without one it stays closed with no date.
import { toTimestamp } from "../normalize/normalize-date";
import type { PartialDocketRead, SourceCase, SourceEntry } from "../types";
import { FLORIDA_ZONE } from "./acis-json";

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
  // Oldest first, by instant. An entry ACIS dated without a time of day is that day's start in Florida, as
  // normalization files it: Date.parse would take it at UTC midnight, the evening before, so a filing of that
  // evening would sort after it and a closing entry of that evening would be taken for the last.
  const instant = (entry: SourceEntry) => Date.parse(toTimestamp(entry.filed, FLORIDA_ZONE));
  entries.sort((a, b) => instant(a) - instant(b));
  let dateTerminated = header.dateTerminated ?? null;
  if (header.closed && !dateTerminated) {
    const ending = [...entries].reverse().find((entry) => ENDING.test(entry.text));
    dateTerminated = ending ? ending.filed.slice(0, 10) : null;
  }
  return { ...header, parties: [...header.parties, ...parties], entries: [...header.entries, ...entries], dateTerminated };
}
