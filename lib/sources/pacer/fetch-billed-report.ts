// One billed report of a case (a district docket, an appellate docket), with what PACER charges for it kept
// true in the fee ledger: the fee is reserved at PACER's cap before the report is asked for (so concurrent
// fetches count it against the budget), set to the page's transaction receipt (else its size) when it
// comes, removed when nothing was billed, and kept as an estimate when the report was sent but never
// answered. Such a report, or a billed page that is not the docket, holds the case's next report back
// (report-hold.ts); any other answer ends the hold.
import { databaseNow } from "@/lib/db/database-now";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { logEvent } from "@/lib/log";
import type { PageRefusal } from "@/lib/sources/types";
import { ecfRequest } from "./ecf-request";
import { billedPages, CENTS_PER_PAGE, dropReportFee, keepReportEstimate, reserveReportFee, settleReportFee, type FeeKind } from "./fee-ledger";
import type { PacerSettings } from "./pacer-settings";
import { readTransactionReceipt } from "./read-transaction-receipt";
import { holdReports, releaseReports, UNANSWERED } from "./report-hold";

/** Thrown when the fee budget was spent by the time a report was to be asked for (another fetch spent it). */
export class FeeBudgetSpent extends Error {
  constructor(readonly resetsAt: Date) {
    super("PACER fee budget reached");
    this.name = "FeeBudgetSpent";
  }
}

interface BilledReportRequest {
  prisma: PrismaClient;
  settings: PacerSettings;
  courtCode: string;
  caseId: string;
  kind: Extract<FeeKind, "docket_full" | "docket_since" | "docket_parties">;
  /** Path and query on the court's server. */
  path: string;
  /** Multipart form fields: POST when present, else GET. */
  form?: Record<string, string>;
  label: string;
  now: Date;
  signal?: AbortSignal;
  /** Why the page is not the docket (login page, not found, sealed, error page), or null for a docket. */
  refusalOf(text: string): PageRefusal | null;
}

/** `askedAt`: when the report was asked for, by the database's clock (the reading holds what the court listed then). */
export type BilledReport = { kind: "docket"; html: string; askedAt: Date } | PageRefusal;

export async function fetchBilledReport(request: BilledReportRequest): Promise<BilledReport> {
  const { prisma, settings, courtCode, caseId, kind, now, signal } = request;
  const reservation = await reserveReportFee(prisma, settings, { at: now, courtCode, caseId, kind });
  if ("spent" in reservation) throw new FeeBudgetSpent(reservation.spent.resetsAt);
  let unanswered = false;
  let page: Awaited<ReturnType<typeof ecfRequest>>;
  let askedAt: Date;
  try {
    // When this reading began, by the database's clock (the feed poller's seen times are too): stored with the
    // case, it says which feed items and entry counts the cache holds (plan-pacer-refresh.ts,
    // plan-appellate-refresh.ts).
    askedAt = await databaseNow(prisma);
    page = await ecfRequest({
      prisma,
      settings,
      courtCode,
      path: request.path,
      form: request.form,
      label: request.label,
      signal,
      loggedOut: (text) => request.refusalOf(text)?.reason === "login_required",
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
  const refusal = request.refusalOf(page.text);
  const receipt = readTransactionReceipt(page.text);
  // PACER bills what it served: a docket (receipt or not, this case's or not), or any page that carries a receipt.
  const billed = receipt !== null || !refusal || refusal.servedDocket === true;
  // A billed page that is not this case's docket would be billed again by asking again at once; any other
  // answer ends a hold (report-hold.ts).
  if (refusal && billed) await holdReports(prisma, courtCode, caseId, `${refusal.reason}: ${refusal.message}`);
  else await releaseReports(prisma, courtCode, caseId);
  if (billed) {
    const pages = receipt?.billablePages ?? billedPages(page.bytes, true);
    await settleReportFee(prisma, reservation.id, { bytes: page.bytes, billedPages: pages, costCents: receipt?.costCents ?? pages * CENTS_PER_PAGE });
  } else {
    await dropReportFee(prisma, reservation.id);
  }
  return refusal ?? { kind: "docket", html: page.text, askedAt };
}
