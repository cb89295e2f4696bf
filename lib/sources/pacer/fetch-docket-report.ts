// The paid docket report (DktRpt.pl, court-systems.md §1.3), as a multipart POST straight to the report
// (the literal `?1-L_1_0-1` suffix is accepted). A whole docket asks for every entry *filed* since
// 1960 — a date is always sent, so CM/ECF never interposes its "large report" confirmation page — with
// parties and counsel; an incremental one asks only for entries *entered* since a day, without parties
// unless they are wanted. Every page is checked with detectRefusal; the bill is recorded from the page's
// transaction receipt (else from its size) in the fee ledger; a report sent but never answered is recorded
// at PACER's cap, marked estimated, and holds the case's next report back (recordUnansweredReport).
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { logEvent } from "@/lib/log";
import { CourtHttpError } from "@/lib/sources/http/court-http-client";
import type { PageRefusal } from "@/lib/sources/types";
import { detectRefusal } from "./detect-refusal";
import { ecfRequest } from "./ecf-request";
import { billedPages, CENTS_PER_PAGE, DOCKET_PAGE_CAP, recordFee, type FeeKind } from "./fee-ledger";
import type { PacerSettings } from "./pacer-settings";
import { readTransactionReceipt } from "./read-transaction-receipt";
import { holdReports, releaseReports } from "./report-hold";

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

export type DocketPage = { kind: "docket"; html: string } | PageRefusal;

/**
 * A report sent but never answered may have been billed (PACER bills what it produced, and no receipt came
 * back to say how much): the ledger records the cap as an estimate, so the fee budget counts it, and the case
 * holds its reports back, so the next query or refresh does not buy the same slow report again at once
 * (report-hold.ts). Written whatever became of the fetch that sent it (its deadline may have passed).
 */
async function recordUnansweredReport(options: DocketFetchOptions, kind: FeeKind, error: CourtHttpError): Promise<void> {
  const { prisma, courtCode, caseId, now } = options;
  logEvent("warn", "pacer docket report unanswered: PACER may have billed it without a receipt (recorded at the cap; raise SOURCE_TIMEOUT_MS for the largest dockets)", {
    court_code: courtCode,
    case_id: caseId,
    kind: error.kind,
  });
  await recordFee(prisma, { at: now, courtCode, caseId, kind, bytes: 0, billedPages: DOCKET_PAGE_CAP, costCents: DOCKET_PAGE_CAP * CENTS_PER_PAGE, estimated: true });
  await holdReports(prisma, courtCode, caseId, "the docket report went unanswered (PACER may have billed it)");
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

export async function fetchDocketReport(options: DocketFetchOptions): Promise<DocketPage> {
  const { prisma, settings, courtCode, caseId, query, now, signal } = options;
  const kind: FeeKind = query.enteredSince ? (query.parties ? "docket_parties" : "docket_since") : "docket_full";
  const page = await ecfRequest({
    prisma,
    settings,
    courtCode,
    path: "/cgi-bin/DktRpt.pl?1-L_1_0-1",
    form: docketForm(query),
    label: query.enteredSince ? "pacer:docket_since" : "pacer:docket_full",
    signal,
    loggedOut: (text) => detectRefusal(text)?.reason === "login_required",
    billable: true,
    unanswered: (error) => recordUnansweredReport(options, kind, error),
  });
  const refusal = detectRefusal(page.text);
  const receipt = readTransactionReceipt(page.text);
  // A billed page that is not a docket would be billed again by asking again at once; any other answer ends
  // a hold (report-hold.ts).
  if (refusal && receipt) await holdReports(prisma, courtCode, caseId, `the docket report answered ${refusal.reason}: ${refusal.message}`);
  else await releaseReports(prisma, courtCode, caseId);
  // PACER bills what it served: a docket (receipt or not), or any page that carries a receipt.
  if (receipt || !refusal) {
    const pages = receipt?.billablePages ?? billedPages(page.bytes, true);
    await recordFee(prisma, {
      at: now,
      courtCode,
      caseId,
      kind,
      bytes: page.bytes,
      billedPages: pages,
      costCents: receipt?.costCents ?? pages * CENTS_PER_PAGE,
    });
  }
  return refusal ?? { kind: "docket", html: page.text };
}
