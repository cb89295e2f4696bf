// Whether a Supreme Court case is over, from its "Proceedings and Orders": the docket has no closing date.
// A case ends when the Court sends its judgment down ("JUDGMENT ISSUED"), denies or dismisses the petition
// (or the rehearing asked for after that), or, on an application's own docket, when a Justice or the Court
// disposes of that application. A petition for rehearing filed after the end opens it again until it is
// decided, and so does, on an application's own docket, a further application ("Application (16A982) to extend
// further the time ... submitted to Justice Ginsburg." after the first extension was granted): the matter is
// pending again until that one is disposed of. An application granted inside a petition's docket (an extension
// of time to petition) ends nothing.
import type { SourceEntry } from "../types";

const JUDGMENT_ISSUED = /^judgment issued\b/i;
/** "Petition DENIED.", "Rehearing DENIED.", "Petition for a writ of mandamus denied.", "Petition DISMISSED - Rule 46." */
const PETITION_ENDED = /^(?:motion to proceed in forma pauperis and )?(?:the )?(?:petition|rehearing|appeal|case)\b[^.]{0,120}?\b(?:denied|dismissed)\b/i;
const REHEARING_FILED = /^petition for rehearing\b[^.]*\bfiled\b/i;

function applicationEnded(number: string, text: string): boolean {
  const own = new RegExp(`^application \\(${number}\\)[^.]*?\\b(?:granted|denied|dismissed|withdrawn)\\b`, "i");
  return own.test(text) || (/^application\b[^.]*\b(?:denied|dismissed|withdrawn)\b/i.test(text) && !/\(\d{2}A\d+\)/i.test(text));
}

/** A further application on the application's own docket, submitted or filed (not its disposition). */
function applicationFiled(number: string, text: string): boolean {
  const own = new RegExp(`^application \\(${number}\\)[^.]*?\\b(?:submitted|filed|refiled)\\b`, "i");
  return (own.test(text) || (/^application\b[^.]*\b(?:submitted|filed|refiled)\b/i.test(text) && !/\(\d{2}A\d+\)/i.test(text))) && !applicationEnded(number, text);
}

export function closingOf(number: string, entries: readonly SourceEntry[]): { terminated: string | null; reopened: string | null } {
  const application = /^\d{2}A\d+$/i.test(number);
  let terminated: string | null = null;
  let reopened: string | null = null;
  // In the court's order: the last word on the case decides.
  const ordered = [...entries].sort((a, b) => a.filed.localeCompare(b.filed));
  for (const entry of ordered) {
    const text = entry.text.trim();
    const ends = JUDGMENT_ISSUED.test(text) || PETITION_ENDED.test(text) || (application && applicationEnded(number, text));
    if (ends) {
      terminated = entry.filed;
    } else if (terminated !== null && (REHEARING_FILED.test(text) || (application && applicationFiled(number, text)))) {
      reopened = entry.filed;
    }
  }
  return { terminated, reopened: reopened !== null && terminated !== null && reopened > terminated ? reopened : null };
}
