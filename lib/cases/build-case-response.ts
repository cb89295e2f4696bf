// One case response from one stored case: the same code serves sandbox fixtures and live data, so
// `context`, `language`, `last_checked` and `filing_types` behave identically on both.
import type { CaseFull, CaseResponse } from "@/contract";
import { caseMeta, type MetaBase } from "@/lib/meta";
import { buildCaseBody, type OmittedHistory } from "./build-case-body";
import type { DeliveredLanguage } from "./select-language";
import { RESPONSE_LIMIT_BYTES, checkResponseSize, fitDocketHistory } from "./fit-docket";
import type { CaseRequest } from "./parse-case-request";
import { preparedBody } from "./prepared-body";
import { caseResponseBytes } from "./serialize-case-response";
import type { CaseRecord } from "./types";
import { walkDelta, type DeltaWalk } from "./walk-delta";

export interface BuildCaseResponseOptions {
  record: CaseRecord;
  request: CaseRequest;
  meta: MetaBase;
  queryCostUsd: number;
  now: Date;
  /** The size ceiling of this response (default 2 MB; a batch gives each result its share). */
  limitBytes?: number;
}

export function buildCaseResponse({ record, request, meta, queryCostUsd, now, limitBytes = RESPONSE_LIMIT_BYTES }: BuildCaseResponseOptions): CaseResponse {
  // A content served again and again has its body prepared once (lib/cases/prepared-body.ts): when the
  // answer fits under the ceiling as it is, nothing else is built or measured.
  const whole = fromPreparedBody({ record, request, meta, queryCostUsd, now, limitBytes });
  if (whole) return whole;
  // A full docket is built from its newest entries back, only as far as the ceiling can hold (a 20,000-entry
  // docket cut to a batch share of 200 KB builds a few hundred entries); an exact build is the fallback.
  const tailOnly = buildCaseResponseWith({ record, request, meta, queryCostUsd, now, limitBytes }, limitBytes);
  if (tailOnly) return tailOnly;
  return buildCaseResponseWith({ record, request, meta, queryCostUsd, now, limitBytes }, undefined)!;
}

function fromPreparedBody({ record, request, meta, queryCostUsd, now, limitBytes }: Required<BuildCaseResponseOptions>): CaseResponse | null {
  const prepared = preparedBody({ record, court: request.court, context: request.context, language: request.language });
  if (!prepared) return null;
  const response: CaseResponse = {
    meta: responseMeta({ record, request, meta, queryCostUsd, now }, prepared.delivered),
    case_id: request.caseId,
    court_code: request.court.court_code,
    case: prepared.body,
  };
  if (request.lastChecked) response.delta = walkDelta(record.entries, request, prepared.toEntry).delta;
  return caseResponseBytes(response) <= limitBytes ? response : null;
}

function responseMeta({ record, request, meta, queryCostUsd, now }: Omit<BuildCaseResponseOptions, "limitBytes">, delivered: DeliveredLanguage): CaseResponse["meta"] {
  return caseMeta(meta, {
    query_cost_usd: queryCostUsd,
    coverage_status: request.court.coverage,
    cache_age_seconds: Math.max(0, Math.floor((now.getTime() - Date.parse(record.last_refreshed_at)) / 1000)),
    context_delivered: request.context,
    language_delivered: delivered,
    truncated: false,
  });
}

/** Room left for the truncation details of the older entries a tail-only history leaves out. */
const TAIL_MARGIN_BYTES = 64;

function buildCaseResponseWith(
  { record, request, meta, queryCostUsd, now, limitBytes }: Required<BuildCaseResponseOptions>,
  historyBytes: number | undefined,
): CaseResponse | null {
  const { court } = request;
  const { body: caseBody, delivered, toEntry, omitted } = buildCaseBody({ record, court, context: request.context, language: request.language, historyBytes });

  const response: CaseResponse = {
    meta: responseMeta({ record, request, meta, queryCostUsd, now }, delivered),
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

  const limit = omitted ? limitBytes - TAIL_MARGIN_BYTES : limitBytes;
  const fitted = checkResponseSize(response, walk, limit);
  const result = "docket_history" in fitted.case ? fitDocketHistory(fitted as CaseResponse & { case: CaseFull }, limit) : fitted;
  if (!omitted) return result;
  const merged = withOmittedHistory(result, omitted, limitBytes);
  return Buffer.byteLength(JSON.stringify(merged), "utf8") <= limitBytes ? merged : null;
}

/** The truncation details of the whole docket, from those of its tail and the entries never built. */
function withOmittedHistory(response: CaseResponse, omitted: OmittedHistory, limitBytes: number): CaseResponse {
  const returned = (response.case as CaseFull).docket_history.length;
  const tail = response.truncation_details;
  return {
    ...response,
    meta: { ...response.meta, truncated: true },
    truncation_details: {
      reason: "response_size_limit",
      limit_bytes: limitBytes,
      total_entries: omitted.total,
      returned_entries: returned,
      omitted_entries: omitted.total - returned,
      omitted_filed_from: omitted.firstFiledAt,
      omitted_filed_to: tail ? tail.omitted_filed_to : omitted.lastFiledAt,
    },
  };
}
