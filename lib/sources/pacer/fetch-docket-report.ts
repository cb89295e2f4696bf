// The paid docket report (DktRpt.pl, court-systems.md §1.3), as a multipart POST straight to the report
// (the literal `?1-L_1_0-1` suffix is accepted). A whole docket asks for every entry *filed* since
// 1960 — a date is always sent, so CM/ECF never interposes its "large report" confirmation page — with
// parties and counsel; an incremental one asks only for entries *entered* since a day, without parties
// unless they are wanted. Every page is checked with detectRefusal; the bill is recorded from the page's
// transaction receipt (else from its size) in the fee ledger.
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { logEvent } from "@/lib/log";
import { CourtHttpError } from "@/lib/sources/http/court-http-client";
import type { PageRefusal } from "@/lib/sources/types";
import { detectRefusal } from "./detect-refusal";
import { ecfRequest } from "./ecf-request";
import { billedPages, CENTS_PER_PAGE, recordFee, type FeeKind } from "./fee-ledger";
import type { PacerSettings } from "./pacer-settings";
import { readTransactionReceipt } from "./read-transaction-receipt";

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

/** The report request; a time-out is logged as a possible bill the ledger cannot see (no receipt came back). */
async function requestReport(request: Parameters<typeof ecfRequest>[0], about: { courtCode: string; caseId: string }) {
  try {
    return await ecfRequest(request);
  } catch (error) {
    if (error instanceof CourtHttpError && error.kind === "timeout") {
      logEvent("warn", "pacer docket report timed out: PACER may have billed it without a receipt", { court_code: about.courtCode, case_id: about.caseId, label: request.label });
    }
    throw error;
  }
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

export async function fetchDocketReport({ prisma, settings, courtCode, caseId, query, now, signal }: DocketFetchOptions): Promise<DocketPage> {
  const page = await requestReport({
    prisma,
    settings,
    courtCode,
    path: "/cgi-bin/DktRpt.pl?1-L_1_0-1",
    form: docketForm(query),
    label: query.enteredSince ? "pacer:docket_since" : "pacer:docket_full",
    signal,
    loggedOut: (text) => detectRefusal(text)?.reason === "login_required",
    billable: true,
  }, { courtCode, caseId });
  const refusal = detectRefusal(page.text);
  const receipt = readTransactionReceipt(page.text);
  // PACER bills what it served: a docket (receipt or not), or any page that carries a receipt.
  if (receipt || !refusal) {
    const kind: FeeKind = query.enteredSince ? (query.parties ? "docket_parties" : "docket_since") : "docket_full";
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
