// A TAMES case's docket: its "Case Events" grid (date, event type, disposition, remarks on the Supreme Court's
// pages, the documents), newest first on the page. The "Appellate Briefs" grid repeats the brief events and
// adds who filed each ("Appellant", "State", "Relator"); a brief the events grid lacks is kept as its own entry.
// TAMES numbers no events and gives them no ids: an event is its date, wording and documents, all of them in
// any order (a document listed first today may be listed second tomorrow, or a new one put before it): the
// document shown is the one listed first, the event is known by every one (lib/cases/entry-key.ts).
import { usDateToIso } from "../pacer/us-date";
import type { SourceEntry } from "../types";
import type { TamesRow } from "./tames-page";

const cell = (row: TamesRow, name: string): string => row.cells.get(name)?.trim() ?? "";

/** "Motion for extension of time to file brief disposed (Motion or Writ Granted) — remarks": what the court wrote, in its order. */
function entryText(type: string, disposition: string, remarks: string): string {
  let text = type;
  if (disposition) text += ` (${disposition})`;
  if (remarks && remarks.toLowerCase() !== type.toLowerCase()) text += ` — ${remarks}`;
  return text;
}

const mediaIds = (row: TamesRow): string => row.documents.map((document) => document.mediaId ?? document.url).sort().join(" ");
/** An event's documents by MediaID, sorted: the same set whatever order the page lists them in. */
const documentIds = (row: TamesRow): string[] => [...new Set(row.documents.flatMap((document) => (document.mediaId ? [document.mediaId] : [])))].sort();

/**
 * Every row of both grids has a date (mm/dd/yyyy) and an event type, on every page of the corpus: a row
 * without either is a changed layout, never a row to drop (the docket would be served short as the whole one).
 */
function entryOf(row: TamesRow, filedBy: string | null): SourceEntry | string {
  const filed = usDateToIso(cell(row, "date"));
  const type = cell(row, "event type");
  if (!filed) return `an event dated ${JSON.stringify(cell(row, "date").slice(0, 40))}, not a date this reader knows`;
  if (!type) return `an event of ${cell(row, "date")} without an event type`;
  const first = row.documents[0];
  return {
    filed,
    text: entryText(type, cell(row, "disposition"), cell(row, "remarks")),
    documentId: first?.mediaId ?? null,
    documentUrl: first?.url ?? null,
    documentIds: first?.mediaId ? documentIds(row) : null,
    filedBy,
  };
}

/** Every event, oldest first, with the filer of each brief where the briefs grid names one; or why a row cannot be read. */
export function tamesEntries(events: TamesRow[], briefs: TamesRow[]): { entries: SourceEntry[] } | { unreadable: string } {
  const unmatched = [...briefs];
  const out: SourceEntry[] = [];
  for (const row of events) {
    // The brief row of this event: same day, same event type, same documents.
    const index = unmatched.findIndex(
      (brief) => cell(brief, "date") === cell(row, "date") && cell(brief, "event type") === cell(row, "event type") && mediaIds(brief) === mediaIds(row),
    );
    const brief = index >= 0 ? unmatched.splice(index, 1)[0] : undefined;
    const entry = entryOf(row, brief ? cell(brief, "description") || null : null);
    if (typeof entry === "string") return { unreadable: entry };
    out.push(entry);
  }
  for (const brief of unmatched) {
    const entry = entryOf(brief, cell(brief, "description") || null);
    if (typeof entry === "string") return { unreadable: `in the briefs grid, ${entry}` };
    out.push(entry);
  }
  // The page sorts by date only, newest day first; the docket reads oldest day first. Within a day there is no
  // order to recover, so the day's events keep the order the page lists them in (a stable sort).
  return { entries: out.sort((a, b) => a.filed.localeCompare(b.filed)) };
}
