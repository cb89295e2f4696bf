// A court's coverage as THIS deployment serves it (DECISIONS.md "Sources and coverage"): the data files
// record what each court's system is; whether a query for it can be answered depends on which sources are
// connected. Federal CM/ECF courts are covered while a PACER account is configured; with the demo source
// (development) covered courts stay covered, and the federal ones say in /v2/status that generated cases
// stand in for CM/ECF; with no source at all a court is `planned` (422), never `full` answering 503.
// The rules mirror lib/sources/registry.ts's choice of adapter. The internal record keeps the recorded
// system name (normalization and case-id rules key on it); only the public Court object carries the
// demo wording (publicSystem).
import { pacerServesCourt } from "@/lib/sources/pacer/pacer-courts";
import type { CourtRecord } from "./types";

export interface Connections {
  pacer: boolean;
  demo: boolean;
}

const FEDERAL = new Set<CourtRecord["kind"]>(["us_district", "us_bankruptcy", "us_appellate", "us_national"]);

const servedByPacer = (court: CourtRecord, connections: Connections) => FEDERAL.has(court.kind) && connections.pacer && pacerServesCourt(court);

/** The court with the coverage this deployment gives it. */
export function connectedCoverage(court: CourtRecord, connections: Connections): CourtRecord {
  if (court.coverage === "planned" || court.case_management_system === null) return court;
  if (servedByPacer(court, connections) || connections.demo) return court;
  const missing = FEDERAL.has(court.kind)
    ? pacerServesCourt(court)
      ? "no PACER account is configured in this deployment"
      : `${court.case_management_system} is not connected yet`
    : `${court.case_management_system} is not connected in this deployment`;
  return {
    ...court,
    coverage: "planned",
    refresh_cadence_seconds: null,
    case_management_system: null,
    notes: `Not served: ${missing}.${court.notes ? ` ${court.notes}` : ""}`,
  };
}

/** What /v2/status says serves a covered court: federal courts answered by the demo source say so. */
export function publicSystem(court: CourtRecord, connections: Connections): Pick<CourtRecord, "case_management_system" | "notes"> {
  const demoFederal = court.coverage !== "planned" && court.case_management_system !== null && FEDERAL.has(court.kind) && !servedByPacer(court, connections) && connections.demo;
  if (!demoFederal) return { case_management_system: court.case_management_system, notes: court.notes };
  return {
    case_management_system: `Demo source (generated cases; ${court.case_management_system} not connected)`,
    notes: `Demo source: this deployment answers with generated cases, not the court's records (no PACER account is configured).${court.notes ? ` ${court.notes}` : ""}`,
  };
}
