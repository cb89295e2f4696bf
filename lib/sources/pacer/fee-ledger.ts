// PACER fees (court-systems.md §1.5): $0.10 a billed page, an HTML page billed per 4,320 bytes, a docket
// report capped at 30 pages ($3.00). Every billed request is a row of pacer_fees with the court, case,
// kind, bytes, pages, cost and cause (API request id or refresh run), and the daily and monthly budgets of
// configuration are checked against it before any paid request: a spent budget stops paid fetches until
// the next UTC day or month, and the cache keeps serving what it holds.
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { currentFetchCause } from "@/lib/sources/fetch-cause";
import type { PacerSettings } from "./pacer-settings";

export const BYTES_PER_PAGE = 4320;
export const CENTS_PER_PAGE = 10;
export const DOCKET_PAGE_CAP = 30;

export type FeeKind = "docket_full" | "docket_since" | "docket_parties" | "case_lookup" | "case_query" | "mobile_query";

/** Pages PACER bills for an HTML answer of `bytes` bytes (at least one; capped for case documents and dockets). */
export function billedPages(bytes: number, capped: boolean): number {
  const pages = Math.max(1, Math.ceil(bytes / BYTES_PER_PAGE));
  return capped ? Math.min(pages, DOCKET_PAGE_CAP) : pages;
}

export interface FeeRecord {
  /** When the request was made (the fetch's clock, so simulated months bill on their own days). */
  at: Date;
  courtCode: string;
  caseId: string | null;
  kind: FeeKind;
  bytes: number;
  billedPages: number;
  costCents: number;
}

export async function recordFee(prisma: PrismaClient, fee: FeeRecord): Promise<void> {
  await prisma.pacerFee.create({ data: { ...fee, cause: currentFetchCause() } });
}

/** The budgets' spend is read and a report's reservation written under this lock, one fetch at a time. */
const BUDGET_LOCK = "pacer:fee-budget";

/**
 * Reserves a docket report's fee before it is asked for: a row at PACER's cap ($3.00, marked estimated and in flight)
 * written only while the budgets are not spent, the check and the write under one lock. Concurrent fetches
 * (a batch's, refresh runs', other instances') therefore see each other's reports before they are billed;
 * before, each read the budget as not spent and all of them spent. Returns the row's id, or the budget
 * state when it is spent. The row becomes the bill (settleReportFee), goes (dropReportFee) when nothing was
 * billed, and stays as the estimate when no answer came — or when its fetch died before saying which: a row of
 * the case still in flight past the fetch's deadline (its `written_at`, the database's clock, plus its own
 * `fetch_deadline_ms`) is made so before the case's next report (hold-abandoned-reports.ts).
 */
export async function reserveReportFee(
  prisma: PrismaClient,
  settings: Pick<PacerSettings, "dailyBudgetCents" | "monthlyBudgetCents" | "reportTimeoutMs">,
  fee: Pick<FeeRecord, "at" | "courtCode" | "caseId" | "kind">,
): Promise<{ id: bigint } | { spent: Extract<BudgetState, { spent: true }> }> {
  const cause = currentFetchCause();
  return prisma.$transaction(
    async (tx) => {
      await tx.$executeRawUnsafe("SELECT pg_advisory_xact_lock(hashtextextended($1, 0))", BUDGET_LOCK);
      const budget = await budgetState(tx, settings, fee.at);
      if (budget.spent) return { spent: budget };
      const row = await tx.pacerFee.create({
        // The fetch's deadline goes with the row: another instance, configured otherwise, must not take the
        // reservation as abandoned while this fetch may still be waiting for the report.
        data: {
          ...fee,
          bytes: 0,
          billedPages: DOCKET_PAGE_CAP,
          costCents: DOCKET_PAGE_CAP * CENTS_PER_PAGE,
          estimated: true,
          inFlight: true,
          cause,
          fetchDeadlineMs: settings.reportTimeoutMs,
        },
        select: { id: true },
      });
      return { id: row.id };
    },
    { timeout: 30_000, maxWait: 30_000 },
  );
}

/** The reserved row becomes what PACER billed. */
export async function settleReportFee(prisma: PrismaClient, id: bigint, bill: Pick<FeeRecord, "bytes" | "billedPages" | "costCents">): Promise<void> {
  await prisma.pacerFee.update({ where: { id }, data: { ...bill, estimated: false, inFlight: false } });
}

/**
 * Sent, never answered: the row stays as the estimate of a bill PACER may or may not have made, shown apart
 * by `pacer:fees` and left out of the budget (a court that hangs must not spend it for every court).
 */
export async function keepReportEstimate(prisma: PrismaClient, id: bigint): Promise<void> {
  await prisma.pacerFee.update({ where: { id }, data: { inFlight: false } });
}

/** Nothing was billed (the court answered an error, or the request never left). */
export async function dropReportFee(prisma: PrismaClient, id: bigint): Promise<void> {
  await prisma.pacerFee.deleteMany({ where: { id } });
}

export type BudgetState =
  | { spent: false; dayCents: number; monthCents: number }
  | { spent: true; scope: "daily" | "monthly"; resetsAt: Date; dayCents: number; monthCents: number };

const startOfDay = (at: Date) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
const startOfMonth = (at: Date) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));

/** How long a reservation counts against the budget without an answer (a crash can leave one in flight). */
const IN_FLIGHT_MS = 10 * 60_000;

/**
 * Spend of the current UTC day and month against the budgets: billed rows, and reservations in flight; not
 * the estimates of reports that went unanswered (keepReportEstimate).
 */
export async function budgetState(prisma: Pick<PrismaClient, "$queryRawUnsafe">, settings: Pick<PacerSettings, "dailyBudgetCents" | "monthlyBudgetCents">, now: Date): Promise<BudgetState> {
  const day = startOfDay(now);
  const month = startOfMonth(now);
  const rows = await prisma.$queryRawUnsafe<{ day_cents: bigint | number | null; month_cents: bigint | number | null }[]>(
    `SELECT COALESCE(SUM(cost_cents) FILTER (WHERE at >= $1::timestamptz), 0) AS day_cents,
            COALESCE(SUM(cost_cents), 0) AS month_cents
     FROM pacer_fees WHERE at >= $2::timestamptz AND (NOT estimated OR (in_flight AND at > $3::timestamptz))`,
    day.toISOString(),
    month.toISOString(),
    new Date(now.getTime() - IN_FLIGHT_MS).toISOString(),
  );
  const dayCents = Number(rows[0]?.day_cents ?? 0);
  const monthCents = Number(rows[0]?.month_cents ?? 0);
  if (monthCents >= settings.monthlyBudgetCents) {
    return { spent: true, scope: "monthly", resetsAt: new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth() + 1, 1)), dayCents, monthCents };
  }
  if (dayCents >= settings.dailyBudgetCents) {
    return { spent: true, scope: "daily", resetsAt: new Date(day.getTime() + 86_400_000), dayCents, monthCents };
  }
  return { spent: false, dayCents, monthCents };
}
