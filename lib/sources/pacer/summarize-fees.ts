// PACER spend read off the fee ledger (pacer_fees) for operators: per day, per court, and per paid query
// (fees whose cause is an API request id) against the refresh runs' share. Amounts in cents.
import type { PrismaClient } from "@/lib/generated/prisma/client";

export interface FeeSummary {
  from: Date;
  to: Date;
  totalCents: number;
  requests: number;
  byDay: Array<{ day: string; cents: number; requests: number }>;
  byCourt: Array<{ courtCode: string; cents: number; requests: number }>;
  /** Fees caused by paid queries' cache misses, one row per request id. */
  byQuery: Array<{ requestId: string; courtCode: string; caseId: string | null; cents: number }>;
  refreshCents: number;
  /** Reports sent but never answered, counted at PACER's cap (no receipt came): upper bounds, within the total. */
  estimatedCents: number;
  estimatedRequests: number;
}

const num = (value: bigint | number | null) => Number(value ?? 0);

export async function summarizeFees(prisma: PrismaClient, from: Date, to: Date): Promise<FeeSummary> {
  const range = [from.toISOString(), to.toISOString()];
  const byDay = await prisma.$queryRawUnsafe<{ day: string; cents: bigint; requests: bigint }[]>(
    `SELECT to_char(date_trunc('day', at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS day, SUM(cost_cents) AS cents, COUNT(*) AS requests
     FROM pacer_fees WHERE at >= $1::timestamptz AND at < $2::timestamptz GROUP BY 1 ORDER BY 1`,
    ...range,
  );
  const byCourt = await prisma.$queryRawUnsafe<{ court_code: string; cents: bigint; requests: bigint }[]>(
    `SELECT court_code, SUM(cost_cents) AS cents, COUNT(*) AS requests
     FROM pacer_fees WHERE at >= $1::timestamptz AND at < $2::timestamptz GROUP BY 1 ORDER BY 2 DESC, 1`,
    ...range,
  );
  const byQuery = await prisma.$queryRawUnsafe<{ cause: string; court_code: string; case_id: string | null; cents: bigint }[]>(
    `SELECT cause, min(court_code) AS court_code, min(case_id) AS case_id, SUM(cost_cents) AS cents
     FROM pacer_fees WHERE at >= $1::timestamptz AND at < $2::timestamptz AND cause LIKE 'req\\_%' GROUP BY 1 ORDER BY 4 DESC, 1`,
    ...range,
  );
  const refresh = await prisma.$queryRawUnsafe<{ cents: bigint | null }[]>(
    `SELECT SUM(cost_cents) AS cents FROM pacer_fees WHERE at >= $1::timestamptz AND at < $2::timestamptz AND (cause IS NULL OR cause NOT LIKE 'req\\_%')`,
    ...range,
  );
  const estimated = await prisma.$queryRawUnsafe<{ cents: bigint | null; requests: bigint }[]>(
    `SELECT SUM(cost_cents) AS cents, COUNT(*) AS requests FROM pacer_fees WHERE at >= $1::timestamptz AND at < $2::timestamptz AND estimated`,
    ...range,
  );
  const days = byDay.map((row) => ({ day: row.day, cents: num(row.cents), requests: num(row.requests) }));
  return {
    from,
    to,
    totalCents: days.reduce((sum, day) => sum + day.cents, 0),
    requests: days.reduce((sum, day) => sum + day.requests, 0),
    byDay: days,
    byCourt: byCourt.map((row) => ({ courtCode: row.court_code, cents: num(row.cents), requests: num(row.requests) })),
    byQuery: byQuery.map((row) => ({ requestId: row.cause, courtCode: row.court_code, caseId: row.case_id, cents: num(row.cents) })),
    refreshCents: num(refresh[0]?.cents ?? 0),
    estimatedCents: num(estimated[0]?.cents ?? 0),
    estimatedRequests: num(estimated[0]?.requests ?? 0),
  };
}

const usd = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** The summary as the operator command prints it. */
export function formatFeeSummary(summary: FeeSummary, topQueries = 20): string {
  const lines = [
    `PACER fees ${summary.from.toISOString().slice(0, 10)} .. ${summary.to.toISOString().slice(0, 10)}: ${usd(summary.totalCents)} in ${summary.requests} billed requests`,
    `  paid queries' cache misses: ${usd(summary.totalCents - summary.refreshCents)} over ${summary.byQuery.length} queries; refreshes: ${usd(summary.refreshCents)}`,
    ...(summary.estimatedRequests > 0
      ? [`  of which estimated: ${usd(summary.estimatedCents)} for ${summary.estimatedRequests} reports left unanswered (counted at the cap; PACER's bill may be lower)`]
      : []),
    "",
    "per day:",
    ...summary.byDay.map((day) => `  ${day.day}  ${usd(day.cents).padStart(9)}  ${String(day.requests).padStart(6)} requests`),
    "",
    "per court:",
    ...summary.byCourt.map((court) => `  ${court.courtCode.padEnd(8)}  ${usd(court.cents).padStart(9)}  ${String(court.requests).padStart(6)} requests`),
    "",
    `per paid query (top ${topQueries}):`,
    ...summary.byQuery.slice(0, topQueries).map((query) => `  ${query.requestId}  ${query.courtCode.padEnd(6)} ${(query.caseId ?? "").padEnd(16)} ${usd(query.cents).padStart(8)}`),
  ];
  return lines.join("\n");
}
