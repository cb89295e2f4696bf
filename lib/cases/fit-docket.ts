// The 2 MB response ceiling (DECISIONS.md): when a context=full body is larger, keep the newest docket
// entries that fit, in chronological order, and say what was left out. Linear in the number of entries:
// each entry is serialized once to measure it; the whole body at most three times.
import type { CaseResponse, DocketEntry, TruncationDetails } from "@/contract";
import { ServiceError } from "@/lib/errors";

/** 2 MB in decimal bytes, which also satisfies a reader who means 2 MiB. */
export const RESPONSE_LIMIT_BYTES = 2_000_000;

const bytes = (value: unknown): number => Buffer.byteLength(JSON.stringify(value), "utf8");

type FullCaseResponse = CaseResponse & { case: { docket_history: DocketEntry[] } };

/**
 * The delta is never trimmed: an agent passing meta.queried_at on would never see the filings left out.
 * When the delta alone does not fit, the request is refused (not charged) and says how to narrow it.
 */
export function deltaTooLarge(response: CaseResponse, limitBytes: number): ServiceError {
  const count = response.delta?.new_filings.length ?? 0;
  return new ServiceError(
    "invalid_last_checked",
    `The delta since last_checked lists ${count} filings, more than fit in one response of ${limitBytes} bytes. ` +
      "Narrow it with filing_types (the delta's size counts only the filings it lists), or use a later last_checked. Nothing was charged.",
    { parameter: "last_checked" },
  );
}

/** A context=basic response is small unless its delta is huge: check that one case. */
export function checkResponseSize(response: CaseResponse, limitBytes = RESPONSE_LIMIT_BYTES): CaseResponse {
  if (response.delta && bytes(response) > limitBytes) throw deltaTooLarge(response, limitBytes);
  return response;
}

export function fitDocketHistory(response: FullCaseResponse, limitBytes = RESPONSE_LIMIT_BYTES): CaseResponse {
  const history = response.case.docket_history;
  if (bytes(response) <= limitBytes) return response;
  if (history.length === 0) throw deltaTooLarge(response, limitBytes);

  // Worst-case placeholders: the real details can only be as long or shorter.
  const longestFiledAt = history.reduce((longest, entry) => Math.max(longest, entry.filed_at.length), 0);
  const placeholderTime = "9".repeat(longestFiledAt);
  const placeholder: TruncationDetails = {
    reason: "response_size_limit",
    limit_bytes: limitBytes,
    total_entries: history.length,
    returned_entries: history.length,
    omitted_entries: history.length,
    omitted_filed_from: placeholderTime,
    omitted_filed_to: placeholderTime,
  };
  const skeleton = withHistory(response, [], placeholder);
  let budget = limitBytes - bytes(skeleton);
  // Even an empty docket does not fit: the delta is what is too large.
  if (budget < 0) throw deltaTooLarge(response, limitBytes);

  let firstKept = history.length;
  for (let index = history.length - 1; index >= 0 && budget > 0; index -= 1) {
    const cost = bytes(history[index]) + (firstKept < history.length ? 1 : 0); // the separating comma
    if (cost > budget) break;
    budget -= cost;
    firstKept = index;
  }

  // The placeholders over-estimate by a few bytes, so one more entry may still fit: try it against the
  // real body (usually one serialization). Then guard against a miscount the other way.
  const build = (first: number) => withHistory(response, history.slice(first), details(history, first, limitBytes));
  let result = build(firstKept);
  // At most two more whole-body serializations: the over-estimate is smaller than any entry.
  for (let tries = 0; tries < 2 && firstKept > 1; tries += 1) {
    const candidate = build(firstKept - 1);
    if (bytes(candidate) > limitBytes) break;
    result = candidate;
    firstKept -= 1;
  }
  while (bytes(result) > limitBytes && firstKept < history.length) {
    firstKept += 1;
    result = build(firstKept);
  }
  return result;
}

function details(history: DocketEntry[], firstKept: number, limitBytes: number): TruncationDetails {
  return {
    reason: "response_size_limit",
    limit_bytes: limitBytes,
    total_entries: history.length,
    returned_entries: history.length - firstKept,
    omitted_entries: firstKept,
    omitted_filed_from: history[0]!.filed_at,
    omitted_filed_to: history[Math.max(firstKept - 1, 0)]!.filed_at,
  };
}

function withHistory(response: FullCaseResponse, docketHistory: DocketEntry[], truncation: TruncationDetails): CaseResponse {
  return {
    ...response,
    meta: { ...response.meta, truncated: true },
    case: { ...response.case, docket_history: docketHistory },
    truncation_details: truncation,
  };
}
