// GET /v2/monitor: the cheap change check, by the same rule as `delta`.
import type { MonitorResponse } from "@/contract";
import type { CoveredCourt } from "@/lib/courts/resolve-court";
import { ServiceError } from "@/lib/errors";
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
  if (!summary.changed && record.unanswered_since !== undefined) throw unansweredError(request.court, record);
  return {
    meta: monitorMeta(meta, { query_cost_usd: queryCostUsd, coverage_status: request.court.coverage }),
    case_id: request.caseId,
    court_code: request.court.court_code,
    ...summary,
  };
}

function unansweredError(court: CoveredCourt, record: CaseRecord): ServiceError {
  // The next scheduled refresh is the next chance of an answer.
  const retryAfter = Math.min(court.refresh_cadence_seconds ?? 3600, 3600);
  // A PACER refresh run stopped by the spent fee budget leaves the cases it could not check so too
  // (refresh-cases.ts); no other source is paid, so only a court PACER serves names the budget.
  const unanswered = `The source system of ${court.name} (${court.court_code}) did not answer the refresh of this case at ${record.unanswered_since}`;
  const cause = pacerServesCourt(court) ? `${unanswered}, or that refresh was not made because the service's fee budget for it was spent` : unanswered;
  return new ServiceError(
    "source_unavailable",
    `${cause}. Nothing new is known since its last answer at ${record.last_refreshed_at}, but a change since then cannot be ruled out. ` +
      `Retry in ${retryAfter} seconds. Nothing was charged.`,
    { retry_after: retryAfter },
  );
}
