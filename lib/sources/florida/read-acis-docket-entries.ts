// Reader of an ACIS case's docket entries (`/courts/{court}/cms/cases/{case}/docketentries`, a HAL list, paged,
// newest first): per entry its type and sub-type ("Order - Order on Motion/Request for Oral Argument"), the
// court's description, the outcome ("Granted"), the filing time with its offset (rendered in the court's
// zone), who submitted it, and its id, which is also the handle on its documents when it has any. Pure: JSON
// text in, the entries of this page or a refusal out.
import { instantToZonedIso } from "../zoned-time";
import type { PageRefusal, PartialDocketRead, SourceEntry } from "../types";
import { acisTime, actorName, FLORIDA_ZONE, halList, isRefusal, list, parseAcis, record, refuse, str, type Fields } from "./acis-json";

/**
 * The entry's words: its name (type - sub-type), then the court's description where it says more than the
 * sub-type, then the outcome: "Order - Order on Motion to Supplement Record: ORDERED that ... (Granted)".
 */
export function acisEntryText(header: Fields): string {
  const name = str(header.docketEntryName) || [str(header.docketEntryType), str(header.docketEntrySubType)].filter(Boolean).join(" - ");
  const description = str(header.docketEntryDescription);
  const subtype = str(header.docketEntrySubType);
  const says = description && description.toLowerCase() !== subtype.toLowerCase() && description.toLowerCase() !== name.toLowerCase();
  const outcome = str(header.outcomeStatus);
  return [name + (says ? `: ${description}` : ""), outcome ? `(${outcome})` : ""].filter(Boolean).join(" ") || description;
}

/**
 * ACIS writes some times to the minute (seconds and milliseconds zero; most carry seconds): such a time is
 * kept without seconds, so change detection takes it as any moment of that minute
 * (lib/sources/normalize/normalize-date.ts).
 */
function toMinuteUnlessSeconds(zoned: string, instant: number): string {
  return instant % 60_000 === 0 ? `${zoned.slice(0, 16)}${zoned.slice(19)}` : zoned;
}

export function readAcisDocketEntries(json: string): PartialDocketRead | PageRefusal {
  const root = parseAcis(json, "list of docket entries");
  if (isRefusal(root)) return root;
  const found = halList(root);
  if (!found) return refuse("not_a_docket", "not ACIS's list of docket entries: no results it can read and no page");
  const entries: SourceEntry[] = [];
  for (const item of found.items) {
    const header = record(item.docketEntryHeader);
    if (!header) return refuse("not_a_docket", "not ACIS's list of docket entries: an item without a docketEntryHeader");
    const time = acisTime(header.filedDate);
    const text = acisEntryText(header);
    // Every entry ACIS lists has a filing time and a name (every one of the corpus's): one without is a changed
    // layout, and dropping it would store the docket short of its entries as the whole one. Except an entry
    // ACIS says is not docketed yet (every corpus entry is "Docketed"; a filing still under review may have no
    // time): not on the docket, so skipped, rather than the whole case refused until the clerk dockets it.
    const status = str(header.docketEntryStatus);
    if (!time && status && !/^docketed$/i.test(status)) continue;
    if (!time) return refuse("unreadable", `an ACIS docket entry without a filing time this reader knows (filedDate ${JSON.stringify(str(header.filedDate).slice(0, 40))})`);
    if (!text) return refuse("unreadable", "an ACIS docket entry without a name, type or description");
    const id = str(header.docketEntryUUID) || null;
    const documents = Number(str(header.documentCount) || header.documentCount || 0);
    const filers = list(item.submittedBy).map(actorName).filter(Boolean);
    entries.push({
      // A bare date stays a date: ACIS gave no time of day to convert.
      filed: "date" in time ? time.date : toMinuteUnlessSeconds(instantToZonedIso(time.instant, FLORIDA_ZONE), time.instant),
      sequence: id,
      text,
      // ACIS lists an entry's documents by the entry's id (/courts/cms/docketentrydocumentsaccess).
      documentId: documents > 0 ? id : null,
      filedBy: filers.length > 0 ? filers.join("; ") : null,
    });
  }
  return { kind: "partial", entries, page: found.page };
}
