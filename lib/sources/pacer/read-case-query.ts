// The free CM/ECF case query (`iquery.pl`, court-systems.md §1.2): a one-block summary of a case
// (number, name, judges, date filed / terminated / of last filing; on bankruptcy pages also case type,
// chapter, asset, plan confirmation and discharge dates) read without paying for a docket. The fetcher
// uses it to check a case exists and whether anything was filed since the last docket fetch.
// Dates are returned as ISO `YYYY-MM-DD` calendar dates (the page writes MM/DD/YYYY); "N/A" → null.
import type { PageRefusal } from "@/lib/sources/types";
import { plainLabels, readSummaryBlock, splitLine, squash, textOf } from "./case-query-lines";
import { courtFromHost } from "./doc-id";
import { refuseQueryPage } from "./refuse-query-page";
import { splitCmEcfNumber } from "./split-cmecf-number";
import { usDateToIso } from "./us-date";

export interface CaseQueryBankruptcy {
  /** "bk" (a bankruptcy case) or "ap" (an adversary proceeding), as the page says. */
  caseType: string | null;
  chapter: string | null;
  /** "Yes" / "No": an asset or no-asset case. */
  asset: string | null;
  /** "v" voluntary, "i" involuntary petition. */
  vol: string | null;
  planConfirmed: string | null;
  /** The debtor's discharge ("Debtor discharged:"). */
  dateDischarged: string | null;
  jointDebtorDischarged: string | null;
  /** Dismissal dates, on the pages that print them. */
  dateDismissed: string | null;
  jointDebtorDismissed: string | null;
  dateConverted: string | null;
  /** An adversary proceeding's main case number ("Related bankruptcy: 19-30334"). */
  relatedBankruptcy: string | null;
}

export interface CaseQuerySummary {
  kind: "case_summary";
  /** The number without judge initials or defendant, as juriscraper's docket_number: "2:02-cv-01431", "10-46652". */
  caseNumber: string;
  /** The number as the page prints it: "2:02-cv-01431-SJO-RC", "10-15790-JMC-13". */
  caseNumberAsWritten: string;
  office: string | null;
  caseTypeCode: string | null;
  /** Judge initials in the number: assigned, referred, further panel judges. */
  judgeInitials: string[];
  /** A criminal defendant's docket ("5:03-cr-00014-RLV-CH-3" → 3), or null. */
  defendantNumber: number | null;
  /** The case title as the page writes it ("Nancy Jacobs, et al v. Herbalife Intl Inc, et al"). */
  caseName: string;
  judge: string | null;
  referredTo: string | null;
  /** Three-judge courts list "Name, panel N" lines instead of one presiding judge. */
  panel: string[];
  dateFiled: string | null;
  dateTerminated: string | null;
  dateOfLastFiling: string | null;
  /** District pages: "Related case: 16cv1322-JAH". */
  relatedCase: string | null;
  bankruptcy: CaseQueryBankruptcy | null;
  /** The court's free notes on the case, usually in red ("DO NOT DOCKET. Case electronically transferred..."). */
  notes: string[];
  /** Every "Label: value" the page showed, label lowercased, value as written. */
  labels: Record<string, string>;
  /** PACER's internal case id of the case queried (from the page's CASE_NUM cookie, else its report links). */
  pacerCaseId: string | null;
  /** The court the page names in its links (`ecf.cacd.uscourts.gov`), or null when its links are relative. */
  courtCode: string | null;
}

/** "Name, presiding" / "Name, referral" / "Name, panel 2": the judge lines of district summaries. */
const JUDGE_LINE = /^(.+?),\s*(presiding|referral|panel\s*\d*)$/;
/** Names CM/ECF prints where no judge is assigned. */
const NO_JUDGE = /^(judge\s+)?unassigned(\s+judge)?$/i;

/**
 * The PACER case id of the summary: the CASE_NUM cookie the page sets ("3:17-cr-00168(58813)") names the
 * case queried; its report links name the same case, except on a criminal "All Defendants" summary, where
 * they point at the first defendant's docket (58814), so the cookie comes first.
 */
function pacerCaseIdOf(html: string): string | null {
  const match =
    /CASE_NUM["']\s*,\s*["'][^"'()]*\((\d+)\)/.exec(html) ??
    /(?:DktRpt|qryParties|HistDocQry|qryAlias)\.pl\?(\d+)\b/.exec(html) ??
    /[?&]caseid=(\d+)\b/.exec(html);
  return match ? match[1]! : null;
}

export function readCaseQuery(html: string): CaseQuerySummary | PageRefusal {
  const block = readSummaryBlock(html);
  if (!block) return refuseQueryPage(html, "case summary");

  const notes: string[] = [];
  const labels: Record<string, string> = {};
  const judges: Array<{ name: string; role: string }> = [];

  const name = splitLine(block.nameLine);
  const caseName = textOf(name.free.filter((s) => s.kind === "text" && !s.red));
  const nameNote = textOf(name.free.filter((s) => s.kind === "text" && s.red));
  if (nameNote) notes.push(nameNote);
  for (const [label, value] of name.pairs) labels[label] = value;

  for (const line of block.lines) {
    const { free, pairs } = splitLine(line);
    for (const [label, value] of pairs) labels[label] = value;
    const text = textOf(free);
    if (!text) continue;
    const judge = JUDGE_LINE.exec(text);
    const plain = pairs.length === 0 ? plainLabels(text) : null;
    if (judge) judges.push({ name: squash(judge[1]!), role: judge[2]!.replace(/\s+/g, " ") });
    else if (plain) for (const [label, value] of plain) labels[label] = value;
    else notes.push(text);
  }

  const realJudges = judges.filter((j) => !NO_JUDGE.test(j.name));
  const panel = realJudges.filter((j) => j.role.startsWith("panel")).map((j) => j.name);
  const labelledJudge = Object.entries(labels).find(([label]) => /\bjudge$/.test(label))?.[1];
  const judge =
    realJudges.find((j) => j.role === "presiding")?.name ??
    (labelledJudge && !NO_JUDGE.test(labelledJudge) ? labelledJudge : undefined) ??
    panel[0] ??
    null;

  const numberToken = block.numberText.split(" ")[0] ?? block.numberText;
  const number = splitCmEcfNumber(numberToken);
  // Courts that shorten "Date filed" to "Filed" (case-query-lines.ts) may shorten the other two alike.
  const date = (label: string, short: string) => usDateToIso(labels[label] ?? labels[short]);
  return {
    kind: "case_summary",
    caseNumber: number?.core ?? numberToken,
    caseNumberAsWritten: numberToken,
    office: number?.office ?? null,
    caseTypeCode: number?.type?.toLowerCase() ?? null,
    judgeInitials: number?.judgeInitials ?? [],
    defendantNumber: number?.defendant ?? null,
    caseName,
    judge,
    referredTo: realJudges.find((j) => j.role === "referral")?.name ?? null,
    panel,
    dateFiled: date("date filed", "filed"),
    dateTerminated: date("date terminated", "terminated"),
    dateOfLastFiling: date("date of last filing", "last filing"),
    relatedCase: labels["related case"] ?? null,
    bankruptcy: bankruptcyOf(labels),
    notes,
    labels,
    pacerCaseId: pacerCaseIdOf(html),
    courtCode: courtFromHost(html),
  };
}

/** The bankruptcy fields, when the page is a bankruptcy court's summary (it states a case type or chapter). */
function bankruptcyOf(labels: Record<string, string>): CaseQueryBankruptcy | null {
  if (!("case type" in labels) && !("chapter" in labels)) return null;
  const date = (label: string) => usDateToIso(labels[label]);
  const text = (label: string) => (labels[label] ? labels[label] : null);
  return {
    caseType: text("case type"),
    chapter: text("chapter"),
    asset: text("asset"),
    vol: text("vol"),
    planConfirmed: date("plan confirmed"),
    dateDischarged: date("debtor discharged"),
    jointDebtorDischarged: date("joint debtor discharged"),
    dateDismissed: date("debtor dismissed"),
    jointDebtorDismissed: date("joint debtor dismissed"),
    dateConverted: date("date converted"),
    relatedBankruptcy: text("related bankruptcy"),
  };
}
