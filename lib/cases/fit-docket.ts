// The 2 MB response ceiling (DECISIONS.md): when a body is larger, first a delta too large for it is cut
// (continued by cursor), then a context=full docket history keeps the newest entries that fit, in
// chronological order, saying what was left out. Linear in the number of entries:
// each entry is serialized once to measure it; the whole body at most three times.
import type { CaseFull, CaseResponse, DocketEntry, TruncationDetails } from "@/contract";
import { cutDelta, longestCursor, type DeltaWalk } from "./walk-delta";

/** 2 MB in decimal bytes, which also satisfies a reader who means 2 MiB. */
export const RESPONSE_LIMIT_BYTES = 2_000_000;

const bytes = (value: unknown): number => Buffer.byteLength(JSON.stringify(value), "utf8");

type FullCaseResponse = CaseResponse & { case: { docket_history: DocketEntry[] } };

/**
 * A response over the ceiling because of its delta (a long absence, a first query far back): the delta
 * keeps the earliest-appeared new filings that fit beside the rest of the body (with an empty docket
 * history, which the caller then fits into what is left) and carries a cursor for the rest
 * (lib/cases/walk-delta.ts). A response whose delta fits is returned as it is.
 */
export function fitDelta(response: CaseResponse, walk: DeltaWalk, limitBytes = RESPONSE_LIMIT_BYTES): CaseResponse {
  if (!response.delta || bytes(response) <= limitBytes) return response;
  const full = "docket_history" in response.case;
  const history = full ? (response.case as CaseFull).docket_history : [];
  // The body around the delta's filings, at its largest: no history (but its truncation details when
  // there is a history to leave out), an empty list, the longest cursor.
  const around: CaseResponse = {
    ...response,
    meta: { ...response.meta, truncated: true },
    case: full ? { ...response.case, docket_history: [] } : response.case,
    delta: { ...response.delta, new_filings: [], truncated: true, next_cursor: longestCursor(walk) },
    ...(full && history.length > 0 ? { truncation_details: placeholderDetails(history, limitBytes) } : {}),
  };
  const aroundBytes = bytes(around);
  if (aroundBytes - 2 + bytes(response.delta.new_filings) <= limitBytes) return response; // the history is what does not fit
  const delta = cutDelta(response.delta, walk, limitBytes - aroundBytes + 2);
  return { ...response, meta: { ...response.meta, truncated: response.meta.truncated || delta.truncated }, delta };
}

/** A context=basic response: only its delta can make it large. */
export function checkResponseSize(response: CaseResponse, walk: DeltaWalk | null, limitBytes = RESPONSE_LIMIT_BYTES): CaseResponse {
  return walk ? fitDelta(response, walk, limitBytes) : response;
}

/** Worst-case truncation details: the real ones can only be as long or shorter. */
function placeholderDetails(history: DocketEntry[], limitBytes: number): TruncationDetails {
  const longestFiledAt = history.reduce((longest, entry) => Math.max(longest, entry.filed_at.length), 0);
  const placeholderTime = "9".repeat(longestFiledAt);
  return {
    reason: "response_size_limit",
    limit_bytes: limitBytes,
    total_entries: history.length,
    returned_entries: history.length,
    omitted_entries: history.length,
    omitted_filed_from: placeholderTime,
    omitted_filed_to: placeholderTime,
  };
}

export function fitDocketHistory(response: FullCaseResponse, limitBytes = RESPONSE_LIMIT_BYTES): CaseResponse {
  const history = response.case.docket_history;
  if (history.length === 0) return response;

  // Measured from the newest entry back, so a docket far over the ceiling is never serialized whole: the
  // work is bounded by the ceiling, not by the docket (a batch cuts 50 large dockets to small shares).
  const skeleton = withHistory(response, [], placeholderDetails(history, limitBytes));
  // A delta cut by fitDelta leaves room for at least the empty history; a body that still does not fit
  // (one new filing larger than the ceiling) keeps no history at all.
  let budget = limitBytes - bytes(skeleton);
  if (budget < 0) return bytes(response) <= limitBytes ? response : withHistory(response, [], details(history, history.length, limitBytes));

  let firstKept = history.length;
  for (let index = history.length - 1; index >= 0 && budget > 0; index -= 1) {
    const cost = bytes(history[index]) + (firstKept < history.length ? 1 : 0); // the separating comma
    if (cost > budget) break;
    budget -= cost;
    firstKept = index;
  }
  // Every entry fits beside the largest truncation details, or nearly (an untruncated response has no
  // truncation details, so it has their bytes to spare): try the whole response.
  let slack = budget + bytes(skeleton.truncation_details) + 32;
  let index = firstKept - 1;
  for (; index >= 0 && slack >= 0; index -= 1) slack -= bytes(history[index]) + 1;
  if ((firstKept === 0 || (index < 0 && slack >= 0)) && bytes(response) <= limitBytes) return response;

  // The placeholders over-estimate by a few bytes, so one more entry may still fit: try it against the
  // real body (usually one serialization). Then guard against a miscount the other way.
  const build = (first: number) => withHistory(response, history.slice(first), details(history, first, limitBytes));
  firstKept = Math.max(firstKept, 1);
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
