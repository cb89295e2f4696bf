// One fetch of one case from its court's system: the adapter call with a deadline, then the shared
// normalization. Whatever goes wrong (timeout, adapter error, unreadable record) becomes "unavailable"
// with a reason for the logs; the caller answers 503 and charges nothing.
import type { CourtRecord } from "@/lib/courts/types";
import type { NormalizedCase } from "@/lib/cases/types";
import { getEnv } from "@/lib/env";
import { logEvent } from "@/lib/log";
import { withFetchDeadline } from "./http/fetch-deadline";
import { normalizeCase } from "./normalize/normalize-case";
import { sourceForCourt } from "./registry";

export type FetchOutcome =
  | { kind: "found"; case: NormalizedCase; source: string; partiesOmitted?: boolean; enteredSince?: string; readFrom?: string; olderEntriesOmitted?: boolean }
  /** `sealed`: the source says the case exists under seal (answered 404 with a message that says so). */
  | { kind: "not_found"; sealed?: boolean }
  /** `budgetSpent`: a paid source's fee budget is spent until `estimatedRecoveryAt` (503 "fee budget reached"). */
  | { kind: "unavailable"; reason: string; estimatedRecoveryAt: string | null; budgetSpent?: boolean };

export interface FetchFromSourceOptions {
  court: CourtRecord;
  caseId: string;
  now: Date;
  timeoutMs?: number;
}

export async function fetchFromSource({ court, caseId, now, timeoutMs }: FetchFromSourceOptions): Promise<FetchOutcome> {
  const adapter = sourceForCourt(court);
  if (!adapter) {
    return { kind: "unavailable", reason: "no source system is connected for this court", estimatedRecoveryAt: null };
  }
  const limit = timeoutMs ?? getEnv().SOURCE_TIMEOUT_MS;
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new Error(`${adapter.name} did not answer within ${limit} ms`));
    }, limit);
  });
  try {
    // An adapter that ignores the abort signal still loses the race.
    // The deadline in async context too: a court's quiet that outlasts it fails at once, saying when it ends.
    const fetching = withFetchDeadline(Date.now() + limit, () => adapter.fetchCase({ court, caseId, now, signal: controller.signal }));
    const result = await Promise.race([fetching, deadline]);
    switch (result.kind) {
      case "found":
        return {
          kind: "found",
          case: normalizeCase(court, caseId, result.case),
          source: adapter.name,
          ...(result.partiesOmitted ? { partiesOmitted: true } : {}),
          ...(result.enteredSince ? { enteredSince: result.enteredSince } : {}),
          ...(result.readFrom ? { readFrom: result.readFrom } : {}),
          ...(result.olderEntriesOmitted ? { olderEntriesOmitted: true } : {}),
        };
      case "sealed":
        logEvent("info", "source: case under seal", { court_code: court.court_code, case_id: caseId, message: result.message });
        return { kind: "not_found", sealed: true };
      case "budget_spent":
        return { kind: "unavailable", reason: "fee budget reached", estimatedRecoveryAt: result.resetsAt, budgetSpent: true };
      default:
        return result;
    }
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    logEvent("warn", "source fetch failed", { court_code: court.court_code, case_id: caseId, source: adapter.name, reason });
    return { kind: "unavailable", reason, estimatedRecoveryAt: null };
  } finally {
    clearTimeout(timer);
  }
}
