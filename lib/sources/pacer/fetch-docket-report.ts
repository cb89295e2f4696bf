// The paid docket report (DktRpt.pl, court-systems.md §1.3), as a multipart POST straight to the report
// (the literal `?1-L_1_0-1` suffix is accepted). A whole docket asks for every entry *filed* since
// 1960 — a date is always sent, so CM/ECF never interposes its "large report" confirmation page — with
// parties and counsel; an incremental one asks only for entries *entered* since a day, without parties
// unless they are wanted. Every page is checked with detectRefusal; the bill is recorded from the page's
// transaction receipt (else from its size) in the fee ledger, in the row reserved at PACER's cap before the
// report was asked for (so concurrent fetches count it against the budget); a report sent but never
// answered keeps that estimate. It, or a billed page that is not a docket, holds the case's next report
// back (report-hold.ts).
import { databaseNow } from "@/lib/db/database-now";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { logEvent } from "@/lib/log";
import type { PageRefusal } from "@/lib/sources/types";
import { detectRefusal } from "./detect-refusal";
import { ecfRequest } from "./ecf-request";
import { billedPages, CENTS_PER_PAGE, dropReportFee, keepReportEstimate, reserveReportFee, settleReportFee, type FeeKind } from "./fee-ledger";
import type { PacerSettings } from "./pacer-settings";
import { readTransactionReceipt } from "./read-transaction-receipt";
import { holdReports, releaseReports, UNANSWERED } from "./report-hold";

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

/** `askedAt`: when the report was asked for, by the database's clock (the reading holds what the court listed then). */
export type DocketPage = { kind: "docket"; html: string; askedAt: Date } | PageRefusal;

/** Thrown when the fee budget was spent by the time a report was to be asked for (another fetch spent it). */
export class FeeBudgetSpent extends Error {
  constructor(readonly resetsAt: Date) {
    super("PACER fee budget reached");
    this.name = "FeeBudgetSpent";
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

export async function fetchDocketReport(options: DocketFetchOptions): Promise<DocketPage> {
  const { prisma, settings, courtCode, caseId, query, now, signal } = options;
  const kind: FeeKind = query.enteredSince ? (query.parties ? "docket_parties" : "docket_since") : "docket_full";
  const reservation = await reserveReportFee(prisma, settings, { at: now, courtCode, caseId, kind });
  if ("spent" in reservation) throw new FeeBudgetSpent(reservation.spent.resetsAt);
  let unanswered = false;
  let page: Awaited<ReturnType<typeof ecfRequest>>;
  let askedAt: Date;
  try {
    // When this reading began, by the database's clock (the feed poller's seen times are too): stored with the
    // case, it says which feed items and entry counts the cache holds (plan-pacer-refresh.ts).
    askedAt = await databaseNow(prisma);
    page = await ecfRequest({
      prisma,
      settings,
      courtCode,
      path: "/cgi-bin/DktRpt.pl?1-L_1_0-1",
      form: docketForm(query),
      label: query.enteredSince ? "pacer:docket_since" : "pacer:docket_full",
      signal,
      loggedOut: (text) => detectRefusal(text)?.reason === "login_required",
      billable: true,
      unanswered: async (because) => {
        unanswered = true;
        const advice =
          because === "network"
            ? "its connection was lost after it went out"
            : because === "gateway"
              ? "a gateway answered 502/504 for the court"
              : "raise SOURCE_TIMEOUT_MS for the largest dockets";
        logEvent("warn", `pacer docket report unanswered: PACER may have billed it without a receipt (kept at the cap; ${advice})`, {
          court_code: courtCode,
          case_id: caseId,
          kind: because,
        });
      },
    });
  } catch (error) {
    // Sent but never answered: PACER may have billed it, and no receipt says how much, so the reservation
    // stays as the estimate and the case's next report waits (report-hold.ts). Never sent, or an error page
    // of a court that is down: nothing billed. Written whatever became of the fetch (its deadline may have
    // passed).
    if (unanswered) {
      await keepReportEstimate(prisma, reservation.id);
      await holdReports(prisma, courtCode, caseId, `${UNANSWERED} ${kind}`);
    } else {
      await dropReportFee(prisma, reservation.id);
    }
    throw error;
  }
  const refusal = detectRefusal(page.text);
  const receipt = readTransactionReceipt(page.text);
  // A billed page that is not a docket would be billed again by asking again at once; any other answer ends
  // a hold (report-hold.ts).
  if (refusal && receipt) await holdReports(prisma, courtCode, caseId, `${refusal.reason}: ${refusal.message}`);
  else await releaseReports(prisma, courtCode, caseId);
  // PACER bills what it served: a docket (receipt or not), or any page that carries a receipt.
  if (receipt || !refusal) {
    const pages = receipt?.billablePages ?? billedPages(page.bytes, true);
    await settleReportFee(prisma, reservation.id, { bytes: page.bytes, billedPages: pages, costCents: receipt?.costCents ?? pages * CENTS_PER_PAGE });
  } else {
    await dropReportFee(prisma, reservation.id);
  }
  return refusal ?? { kind: "docket", html: page.text, askedAt };
}
