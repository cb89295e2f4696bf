// Which adapter serves a court: chosen by the court's case-management system. Federal CM/ECF courts are
// served by PACER while a PACER account is configured (lib/sources/pacer/); otherwise CASE_SOURCE=demo
// serves generated cases for every covered court (local development) and CASE_SOURCE=none serves none.
// lib/courts/registry.ts computes each court's coverage from the same rules, so the registry never lists a
// court as covered that no adapter serves.
import { caseSourceMode, getEnv, pacerConfigured } from "@/lib/env";
import type { CourtRecord } from "@/lib/courts/types";
import { createDemoSource } from "./demo/demo-source";
import { pacerServesCourt } from "./pacer/pacer-courts";
import { createPacerSource } from "./pacer/pacer-source";
import type { SourceAdapter } from "./types";

let demo: SourceAdapter | undefined;
let pacer: SourceAdapter | undefined;

export function sourceForCourt(court: CourtRecord): SourceAdapter | null {
  if (court.coverage === "planned" || court.case_management_system === null) return null;
  const env = getEnv();
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
