// Reader of a Texas appellate case page from TAMES (`https://search.txcourts.gov/Case.aspx?cn=<number>`): the
// Supreme Court, the Court of Criminal Appeals and the fifteen courts of appeals. The case number in each
// court's form (`01-25-00011-CV`, `PD-0975-25`, `WR-70,849-04`, `AP-77,129`, `25-1066`, old `A-4369-A`),
// date filed, case type, style, parties with their representatives, every case event with its documents,
// the court the case comes from (the court of appeals for a petition to a high court, else the trial court)
// and transfers between courts of appeals. Pure: page text in, the case or a refusal out.
import { usDateToIso } from "../pacer/us-date";
import type { DocketRead, PageRefusal, SourceCase, SourceParty } from "../types";
import { courtOfAppealsOf, tamesCourtCode, texasCourtNamed } from "./tames-courts";
import { tamesEntries } from "./tames-events";
import { readTamesPage, type TamesPage } from "./tames-page";
import { tamesClosing } from "./tames-status";

type CrossReference = NonNullable<SourceCase["crossReferences"]>[number];

const refuse = (reason: PageRefusal["reason"], message: string): PageRefusal => ({ kind: "refused", reason, message });
const field = (page: TamesPage, name: string): string => page.fields.get(name)?.trim() ?? "";

/**
 * A side of the style: TAMES lists every party of a side, separated by semicolons ("Texas Department of ...;
 * Stephanie Muth, in Her Official Capacity ...; and The GEO Group, Inc."): the case is named by the first.
 */
function firstOfSide(side: string): string {
  return side.split(/\s*;\s*(?:and\s+)?/)[0]!.trim();
}

function caseName(style: string, versus: string): string {
  const first = firstOfSide(style);
  const second = firstOfSide(versus);
  return second ? `${first} v. ${second}` : first;
}

function parties(page: TamesPage): SourceParty[] {
  return (page.parties ?? []).flatMap((row) => {
    const name = (row.cells.get("party") ?? "").replace(/\s+,/g, ",").trim();
    if (!name) return [];
    const representatives = row.lines.get("representative") ?? [];
    return [{ name, role: row.cells.get("partytype")?.trim() || "Party", attorneys: representatives.map((attorney) => ({ name: attorney })) }];
  });
}

/**
 * Where a case comes from. A petition to the Supreme Court or the Court of Criminal Appeals (`PD-`) comes from
 * the court of appeals whose case the page links; a writ application (`WR-`) and a direct appeal (`AP-`) come
 * to the Court of Criminal Appeals from the convicting trial court, the court of appeals' case being the
 * earlier appeal; a court of appeals' case comes from the trial court.
 */
function originatingCourt(page: TamesPage, caseNumber: string): { courtCode: string; caseId: string; courtName: string } | null {
  const coaCase = fromTrialCourt(caseNumber) ? undefined : page.coaCases[0];
  const coa = coaCase ? courtOfAppealsOf(coaCase) : null;
  if (coaCase && coa) return { courtCode: coa.code, caseId: coaCase, courtName: coa.name };
  const name = page.trialCourt.get("court") ?? "";
  const caseId = page.trialCourt.get("court case") ?? "";
  if (!name && !caseId) return null;
  return { courtCode: name ? texasCourtNamed(name, page.trialCourt.get("county") || null) : "", caseId, courtName: trialCourtName(page) };
}

/** "55th District Court, Harris County": the trial court as the page names it, with its county. */
function trialCourtName(page: TamesPage): string {
  const county = page.trialCourt.get("county") ?? "";
  return [page.trialCourt.get("court") ?? "", county ? `${county} County` : ""].filter(Boolean).join(", ");
}

const fromTrialCourt = (caseNumber: string): boolean => /^(?:WR|AP)-/i.test(caseNumber);

function crossReferences(page: TamesPage, caseNumber: string): CrossReference[] {
  const out: CrossReference[] = [];
  // The court of appeals' cases a high court's case comes from (the page links them), then the trial court's.
  for (const coaCase of page.coaCases) {
    const coa = courtOfAppealsOf(coaCase);
    const relationship = fromTrialCourt(caseNumber) ? "earlier_appeal" : "appeal_from";
    out.push({ relationship, caseId: coaCase, courtCode: coa?.code ?? "", note: coa?.name ?? null });
  }
  const trialCase = page.trialCourt.get("court case") ?? "";
  const trialName = page.trialCourt.get("court") ?? "";
  const trialCode = trialName ? texasCourtNamed(trialName, page.trialCourt.get("county") || null) : "";
  if (trialCase && trialCode) {
    const direct = page.coaCases.length === 0 || fromTrialCourt(caseNumber);
    out.push({ relationship: direct ? "appeal_from" : "trial_court", caseId: trialCase, courtCode: trialCode, note: trialCourtName(page) });
  }
  const from = field(page, "transfer from");
  if (from) {
    const transferIn = usDateToIso(field(page, "transfer in"));
    out.push({
      relationship: "transferred_from",
      caseId: field(page, "transfer case"),
      courtCode: texasCourtNamed(from),
      note: transferIn ? `${from}, transferred in ${transferIn}` : from,
    });
  }
  const to = field(page, "transfer to");
  if (to) {
    const transferOut = usDateToIso(field(page, "transfer out"));
    // The receiving court gives the case its own number, which this page does not show.
    out.push({ relationship: "transferred_to", caseId: "", courtCode: texasCourtNamed(to), note: transferOut ? `${to}, transferred out ${transferOut}` : to });
  }
  return out;
}

export function readTamesCase(html: string): DocketRead | PageRefusal {
  const page = readTamesPage(html);
  // First: a page cut short may have lost its case number too, and would read as "no such case".
  if (!page.whole) return refuse("unreadable", "a TAMES page cut short: it does not end with its closing </html>");
  if (!page.isCasePage) {
    return /error|unavailable|maintenance/i.test(page.title)
      ? refuse("error_page", `TAMES answered with an error page: ${page.title}`)
      : refuse("not_a_docket", "not a TAMES case page: no case panel");
  }
  const caseNumber = field(page, "case") || page.heading || "";
  if (!/^[A-Z0-9][A-Z0-9,-]*$/i.test(caseNumber)) {
    return refuse("case_not_found", "a TAMES case page without a case: no such case number in this court");
  }
  // Every case page has the three grids, each empty or not ("No briefs.", "No Party.", no events on an old
  // case's page): a page without one is another layout, never a case without events or parties.
  const missing = (["events", "briefs", "parties"] as const).filter((grid) => page[grid] === null);
  if (missing.length > 0) return refuse("unreadable", `a TAMES case page without its ${missing.join(" and ")} grid: a layout this reader does not know`);
  if (page.parties!.some((row) => !row.cells.get("party")?.trim())) return refuse("unreadable", "a TAMES case page with a party row that names no party: a layout this reader does not know");
  const read = tamesEntries(page.events!, page.briefs!);
  if ("unreadable" in read) return refuse("unreadable", `a TAMES case page this reader cannot read whole: ${read.unreadable}`);
  const { entries } = read;
  const closing = tamesClosing(entries);
  const origin = originatingCourt(page, caseNumber);
  const caseType = field(page, "case type") || null;
  const source: SourceCase = {
    caseNumber,
    title: caseName(field(page, "style"), field(page, "v.")) || caseNumber,
    caseType,
    dateFiled: usDateToIso(field(page, "date filed")),
    dateTerminated: closing.terminated,
    dateReopened: closing.reopened,
    parties: parties(page),
    crossReferences: crossReferences(page, caseNumber),
    appellate: { appealType: caseType, panel: [], originatingCourt: origin, oralArgumentDate: null },
    entries,
  };
  return { kind: "case", case: source, courtCode: tamesCourtCode(page.courtParameter, caseNumber) };
}
