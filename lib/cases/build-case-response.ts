// One case response from one stored case: the same code serves sandbox fixtures and live data, so
// `context`, `language`, `last_checked` and `filing_types` behave identically on both.
import type { CaseFull, CaseResponse, Delta, DocketEntry } from "@/contract";
import { caseMeta, type MetaBase } from "@/lib/meta";
import { buildCaseBody } from "./build-case-body";
import { newEntriesSince } from "./compute-delta";
import { checkResponseSize, fitDocketHistory } from "./fit-docket";
import type { CaseRequest } from "./parse-case-request";
import type { CaseRecord, StoredDocketEntry } from "./types";

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

  if (request.lastChecked) response.delta = buildDelta(record.entries, request, toEntry);

  return "docket_history" in caseBody
    ? fitDocketHistory(response as CaseResponse & { case: CaseFull })
    : checkResponseSize(response);
}

/**
 * `changed` and `change_count` count every new filing (the same numbers /v2/monitor reports);
 * `filing_types` filters only `new_filings` (SERVICE-SPEC: it "filters delta.new_filings only").
 */
function buildDelta(
  entries: readonly StoredDocketEntry[],
  request: CaseRequest,
  toEntry: (entry: StoredDocketEntry) => DocketEntry,
): Delta {
  const lastChecked = request.lastChecked!;
  const filter = request.filingTypes;
  const fresh = newEntriesSince(entries, lastChecked.at);
  const shown = filter === null ? fresh : fresh.filter((entry) => entry.filing_type !== null && filter.has(entry.filing_type));
  return {
    changed: fresh.length > 0,
    since: lastChecked.raw,
    change_count: fresh.length,
    new_filings: shown.map(toEntry),
  };
}
