// The court registry: one list, indexed once at module load.
import type { Court } from "@/contract";
import { caseSourceMode, getEnv, pacerConfigured, publicDocketSystems } from "@/lib/env";
import { connectedCoverage, publicSystem, type Connections } from "./connected-coverage";
import { CANADIAN_COURTS } from "./data/canada";
import { US_FEDERAL_COURTS } from "./data/us-federal";
import { US_STATE_COURTS } from "./data/us-state";
import type { CourtRecord } from "./types";

/** Every court as the data files record it, before this deployment's sources are taken into account. */
export const RECORDED_COURTS: readonly CourtRecord[] = [...US_FEDERAL_COURTS, ...US_STATE_COURTS, ...CANADIAN_COURTS];

const CONNECTIONS: Connections = (() => {
  const env = getEnv();
  return { pacer: pacerConfigured(env), demo: caseSourceMode(env) === "demo", publicDockets: publicDocketSystems(env) };
})();

/** The registry this deployment answers with: coverage from the connected sources (connected-coverage.ts). */
export const COURTS: readonly CourtRecord[] = RECORDED_COURTS.map((court) => connectedCoverage(court, CONNECTIONS));

const byCode = new Map(COURTS.map((court) => [court.court_code, court]));
const patterns = new Map(COURTS.map((court) => [court.court_code, new RegExp(court.case_id_format.pattern)]));

export function findCourt(code: string): CourtRecord | undefined {
  return byCode.get(code);
}

export function caseIdMatches(court: CourtRecord, caseId: string): boolean {
  return patterns.get(court.court_code)?.test(caseId) ?? false;
}

/** The public Court object of GET /v2/status (internal fields dropped). */
export function toPublicCourt(court: CourtRecord): Court {
  return {
    court_code: court.court_code,
    name: court.name,
    jurisdiction_country: court.jurisdiction_country,
    language: court.language,
    case_id_format: { pattern: court.case_id_format.pattern, example: court.case_id_format.example },
    coverage: court.coverage,
    refresh_cadence_seconds: court.refresh_cadence_seconds,
    ...publicSystem(court, CONNECTIONS),
  };
}
