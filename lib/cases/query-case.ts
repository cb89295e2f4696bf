// GET /v2/case: look the case up, map a miss or an outage to its error, build the response.
import type { CaseResponse } from "@/contract";
import type { CoveredCourt } from "@/lib/courts/resolve-court";
import { ServiceError } from "@/lib/errors";
import type { MetaBase } from "@/lib/meta";
import { buildCaseResponse } from "./build-case-response";
import type { CaseStore } from "./case-store";
import type { CaseRequest } from "./parse-case-request";
import type { CaseLookup, CaseRecord } from "./types";

/** What a failed single query says about its price: it is never charged (SERVICE-SPEC "Errors" rule 2). */
const SINGLE_QUERY_CHARGE = "Nothing was charged.";
/** Inside a batch a failed query is charged with the batch when any other query succeeds (batch rule 2), so
 * "nothing was charged" would be untrue there. */
export const BATCH_QUERY_CHARGE = "A batch is charged in full when any of its queries succeeds, and not at all when every query fails.";

/** The error a failed lookup answers with; inside a batch result only the sentence on the charge differs. */
export function lookupError(
  lookup: Exclude<CaseLookup, { kind: "found" }>,
  court: CoveredCourt,
  caseId: string,
  charge: string = SINGLE_QUERY_CHARGE,
): ServiceError {
  if (lookup.kind === "not_found" && lookup.sealed) {
    return new ServiceError(
      "case_not_found",
      `Case "${caseId}" at ${court.name} (${court.court_code}) is sealed: the court does not publish its docket. ${charge}`,
      { parameter: "case_id" },
    );
  }
  if (lookup.kind === "not_found" && lookup.vanished) {
    return new ServiceError(
      "case_not_found",
      `Case "${caseId}" is no longer found at ${court.name} (${court.court_code}): the court's system stopped showing it ` +
        `(several refreshes in a row did not find it; it may have been sealed or removed). ${charge}`,
      { parameter: "case_id" },
    );
  }
  if (lookup.kind === "not_found") {
    return new ServiceError(
      "case_not_found",
      `No case "${caseId}" exists at ${court.name} (${court.court_code}). ${charge}`,
      { parameter: "case_id" },
    );
  }
  if (lookup.notRead) {
    // The court was not asked: nothing says it is down, and the cases read meanwhile are cached now.
    return new ServiceError(
      "source_unavailable",
      `Case "${caseId}" at ${court.name} (${court.court_code}) was not read: this batch's time to read its courts ran out ` +
        `before its turn (the reads must end in time for the payment to be settled). Query it again, alone or in a smaller batch. ${charge}`,
      { retry_after: 1 },
    );
  }
  if (lookup.budgetSpent) {
    // Our own spending limit on the court system's fees, not the court's outage: cached cases still answer.
    return new ServiceError(
      "source_unavailable",
      `The source system of ${court.name} (${court.court_code}) cannot be asked now: fee budget reached until ` +
        `${lookup.estimatedRecoveryAt ?? "the budget resets"}. Cases already cached are still served. ${charge}`,
      lookup.estimatedRecoveryAt ? { estimated_recovery_at: lookup.estimatedRecoveryAt } : {},
    );
  }
  if (lookup.estimatedRecoveryAt) {
    return new ServiceError(
      "source_unavailable",
      `The source system of ${court.name} (${court.court_code}) is unavailable; estimated recovery at ${lookup.estimatedRecoveryAt}: ` +
        `retry then. ${charge}`,
      { estimated_recovery_at: lookup.estimatedRecoveryAt },
    );
  }
  // No recovery time known: a court failing its refresh runs is retried by them on its cadence, so asking
  // sooner is pointless; a passing failure is worth another try after the service stops remembering it.
  const retryAfter = lookup.courtUnhealthy ? Math.min(court.refresh_cadence_seconds ?? UNKNOWN_RECOVERY_RETRY_SECONDS, 3600) : UNKNOWN_RECOVERY_RETRY_SECONDS;
  return new ServiceError(
    "source_unavailable",
    `The source system of ${court.name} (${court.court_code}) is unavailable` +
      (lookup.courtUnhealthy ? " and has been for its last refresh runs" : "") +
      `; retry in ${retryAfter} seconds. ${charge}`,
    { retry_after: retryAfter },
  );
}

/** Retry-After of a 503 whose court gave no recovery time and is not known to be down for long. */
export const UNKNOWN_RECOVERY_RETRY_SECONDS = 60;

/** Looks one case up; the response's queried_at becomes the store's read time. */
export async function findCaseOrThrow(store: CaseStore, court: CoveredCourt, caseId: string, meta: MetaBase, now: Date): Promise<CaseRecord> {
  const { queriedAt, results } = await store.lookup([{ court, caseId }], now);
  const lookup = results[0]!;
  if (lookup.kind !== "found") throw lookupError(lookup, court, caseId);
  meta.queried_at = queriedAt.toISOString();
  return lookup.record;
}

export interface QueryCaseOptions {
  request: CaseRequest;
  store: CaseStore;
  meta: MetaBase;
  queryCostUsd: number;
  now: Date;
}

export async function queryCase({ request, store, meta, queryCostUsd, now }: QueryCaseOptions): Promise<CaseResponse> {
  const record = await findCaseOrThrow(store, request.court, request.caseId, meta, now);
  return buildCaseResponse({ record, request, meta, queryCostUsd, now });
}
