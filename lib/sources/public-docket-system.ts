// Which free public docket system keeps a court's docket, from what the registry's data files record
// (`case_management_system`): the Supreme Court's own docket, Texas' TAMES, Florida's ACIS. Coverage
// (lib/courts/connected-coverage.ts) and the choice of adapter (lib/sources/registry.ts) both ask here.
import type { PublicDocketSystem } from "@/lib/env";
import type { CourtRecord } from "@/lib/courts/types";

const SYSTEMS: ReadonlyArray<{ system: PublicDocketSystem; recorded: RegExp }> = [
  { system: "scotus", recorded: /^Supreme Court of the United States docket$/ },
  { system: "tames", recorded: /^TAMES$/ },
  { system: "acis", recorded: /^ACIS$/ },
];

export function publicDocketSystemOf(court: Pick<CourtRecord, "case_management_system">): PublicDocketSystem | null {
  const recorded = court.case_management_system ?? "";
  return SYSTEMS.find((entry) => entry.recorded.test(recorded))?.system ?? null;
}
