// ACMS docket entries (`docketInfo.docketEntries`): the entry number, `endDate` (the only filing date ACMS
// gives), the text as HTML with the court's "[Entered: mm/dd/yyyy hh:mm AM]" stamp inside it, the entry's
// GUID and its UTC creation time. The list can arrive out of order (recap#377), so every entry is read on
// its own and the result is put in the court's numbering order.
import { htmlLines } from "@/lib/sources/pacer/acms-html-text";
import type { SourceEntry } from "@/lib/sources/types";
import type { LocalTime } from "@/lib/sources/zoned-time";

const ENTERED = /\[Entered:\s*(\d{1,2})\/(\d{1,2})\/(\d{4})\s+(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([AP])\.?M\.?\s*\]/i;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/i;
/**
 * `endDate` is a calendar date: "2023-09-29", or the same day serialized as a midnight timestamp
 * ("2023-09-29T00:00:00", "...T00:00:00Z", as the API's date-only fields also come), which names that day,
 * not an instant to convert. Any other time of day is not this field's form.
 */
const CALENDAR_DAY = /^(\d{4}-\d{2}-\d{2})(?:T00:00(?::00(?:\.0+)?)?(?:Z|[+-]00:?00)?)?$/i;
/** `endDateFormatted`, the same date as the court prints it: "09/29/2023". */
const US_DAY = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

export interface AcmsEntry {
  entry: SourceEntry;
  /** The "[Entered: ...]" stamp as court-local wall time, when the text has one. */
  enteredLocal: LocalTime | null;
  /** `createdOn` when it is an instant. */
  createdOn: string | null;
}

const pad = (value: number) => String(value).padStart(2, "0");

function enteredStamp(text: string): LocalTime | null {
  const match = ENTERED.exec(text);
  if (!match) return null;
  const [, month, day, year, hour, minute, second, meridiem] = match;
  const pm = meridiem!.toUpperCase() === "P";
  // A 12-hour clock reads 1–12 (00 AM taken as midnight); "00:05 PM" or "13:05 AM" contradict themselves: no
  // stamp, the entry is dated as when it has none, rather than half a day off.
  if (Number(hour) > 12 || (Number(hour) === 0 && pm)) return null;
  let hours = Number(hour) % 12;
  if (pm) hours += 12;
  // Seconds only where the stamp writes them: a stamp to the minute stands for any moment of it.
  return { year: Number(year), month: Number(month), day: Number(day), hour: hours, minute: Number(minute), ...(second === undefined ? {} : { second: Number(second) }) };
}

function localIso(time: LocalTime): string {
  const seconds = time.second === undefined ? "" : `:${pad(time.second)}`;
  return `${time.year}-${pad(time.month)}-${pad(time.day)}T${pad(time.hour ?? 0)}:${pad(time.minute ?? 0)}${seconds}`;
}

const str = (value: unknown): string | null => (typeof value === "string" && value.trim() !== "" ? value.trim() : null);
/** A whole number the JSON gives as a number or as its digits ("entryNumber": "12"); else null. */
const whole = (value: unknown): number | null => {
  if (typeof value === "number") return Number.isInteger(value) ? value : null;
  const digits = str(value);
  return digits && /^\d{1,9}$/.test(digits) ? Number(digits) : null;
};

/** The entry's filing day from `endDate`, else from `endDateFormatted`; null when neither is a date. */
function endDay(fields: Record<string, unknown>): string | null {
  const day = CALENDAR_DAY.exec(str(fields.endDate) ?? "")?.[1];
  if (day) return day;
  const printed = US_DAY.exec(str(fields.endDateFormatted) ?? "");
  return printed ? `${printed[3]}-${printed[1]!.padStart(2, "0")}-${printed[2]!.padStart(2, "0")}` : null;
}

function readEntry(raw: unknown): AcmsEntry | null {
  if (typeof raw !== "object" || raw === null) return null;
  const fields = raw as Record<string, unknown>;
  const html = str(fields.docketEntryText) ?? "";
  // Keep the court's line breaks (a schedule notice has paragraphs); every word stays.
  const text = htmlLines(html).join("\n");
  const enteredLocal = enteredStamp(text);
  const createdOn = str(fields.createdOn);
  const instant = createdOn && INSTANT.test(createdOn) ? createdOn : null;
  // ACMS has no filing date apart from `endDate`; without it, the day the court entered the entry, or the
  // creation instant itself (its UTC date may be the day after the court's: normalization gives it the court's zone).
  const filed = endDay(fields) ?? (enteredLocal ? localIso(enteredLocal).slice(0, 10) : instant);
  if (!filed) return null;
  const number = whole(fields.entryNumber);
  const documents = whole(fields.documentCount) ?? 0;
  return {
    entry: {
      number,
      filed,
      // The text's stamp (court-local time) is when the entry went on the public docket; `createdOn` (an
      // instant) can be hours earlier, when a clerk started the entry, so it only stands in for a missing stamp.
      entered: enteredLocal ? localIso(enteredLocal) : instant,
      sequence: str(fields.docketEntryId),
      text,
      // ACMS lists an entry's documents by a further request keyed by the entry GUID: for an entry with
      // documents, that GUID is the handle on them in the source system (as CM/ECF's doc1 id is).
      documentId: documents > 0 ? str(fields.docketEntryId) : null,
    },
    enteredLocal,
    createdOn: instant,
  };
}

/** Every entry of the list, each with its own number and dates, in entry-number order. */
export function readAcmsEntries(list: unknown): AcmsEntry[] {
  if (!Array.isArray(list)) return [];
  const read = list.map(readEntry).filter((entry): entry is AcmsEntry => entry !== null);
  // A stable sort: unnumbered entries keep their place relative to each other, after the numbered ones.
  return read
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => (a.entry.entry.number ?? Infinity) - (b.entry.entry.number ?? Infinity) || a.index - b.index)
    .map(({ entry }) => entry);
}
