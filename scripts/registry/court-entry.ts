// A court as the registry inputs describe it, before the build adds its case number pattern and example.
import type { CourtKind, CourtLevel, CourtRecord } from "@/lib/courts/types";
import type { CaseFormatKey } from "./case-formats";

export interface CourtEntry {
  court_code: string;
  name: string;
  jurisdiction_country: "US" | "CA";
  language: CourtRecord["language"];
  kind: CourtKind;
  region: string | null;
  level: CourtLevel;
  /** The court's own case-management system, where we know it. */
  system: string | null;
  /** The case number format read off real records, or null: not verified (then the court is planned). */
  format: CaseFormatKey | null;
  /** Coverage while the court's system is connected: `planned` where we have no adapter for it yet. */
  coverage: CourtRecord["coverage"];
  refresh_cadence_seconds: number | null;
  notes: string | null;
  /** Where the row's facts come from: "pacer", "courts-db", "canada". */
  source: "pacer" | "courts-db" | "canada";
  courts_db_id: string | null;
  /** An example kept from an earlier version for a court whose format is not verified. */
  example?: string;
}
