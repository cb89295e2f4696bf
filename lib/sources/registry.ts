// Which adapter serves a court: chosen by the court's case-management system. The Supreme Court's, Texas'
// and Florida's appellate courts are served by their free public docket systems while connected
// (PUBLIC_DOCKET_SYSTEMS: lib/sources/scotus, texas, florida); federal CM/ECF courts by PACER while a PACER
// account is configured (lib/sources/pacer/); a court no real system serves gets generated cases with
// CASE_SOURCE=demo (local development) and none with CASE_SOURCE=none.
// lib/courts/registry.ts computes each court's coverage from the same rules, so the registry never lists a
// court as covered that no adapter serves.
import { caseSourceMode, getEnv, pacerConfigured, publicDocketSystems, type PublicDocketSystem } from "@/lib/env";
import type { CourtRecord } from "@/lib/courts/types";
import { createDemoSource } from "./demo/demo-source";
import { createAcisSource } from "./florida/acis-source";
import { pacerServesCourt } from "./pacer/pacer-courts";
import { createPacerSource } from "./pacer/pacer-source";
import { publicDocketSystemOf } from "./public-docket-system";
import { createScotusSource } from "./scotus/scotus-source";
import { createTamesSource } from "./texas/tames-source";
import type { SourceAdapter } from "./types";

let demo: SourceAdapter | undefined;
let pacer: SourceAdapter | undefined;
const publicDockets = new Map<PublicDocketSystem, SourceAdapter>();
const PUBLIC_DOCKET_ADAPTERS: Record<PublicDocketSystem, () => SourceAdapter> = { scotus: createScotusSource, tames: createTamesSource, acis: createAcisSource };

export function sourceForCourt(court: CourtRecord): SourceAdapter | null {
  if (court.coverage === "planned" || court.case_management_system === null) return null;
  const env = getEnv();
  const system = publicDocketSystemOf(court);
  if (system && publicDocketSystems(env).has(system)) {
    let adapter = publicDockets.get(system);
    if (!adapter) {
      adapter = PUBLIC_DOCKET_ADAPTERS[system]();
      publicDockets.set(system, adapter);
    }
    return adapter;
  }
  if (pacerConfigured(env) && pacerServesCourt(court)) {
    pacer ??= createPacerSource();
    return pacer;
  }
  if (caseSourceMode(env) === "demo") {
    demo ??= createDemoSource({ downCourts: new Set(env.DEMO_SOURCE_DOWN_COURTS) });
    return demo;
  }
  return null;
}
