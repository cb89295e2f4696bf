// Which adapter serves a court: chosen by the court's case-management system. Real court systems plug in
// here by system name; until one is configured, CASE_SOURCE=demo serves generated cases for every covered
// court (local development) and CASE_SOURCE=none serves none (cache misses answer 503, not charged).
import { caseSourceMode, getEnv } from "@/lib/env";
import type { CourtRecord } from "@/lib/courts/types";
import { createDemoSource } from "./demo/demo-source";
import type { SourceAdapter } from "./types";

let demo: SourceAdapter | undefined;

export function sourceForCourt(court: CourtRecord): SourceAdapter | null {
  if (court.coverage === "planned" || court.case_management_system === null) return null;
  const env = getEnv();
  if (caseSourceMode(env) === "demo") {
    demo ??= createDemoSource({ downCourts: new Set(env.DEMO_SOURCE_DOWN_COURTS) });
    return demo;
  }
  return null;
}
