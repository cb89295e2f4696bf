// A Supreme Court docket as both of its public forms state it (the JSON at /RSS/Cases/JSON/<number>.json and
// the docket HTML page), and the one way it becomes a source case. Each reader fills a ScotusDocket from its
// form; everything about what the court's words mean is decided here, once. Facts on the docket:
// ../shared/notes/court-systems.md §2.
import { decodeEntities } from "../pacer/decode-entities";
import type { DocketRead, PageRefusal, SourceCase, SourceEntry, SourceParty } from "../types";
import { closingOf } from "./scotus-status";
import { lowerCourtOf, supremeCourtCode } from "./scotus-courts";

export interface ScotusProceeding {
  /** "Mar 30 2017" as printed. */
  date: string;
  /** The entry's text; HTML where the court links a document inside it (an opinion). */
  html: string;
  links: Array<{ description: string; url: string }>;
}

export interface ScotusCounsel {
  /** The side the court lists the attorney under: "Petitioner", "Respondent", "Other". */
  side: string;
  attorney: string;
  firm: string | null;
  party: string;
  counselOfRecord: boolean;
}

export interface ScotusDocket {
  number: string;
  petitionerTitle: string;
  respondentTitle: string;
  /** "May 12, 2017". */
  docketed: string | null;
  /** Docket numbers of linked cases ("Linked with 16A940"). */
  linked: string[];
  lowerCourt: string | null;
  /** "(13-55323)" or "(15-1688, 15-1726)" as printed. */
  lowerCaseNumbers: string | null;
  proceedings: ScotusProceeding[];
  counsel: ScotusCounsel[];
}

/** Docket numbers: `16-1362` (paid and in forma pauperis petitions and appeals), `23A999` (applications), `22O141` (original actions). */
export const SCOTUS_NUMBER = /^(\d{2})-(\d{1,5})$|^(\d{2})A(\d{1,5})$|^(\d{2})O(\d{1,4})$/i;

/** The docket number at the start of what the court prints ("23A999 *** CAPITAL CASE ***", "No. 16-1014"). */
export function docketNumberIn(text: string | null | undefined): string | null {
  const match = /(?:^|\bNo\.\s*)(\d{2}-\d{1,5}|\d{2}[AO]\d{1,5})\b/i.exec((text ?? "").trim());
  return match ? match[1]!.toUpperCase() : null;
}

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];

/** "Mar 30 2017", "May 12, 2017", "February 21, 2017" → "2017-03-30"; anything else → null. */
export function monthDate(text: string | null | undefined): string | null {
  const match = /^([A-Za-z]{3})[a-z]*\.?\s+(\d{1,2}),?\s+(\d{4})\b/.exec((text ?? "").trim());
  if (!match) return null;
  const month = MONTHS.indexOf(match[1]!.toLowerCase()) + 1;
  const day = Number(match[2]);
  if (month < 1 || day < 1 || day > 31) return null;
  const probe = new Date(Date.UTC(Number(match[3]), month - 1, day));
  if (probe.getUTCDate() !== day) return null;
  return `${match[3]}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/**
 * Text of an entry: its HTML's words, a link kept as its words ("delivered the opinion of the Court"). Tags go
 * first, then every character reference is decoded ("&sect;", "&#8217;", "&eacute;"; "&lt;" is text, not a tag).
 */
function entryText(html: string): string {
  return decodeEntities(html.replace(/<br\s*\/?>/gi, " ").replace(/<[^>]*>/g, ""))
    .replace(/[\s\u00a0]+/g, " ")
    .trim();
}

/** Links inside an entry's text (`delivered the <a href='...'>opinion</a>`): the opinion is the entry's document. */
function inlineLinks(html: string): Array<{ description: string; url: string }> {
  // The href quoted either way or not at all, its "&amp;" meaning "&".
  return [...html.matchAll(/<a\s[^>]*?href\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))[^>]*>([\s\S]*?)<\/a>/gi)].map((match) => ({
    url: decodeEntities((match[1] ?? match[2] ?? match[3] ?? "").trim()),
    description: entryText(match[4]!),
  }));
}

/**
 * The document of an entry: the court files an entry's papers (petition, appendix, proof of service) in one
 * folder, `DocketPDF/<term>/<number>/<folder id>/<file>`, whose id names them together; an opinion linked in
 * the text is known by its file name (`16-1362_gfbh`).
 */
function documentOf(links: Array<{ description: string; url: string }>): { id: string; url: string } | null {
  const first = links.find((link) => /^https?:\/\//i.test(link.url));
  if (!first) return null;
  const folder = /\/DocketPDF\/\d+\/[^/]+\/(\d+)\//i.exec(first.url)?.[1];
  const file = /\/([^/?#]+?)(?:\.pdf)?(?:[?#].*)?$/i.exec(first.url)?.[1];
  const id = folder ?? (file ? decodeURIComponent(file) : null);
  return id ? { id, url: first.url } : null;
}

/**
 * Why the proceedings cannot be read whole, or null. Every proceeding the Court lists has a date and words (so
 * does every one of the corpus's records): one without either, or dated in a form this reader does not know, is
 * a changed layout, and dropping it would serve a docket short of its entries as the whole one.
 */
function unreadableProceeding(docket: ScotusDocket): string | null {
  const index = docket.proceedings.findIndex((proceeding) => !monthDate(proceeding.date) || !entryText(proceeding.html));
  if (index < 0) return null;
  const proceeding = docket.proceedings[index]!;
  return monthDate(proceeding.date)
    ? `proceeding ${index + 1} has no words`
    : `proceeding ${index + 1} is dated ${JSON.stringify(proceeding.date.slice(0, 40))}, not a date this reader knows`;
}

function entries(docket: ScotusDocket): SourceEntry[] {
  const out: SourceEntry[] = [];
  for (const proceeding of docket.proceedings) {
    const filed = monthDate(proceeding.date);
    const text = entryText(proceeding.html);
    // Never here from a reader: scotusDocketRead refuses such a docket first.
    if (!filed || !text) continue;
    const document = documentOf([...proceeding.links, ...inlineLinks(proceeding.html)]);
    out.push({ filed, text, documentId: document?.id ?? null, documentUrl: document?.url ?? null });
  }
  return out;
}

/** One party per name and side, in the order the court lists counsel; pro se parties are their own counsel. */
function parties(counsel: ScotusCounsel[]): SourceParty[] {
  const bySide = new Map<string, SourceParty>();
  for (const lawyer of counsel) {
    const name = lawyer.party.replace(/\s+/g, " ").trim();
    if (!name) continue;
    const key = `${lawyer.side}|${name.toLowerCase()}`;
    const party = bySide.get(key) ?? { name, role: lawyer.side, attorneys: [] };
    bySide.set(key, party);
    const attorney = lawyer.attorney.replace(/\s+/g, " ").trim();
    if (attorney && !party.attorneys!.some((known) => known.name === attorney)) {
      party.attorneys!.push({ name: attorney, firm: lawyer.firm?.replace(/\s+/g, " ").trim() || null, role: lawyer.counselOfRecord ? "Counsel of Record" : null });
    }
  }
  return [...bySide.values()];
}

/** The kind of proceeding, from the docket number and the paper that opened it. */
function proceedingKind(docket: ScotusDocket, texts: string[]): string | null {
  if (/^\d{2}A/i.test(docket.number)) return "Application";
  if (/^\d{2}O/i.test(docket.number)) return "Original action";
  for (const text of texts) {
    if (/^statement as to jurisdiction\b/i.test(text)) return "Appeal";
    const writ = /^petition for (?:a |an )?writ of ([a-z ]+?)(?: and | filed|[.(,]|$)/i.exec(text);
    if (writ) return `Petition for a writ of ${writ[1]!.trim().toLowerCase()}`;
  }
  return null;
}

/**
 * When the case is or was argued: the docket's latest word on it, an "Argued." ("Reargued.") entry's date or the
 * date a "SET FOR ARGUMENT ON ..." entry names. The latest, not the first: an argument postponed and set again,
 * or a case restored to the calendar for reargument, is argued on the later day.
 */
function argumentDate(docketEntries: SourceEntry[]): string | null {
  // Latest by the entry's own date (the Court lists oldest first; a tie goes to the later listed).
  let latest: { on: string; date: string } | null = null;
  for (const entry of docketEntries) {
    const set = /^set for argument on\s+(?:[a-z]+day,?\s+)?([a-z]+\.? \d{1,2},? \d{4})/i.exec(entry.text);
    const date = /^(?:re)?argued\b/i.test(entry.text) ? entry.filed : set ? monthDate(set[1]) : null;
    if (date && (latest === null || entry.filed >= latest.on)) latest = { on: entry.filed, date };
  }
  return latest?.date ?? null;
}

const title = (docket: ScotusDocket): string =>
  [docket.petitionerTitle, docket.respondentTitle].map((side) => side.replace(/\s+/g, " ").trim()).filter(Boolean).join(" v. ");

export function scotusSourceCase(docket: ScotusDocket): SourceCase {
  const docketEntries = entries(docket);
  const texts = docketEntries.map((entry) => entry.text);
  const kind = proceedingKind(docket, texts);
  const closing = closingOf(docket.number, docketEntries);
  const lower = lowerCourtOf(docket.lowerCourt, docket.lowerCaseNumbers);
  const ownCode = supremeCourtCode();
  const original = /^\d{2}O/i.test(docket.number);
  return {
    caseNumber: docket.number,
    title: title(docket) || docket.number,
    caseType: kind,
    dateFiled: monthDate(docket.docketed),
    dateTerminated: closing.terminated,
    dateReopened: closing.reopened,
    parties: parties(docket.counsel),
    crossReferences: [
      ...docket.linked.map((caseId) => ({ relationship: "linked", caseId, courtCode: ownCode, note: null })),
      ...(lower.court?.code ? lower.caseIds.map((caseId) => ({ relationship: "appeal_from", caseId, courtCode: lower.court!.code, note: null })) : []),
    ],
    // An original action is tried in the Court itself: it comes from no lower court.
    appellate: original
      ? null
      : {
          appealType: kind,
          panel: [],
          originatingCourt: lower.court || lower.caseIds.length > 0
            ? { courtCode: lower.court?.code ?? "", caseId: lower.caseIds[0] ?? "", courtName: lower.court?.name ?? "" }
            : null,
          oralArgumentDate: argumentDate(docketEntries),
        },
    entries: docketEntries,
  };
}

/** The docket as a reader's answer: the case, or a refusal when a proceeding cannot be read (never dropped). */
export function scotusDocketRead(docket: ScotusDocket): DocketRead | PageRefusal {
  const unreadable = unreadableProceeding(docket);
  if (unreadable) return { kind: "refused", reason: "unreadable", message: `a Supreme Court docket of a layout this reader does not know: ${unreadable}` };
  return { kind: "case", case: scotusSourceCase(docket), courtCode: supremeCourtCode() || null };
}
