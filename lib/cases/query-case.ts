// GET /v2/case (and each query of a batch): look the case up, map a miss or an outage to its error,
// build the response.
import type { CaseResponse } from "@/contract";
import { ServiceError } from "@/lib/errors";
import type { MetaBase } from "@/lib/meta";
import { buildCaseResponse } from "./build-case-response";
import type { CaseRequest } from "./parse-case-request";
import type { CaseLookup, CaseRecord } from "./types";
import type { CoveredCourt } from "@/lib/courts/resolve-court";

/** Where cases come from: the sandbox fixtures, or the normalized cache backed by source adapters. */
export type CaseSource = (court: CoveredCourt, caseId: string, now: Date) => Promise<CaseLookup>;

export async function findCaseOrThrow(source: CaseSource, court: CoveredCourt, caseId: string, now: Date): Promise<CaseRecord> {
  const lookup = await source(court, caseId, now);
  switch (lookup.kind) {
    case "found":
      return lookup.record;
    case "not_found":
      throw new ServiceError(
        "case_not_found",
        `No case "${caseId}" exists at ${court.name} (${court.court_code}). Nothing was charged.`,
        { parameter: "case_id" },
      );
    case "unavailable":
      throw new ServiceError(
        "source_unavailable",
        `The source system of ${court.name} (${court.court_code}) is unavailable` +
          (lookup.estimatedRecoveryAt ? `; estimated recovery at ${lookup.estimatedRecoveryAt}` : "") +
          ". Nothing was charged; retry later.",
        lookup.estimatedRecoveryAt ? { estimated_recovery_at: lookup.estimatedRecoveryAt } : {},
      );
  }
}

export interface QueryCaseOptions {
  request: CaseRequest;
  source: CaseSource;
  meta: MetaBase;
  queryCostUsd: number;
  now: Date;
}

export async function queryCase({ request, source, meta, queryCostUsd, now }: QueryCaseOptions): Promise<CaseResponse> {
  const record = await findCaseOrThrow(source, request.court, request.caseId, now);
  return buildCaseResponse({ record, request, meta, queryCostUsd, now });
}
