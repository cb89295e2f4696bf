// GET /v2/monitor: the cheap change check, by the same rule as `delta`.
import type { MonitorResponse } from "@/contract";
import type { CoveredCourt } from "@/lib/courts/resolve-court";
import { getPrisma } from "@/lib/db";
import { ServiceError } from "@/lib/errors";
import { spentFeeBudget } from "@/lib/sources/pacer/fee-budget-notice";
import { pacerServesCourt } from "@/lib/sources/pacer/pacer-courts";
import { monitorMeta, type MetaBase } from "@/lib/meta";
import type { CaseStore } from "./case-store";
import { summarizeChanges } from "./compute-delta";
import type { MonitorRequest } from "./parse-case-request";
import { findCaseOrThrow } from "./query-case";
import type { CaseRecord } from "./types";

export interface MonitorCaseOptions {
  request: MonitorRequest;
  store: CaseStore;
  meta: MetaBase;
  queryCostUsd: number;
  now: Date;
}

export async function monitorCase({ request, store, meta, queryCostUsd, now }: MonitorCaseOptions): Promise<MonitorResponse> {
  const record = await findCaseOrThrow(store, request.court, request.caseId, meta, now);
  const summary = summarizeChanges(record.entries, request.lastChecked.at);
  // A change the cache holds is true whatever happened since. "No change" is only as true as the cache is
  // current, and the monitor answer has no cache age to say how old it is: while the court's system does not
  // answer the case's refreshes, it is not said (503, not charged). GET /v2/case serves the case as last
  // refreshed, with its cache_age_seconds.
  if (!summary.changed && record.unanswered_since !== undefined) throw await unansweredError(request.court, record, now);
  return {
    meta: monitorMeta(meta, { query_cost_usd: queryCostUsd, coverage_status: request.court.coverage }),
    case_id: request.caseId,
    court_code: request.court.court_code,
    ...summary,
  };
}

async function unansweredError(court: CoveredCourt, record: CaseRecord, now: Date): Promise<ServiceError> {
  const unknown = `Nothing new is known since its last answer at ${record.last_refreshed_at}, but a change since then cannot be ruled out.`;
  // A PACER refresh run stopped by the spent fee budget leaves the cases it could not check so too
  // (refresh-cases.ts), and while the budget is spent no refresh asks PACER: then when it resets is when the
  // case can be checked again. Read only here (one query of the fee ledger) and only for a court PACER serves:
  // no other source is paid.
  const budget = pacerServesCourt(court) ? await spentFeeBudget(await getPrisma(), now) : null;
  if (budget) {
    const resetsAt = budget.resetsAt.toISOString();
    return new ServiceError(
      "source_unavailable",
      `No refresh of this case has been answered by the source system of ${court.name} (${court.court_code}) since ${record.unanswered_since}, ` +
        `and the service's PACER fee budget (${budget.scope}) is reached until ${resetsAt}: no refresh asks PACER before then. ${unknown} ` +
        `Retry after ${resetsAt}. Nothing was charged.`,
      { estimated_recovery_at: resetsAt },
    );
  }
  // Otherwise the next scheduled refresh is the next chance of an answer.
  const retryAfter = Math.min(court.refresh_cadence_seconds ?? 3600, 3600);
  return new ServiceError(
    "source_unavailable",
    `No refresh of this case has been answered by the source system of ${court.name} (${court.court_code}) since ${record.unanswered_since}. ${unknown} ` +
      `Retry in ${retryAfter} seconds. Nothing was charged.`,
    { retry_after: retryAfter },
  );
}
