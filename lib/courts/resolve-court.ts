// Registry checks every case query makes before anything is paid for: the court exists (404),
// it is covered (422), and the case id has the court's format (400).
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

export function resolveCourt(courtCode: string, rawCaseId: string): ResolvedCase {
  const code = courtCode.trim().toLowerCase();
  const court = findCourt(code);
  if (!court) {
    throw new ServiceError(
      "court_not_found",
      `court_code "${courtCode}" is not in the court registry; GET /v2/status lists every court code.`,
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
  const caseId = normalizeCaseId(court, rawCaseId);
  if (!caseIdMatches(court, caseId)) {
    throw new ServiceError(
      "invalid_case_id",
      `case_id "${rawCaseId}" does not match the format of ${court.court_code}: pattern ${court.case_id_format.pattern}, ` +
        `for example "${court.case_id_format.example}".`,
      { parameter: "case_id" },
    );
  }
  return { court: court as CoveredCourt, caseId };
}
