// A court's coverage as THIS deployment serves it (DECISIONS.md "Sources and coverage"): the data files
// record what each court's system is; whether a query for it can be answered depends on which sources are
// connected. Federal CM/ECF courts are covered while a PACER account is configured, the Supreme Court's,
// Texas' and Florida's appellate courts while their free public docket system is connected
// (PUBLIC_DOCKET_SYSTEMS); with the demo source (development) covered courts stay covered, and those no real
// system serves say in /v2/status that generated cases stand in; with no source at all a court is `planned`
// (422), never `full` answering 503.
// The rules mirror lib/sources/registry.ts's choice of adapter. The internal record keeps the recorded
// system name (normalization and case-id rules key on it); only the public Court object carries the
// demo wording (publicSystem).
import type { PublicDocketSystem } from "@/lib/env";
import { APPELLATE_CADENCE_SECONDS, pacerReadsAppellate, pacerServesCourt } from "@/lib/sources/pacer/pacer-courts";
import { publicDocketSystemOf } from "@/lib/sources/public-docket-system";
import type { CourtRecord } from "./types";

export interface Connections {
  pacer: boolean;
  demo: boolean;
  /** The free public docket systems read live (PUBLIC_DOCKET_SYSTEMS). */
  publicDockets: ReadonlySet<PublicDocketSystem>;
}

const PUBLIC_DOCKET_NAMES: Record<PublicDocketSystem, string> = { scotus: "the Supreme Court's docket", tames: "TAMES", acis: "ACIS" };

const FEDERAL = new Set<CourtRecord["kind"]>(["us_district", "us_bankruptcy", "us_appellate", "us_national"]);

const servedByPacer = (court: CourtRecord, connections: Connections) => FEDERAL.has(court.kind) && connections.pacer && pacerServesCourt(court);
const servedByPublicDocket = (court: CourtRecord, connections: Connections) => {
  const system = publicDocketSystemOf(court);
  return system !== null && connections.publicDockets.has(system);
};
/** Served by a real court system (not the demo source). */
const servedLive = (court: CourtRecord, connections: Connections) => servedByPacer(court, connections) || servedByPublicDocket(court, connections);

/** Why no real court system serves a covered court here (the court is not served live). */
function notServedBecause(court: CourtRecord & { case_management_system: string }): string {
  const system = publicDocketSystemOf(court);
  if (system) return `${PUBLIC_DOCKET_NAMES[system]} is not connected in this deployment (PUBLIC_DOCKET_SYSTEMS)`;
  if (!FEDERAL.has(court.kind)) return `${court.case_management_system} is not connected in this deployment`;
  if (pacerServesCourt(court)) return "no PACER account is configured in this deployment";
  // A PACER account changes nothing for these: the PACER source has no fetcher for their dockets yet.
  return `the PACER source does not read this court's ${court.case_management_system} dockets yet (it reads the district and bankruptcy courts, the CIT, the Court of Federal Claims and eleven courts of appeals; not yet the ACMS circuits, the bankruptcy appellate panels, the Veterans Claims court or the JPML)`;
}

/**
 * What PACER's reading of a court of appeals leaves out (plan-appellate-refresh.ts, fetch-appellate-case.ts):
 * the free feed tells of orders, opinions and judgments only; other filings wait for a billed reading, once a
 * day while the case is queried, once a week otherwise; a daily reading looks back 14 days (a weekly one is
 * whole).
 */
const APPELLATE_GAPS =
  "Orders, opinions and judgments the court's free feed lists are read within the hour (some circuits' feeds list opinions only); other filings once a day, and once a week for a case not queried in the last 7 days (the appellate CM/ECF gives no free entry count, and every reading is billed), so they can take up to a day (a week) to appear. " +
  "A filing the clerk dockets more than 14 days after its date appears at the latest at the case's next weekly whole reading.";

/** The court with the coverage this deployment gives it. */
export function connectedCoverage(court: CourtRecord, connections: Connections): CourtRecord {
  if (court.coverage === "planned" || court.case_management_system === null) return court;
  if (servedByPacer(court, connections) && pacerReadsAppellate(court) && !servedByPublicDocket(court, connections)) {
    return {
      ...court,
      coverage: "partial",
      refresh_cadence_seconds: APPELLATE_CADENCE_SECONDS,
      notes: `${APPELLATE_GAPS}${court.notes ? ` ${court.notes}` : ""}`,
    };
  }
  if (servedLive(court, connections) || connections.demo) return court;
  const missing = notServedBecause({ ...court, case_management_system: court.case_management_system });
  return {
    ...court,
    coverage: "planned",
    refresh_cadence_seconds: null,
    case_management_system: null,
    notes: `Not served: ${missing}.${court.notes ? ` ${court.notes}` : ""}`,
  };
}

/** What /v2/status says serves a covered court: courts answered by the demo source say so. */
export function publicSystem(court: CourtRecord, connections: Connections): Pick<CourtRecord, "case_management_system" | "notes"> {
  const demo = court.coverage !== "planned" && court.case_management_system !== null && !servedLive(court, connections) && connections.demo;
  if (!demo) return { case_management_system: court.case_management_system, notes: court.notes };
  const why = notServedBecause({ ...court, case_management_system: court.case_management_system! });
  return {
    case_management_system: `Demo source (generated cases; ${court.case_management_system} not connected)`,
    notes: `Demo source: this deployment answers with generated cases, not the court's records; ${why}.${court.notes ? ` ${court.notes}` : ""}`,
  };
}
