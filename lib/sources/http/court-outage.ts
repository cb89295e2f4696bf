// What a source adapter makes of a court system that did not answer usefully: a time-out, a dropped
// connection, a 5xx, an error page or a page its reader does not recognize all make the fetch
// "unavailable" (503 to the caller, never charged), with the reason in the logs.
import { logEvent } from "@/lib/log";
import type { FetchCaseRequest, SourceResult } from "../types";
import { CourtHttpError } from "./court-http-client";

export function courtUnavailable(system: string, request: Pick<FetchCaseRequest, "court" | "caseId">, reason: string, retryAt?: Date): SourceResult {
  logEvent("warn", `${system} fetch unavailable`, { court_code: request.court.court_code, case_id: request.caseId, reason });
  return { kind: "unavailable", reason: `${system}: ${reason}`, estimatedRecoveryAt: retryAt?.toISOString() ?? null };
}

/** Runs an adapter's requests; a request the court's system never answered becomes "unavailable". */
export async function answeredOrUnavailable(system: string, request: FetchCaseRequest, fetch: () => Promise<SourceResult>): Promise<SourceResult> {
  try {
    return await fetch();
  } catch (error) {
    // A request not sent for the court's Retry-After: the caller is told when it ends.
    if (error instanceof CourtHttpError) return courtUnavailable(system, request, error.message, error.retryAt);
    throw error;
  }
}
