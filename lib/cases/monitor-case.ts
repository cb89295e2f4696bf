// GET /v2/monitor: the cheap change check, by the same rule as `delta`.
import type { MonitorResponse } from "@/contract";
import { monitorMeta, type MetaBase } from "@/lib/meta";
import type { CaseStore } from "./case-store";
import { summarizeChanges } from "./compute-delta";
import type { MonitorRequest } from "./parse-case-request";
import { findCaseOrThrow } from "./query-case";

export interface MonitorCaseOptions {
  request: MonitorRequest;
  store: CaseStore;
  meta: MetaBase;
  queryCostUsd: number;
  now: Date;
}

export async function monitorCase({ request, store, meta, queryCostUsd, now }: MonitorCaseOptions): Promise<MonitorResponse> {
  const record = await findCaseOrThrow(store, request.court, request.caseId, meta, now);
  return {
    meta: monitorMeta(meta, { query_cost_usd: queryCostUsd, coverage_status: request.court.coverage }),
    case_id: request.caseId,
    court_code: request.court.court_code,
    ...summarizeChanges(record.entries, request.lastChecked.at),
  };
}
