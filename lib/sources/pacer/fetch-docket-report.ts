// The paid docket report of a district-style CM/ECF court (DktRpt.pl, court-systems.md §1.3), as a
// multipart POST straight to the report (the literal `?1-L_1_0-1` suffix is accepted). A whole docket asks
// for every entry *filed* since 1960 — a date is always sent, so CM/ECF never interposes its "large report"
// confirmation page — with parties and counsel; an incremental one asks only for entries *entered* since a
// day, without parties unless they are wanted. Every page is checked with detectRefusal, and a docket must print
// the number asked for (else the stored number → id mapping is forgotten: lookup-pacer-case.ts); what PACER
// bills for it is kept by fetch-billed-report.ts.
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { logEvent } from "@/lib/log";
import type { PageRefusal } from "@/lib/sources/types";
import { detectRefusal } from "./detect-refusal";
import { fetchBilledReport, type BilledReport } from "./fetch-billed-report";
import { forgetPacerCase } from "./lookup-pacer-case";
import type { PacerSettings } from "./pacer-settings";
import { isSameCase, printedCaseNumbers } from "./printed-case-number";
import { splitCmEcfNumber } from "./split-cmecf-number";

export interface DocketQuery {
  pacerCaseId: string;
  listedNumber: string;
  /** Entries entered on or after this court-local day (MM/DD/YYYY); null: the whole docket. */
  enteredSince: string | null;
  parties: boolean;
}

export interface DocketFetchOptions {
  prisma: PrismaClient;
  settings: PacerSettings;
  courtCode: string;
  caseId: string;
  query: DocketQuery;
  now: Date;
  signal?: AbortSignal;
}

export function docketForm(query: DocketQuery): Record<string, string> {
  const form: Record<string, string> = {
    all_case_ids: query.pacerCaseId,
    case_num: query.listedNumber,
    date_range_type: query.enteredSince ? "Entered" : "Filed",
    date_from: query.enteredSince ?? "01/01/1960",
    date_to: "",
    documents_numbered_from_: "",
    documents_numbered_to_: "",
    sort1: "oldest date first",
    output_format: "html",
  };
  if (query.parties) {
    form.list_of_parties_and_counsel = "on";
    form.terminated_parties = "on";
  }
  return form;
}

export async function fetchDocketReport(options: DocketFetchOptions): Promise<BilledReport> {
  const { prisma, courtCode, caseId, query, now } = options;
  const page = await fetchBilledReport({
    ...options,
    kind: query.enteredSince ? (query.parties ? "docket_parties" : "docket_since") : "docket_full",
    path: "/cgi-bin/DktRpt.pl?1-L_1_0-1",
    form: docketForm(query),
    label: query.enteredSince ? "pacer:docket_since" : "pacer:docket_full",
    refusalOf: (text) => detectRefusal(text) ?? wrongCase(caseId, text),
  });
  // Another case's docket (the only refusal here that is a served docket: detectRefusal's pages are not
  // dockets): the internal id asked may be the wrong case's, so the next read looks the number up again.
  if (page.kind === "refused" && page.servedDocket) {
    logEvent("warn", "pacer docket report printed another case: its PACER case id is looked up again at the next read", {
      court_code: courtCode,
      case_id: caseId,
      pacer_case_id: query.pacerCaseId,
      message: page.message,
    });
    await forgetPacerCase(prisma, courtCode, caseId, query.pacerCaseId, now);
  }
  return page;
}

/**
 * A docket of another case is no answer for this one (the lookup named another internal id, the court answered
 * with another report): refused as not a docket, and, served, billed and holding the case's reports
 * (fetch-billed-report.ts), so it is neither stored as this case nor charged to the caller. Only a page that
 * prints this case's number nowhere is another case's: the first "Case #:" is not always the heading (a notice
 * above it may name a related case), and a real docket refused would be billed again at every hold's end and
 * never served. A number this reader cannot parse says nothing either way.
 */
function wrongCase(caseId: string, text: string): PageRefusal | null {
  const asked = splitCmEcfNumber(caseId);
  const printed = printedCaseNumbers(text);
  // Any number this reader cannot parse may be the heading's ("1:15-mc-00105-P1"): nothing is known then.
  if (!asked || printed.length === 0 || printed.some((found) => found === null || isSameCase(found.number, asked, found.labelType))) return null;
  return { kind: "refused", reason: "not_a_docket", message: `the docket served for ${caseId} is case ${printed[0]!.printed}`, servedDocket: true };
}
