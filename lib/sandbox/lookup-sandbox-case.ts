// The sandbox's case source: fixture cases, one court whose source is down, and 404 for the rest.
import type { CoveredCourt } from "@/lib/courts/resolve-court";
import { shareCaseContent } from "@/lib/cases/shared-content";
import type { CaseLookup } from "@/lib/cases/types";
import { SANDBOX_CASES } from "./cases";

/** Every sandbox query to this court answers 503 source_unavailable (fixture of an outage). */
export const SANDBOX_SOURCE_DOWN_COURT = "prd";
/** Cache age the sandbox reports for its fixtures. */
export const SANDBOX_CACHE_AGE_SECONDS = 600;

/** The courts the sandbox answers for from fixtures (lib/courts/resolve-court.ts covers them in the sandbox). */
export const SANDBOX_FIXTURE_COURTS: ReadonlySet<string> = new Set([...SANDBOX_CASES.map((record) => record.court_code), SANDBOX_SOURCE_DOWN_COURT]);

const fixtures = new Map(SANDBOX_CASES.map((record) => [`${record.court_code}|${record.case_id}`, record]));
// Every sandbox answer of a fixture shows the same objects: their bodies are built and checked once.
for (const record of SANDBOX_CASES) shareCaseContent(record);

export async function lookupSandboxCase(court: CoveredCourt, caseId: string, now: Date): Promise<CaseLookup> {
  if (court.court_code === SANDBOX_SOURCE_DOWN_COURT) {
    return { kind: "unavailable", estimatedRecoveryAt: sandboxRecoveryTime(now) };
  }
  const record = fixtures.get(`${court.court_code}|${caseId}`);
  if (!record) return { kind: "not_found" };
  return {
    kind: "found",
    record: { ...record, last_refreshed_at: new Date(now.getTime() - SANDBOX_CACHE_AGE_SECONDS * 1000).toISOString() },
  };
}

/** The outage fixture always "recovers" at the top of the next hour but one: a stable, future time. */
export function sandboxRecoveryTime(now: Date): string {
  const next = new Date(now);
  next.setUTCMinutes(0, 0, 0);
  next.setUTCHours(next.getUTCHours() + 2);
  return next.toISOString();
}
