// Whether a Texas appellate case is over. TAMES prints no closing date; the events say it: a court of appeals
// is done with a case when it issues its mandate, stores the file away, transfers the case to another court of appeals or voids
// the number; the Court of Criminal Appeals when it takes its final action on a writ ("ACTION TAKEN",
// "FINAL DISP", a refused or dismissed petition for discretionary review); the Supreme Court when it
// disposes of a petition against the petitioner (denied, dismissed, refused, overruled) or issues its
// mandate. A remand from a higher court opens the case again. Motions (extensions, leave) end nothing.
import type { SourceEntry } from "../types";

const ENDS_ALWAYS = /^(?:mandate issued|case stored|case transferred from this court\b|case number voided\b)/i;
/** The Court of Criminal Appeals' final actions, which carry the disposition ("Dismissed -- Non-compliance"). */
const FINAL_ACTION = /^(?:action taken|final disp)\b/i;
const PETITION = /\bpetition\b|\bpdr\b|\bwrit\b/i;
const AGAINST = /\b(?:denied|dismissed|refused|overruled)\b/i;
const MOTION_ABOUT_PETITION = /\b(?:extension|ext\b|leave to file(?! petition))/i;
const REOPENS = /^(?:case remanded from higher court|case reinstated)\b/i;

/** An event's type and disposition, as tames-events.ts writes them: "type (disposition) — remarks". */
function parts(text: string): { type: string; disposition: string } {
  const match = /^(.*?)(?: \(([^()]*)\))?(?: — .*)?$/.exec(text);
  return { type: match?.[1] ?? text, disposition: match?.[2] ?? "" };
}

export function tamesClosing(entries: readonly SourceEntry[]): { terminated: string | null; reopened: string | null } {
  let terminated: string | null = null;
  let reopened: string | null = null;
  for (const entry of entries) {
    const { type, disposition } = parts(entry.text);
    const ends =
      ENDS_ALWAYS.test(type) ||
      (FINAL_ACTION.test(type) && disposition !== "") ||
      (PETITION.test(type) && !MOTION_ABOUT_PETITION.test(type) && AGAINST.test(disposition));
    if (ends) terminated = entry.filed;
    else if (REOPENS.test(type)) reopened = entry.filed;
  }
  return { terminated, reopened: reopened !== null && terminated !== null && reopened > terminated ? reopened : null };
}
