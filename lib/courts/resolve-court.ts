// Registry checks every case query makes before anything is paid for: the court exists (404),
// it is covered (422), and the case id has the court's format (400).
import { quoteInput } from "@/contract";
import { ServiceError } from "@/lib/errors";
import { normalizeCaseId } from "./normalize-case-id";
import { caseIdMatches, findCourt } from "./registry";
import type { CourtRecord } from "./types";

export type CoveredCourt = CourtRecord & { coverage: "full" | "partial" };

export interface ResolvedCase {
  court: CoveredCourt;
  /** The case id in the court's canonical form (lib/courts/normalize-case-id.ts). */
  caseId: string;
}

export interface ResolveOptions {
  /**
   * Sandbox requests: the courts the sandbox has fixtures for. The sandbox's source is its fixtures, so these
   * courts are covered there whatever this deployment connects (a planned court without fixtures still answers 422).
   */
  fixtureCourts?: ReadonlySet<string>;
}

export function resolveCourt(courtCode: string, rawCaseId: string, options: ResolveOptions = {}): ResolvedCase {
  const code = courtCode.trim().toLowerCase();
  const registered = findCourt(code);
  const court =
    registered?.coverage === "planned" && options.fixtureCourts?.has(code)
      ? { ...registered, coverage: "full" as const, refresh_cadence_seconds: 3600, case_management_system: "Sandbox fixtures" }
      : registered;
  if (!court) {
    throw new ServiceError(
      "court_not_found",
      `court_code ${quoteInput(courtCode)} is not in the court registry; GET /v2/status lists every court code.`,
      { parameter: "court_code" },
    );
  }
  if (court.coverage === "planned") {
    throw new ServiceError(
      "court_not_covered",
      `${court.name} (${court.court_code}) is planned but not covered yet; queries return 422 until coverage starts.`,
      { parameter: "court_code" },
    );
  }
  const given = normalizeCaseId(court, rawCaseId);
  // Numbers retyped in lower case (`pd-0975-25`, `4d2026-0606`) are the court's upper-case ones; a court whose
  // own numbers have lower case (CM/ECF's `cv`) matches as given and keeps them.
  const caseId = caseIdMatches(court, given) ? given : given.toUpperCase();
  if (!caseIdMatches(court, caseId)) {
    throw new ServiceError(
      "invalid_case_id",
      `case_id ${quoteInput(rawCaseId)} does not match the format of ${court.court_code}: pattern ${court.case_id_format.pattern}, ` +
        `for example "${court.case_id_format.example}".`,
      { parameter: "case_id" },
    );
  }
  return { court: court as CoveredCourt, caseId };
}
