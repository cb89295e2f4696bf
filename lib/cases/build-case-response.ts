// One case response from one stored case: the same code serves sandbox fixtures and live data, so
// `context`, `language`, `last_checked` and `filing_types` behave identically on both.
import type { CaseFull, CaseResponse } from "@/contract";
import { caseMeta, type MetaBase } from "@/lib/meta";
import { buildCaseBody } from "./build-case-body";
import { checkResponseSize, fitDocketHistory } from "./fit-docket";
import type { CaseRequest } from "./parse-case-request";
import type { CaseRecord } from "./types";
import { walkDelta, type DeltaWalk } from "./walk-delta";

export interface BuildCaseResponseOptions {
  record: CaseRecord;
  request: CaseRequest;
  meta: MetaBase;
  queryCostUsd: number;
  now: Date;
}

export function buildCaseResponse({ record, request, meta, queryCostUsd, now }: BuildCaseResponseOptions): CaseResponse {
  const { court } = request;
  const { body: caseBody, delivered, toEntry } = buildCaseBody({ record, court, context: request.context, language: request.language });

  const response: CaseResponse = {
    meta: caseMeta(meta, {
      query_cost_usd: queryCostUsd,
      coverage_status: court.coverage,
      cache_age_seconds: Math.max(0, Math.floor((now.getTime() - Date.parse(record.last_refreshed_at)) / 1000)),
      context_delivered: request.context,
      language_delivered: delivered,
      truncated: false,
    }),
    case_id: request.caseId,
    court_code: court.court_code,
    case: caseBody,
  };

  let walk: DeltaWalk | null = null;
  if (request.lastChecked) {
    const walked = walkDelta(record.entries, request, toEntry);
    response.delta = walked.delta;
    walk = walked.walk;
  }

  const fitted = checkResponseSize(response, walk);
  return "docket_history" in fitted.case ? fitDocketHistory(fitted as CaseResponse & { case: CaseFull }) : fitted;
}
