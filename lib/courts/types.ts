// A court in the registry. The first block of fields is exactly the public Court object of GET /v2/status;
// `kind` and `region` are internal (grouping, filters on the status page) and never serialized by the API.

export type CourtKind =
  | "us_district"
  | "us_bankruptcy"
  | "us_appellate"
  | "us_national"
  | "us_state"
  | "ca_federal"
  | "ca_provincial";

/**
 * Where a court stands (courts-db's levels): `colr` court of last resort, `iac` intermediate appellate court,
 * `gjc` general-jurisdiction trial court, `ljc` limited-jurisdiction court (bankruptcy, probate, municipal, ...).
 */
export type CourtLevel = "colr" | "iac" | "gjc" | "ljc";

export interface CourtRecord {
  court_code: string;
  name: string;
  jurisdiction_country: "US" | "CA";
  language: "en" | "fr" | "bilingual";
  case_id_format: { pattern: string; example: string };
  coverage: "full" | "partial" | "planned";
  /**
   * 3600 for most courts, 900 for priority courts, 86400 for the courts of appeals PACER reads
   * (connected-coverage.ts), null for planned courts not yet active.
   */
  refresh_cadence_seconds: number | null;
  /** Source system name, e.g. "CM/ECF"; null where not yet active. */
  case_management_system: string | null;
  notes: string | null;
  kind: CourtKind;
  /** Two-letter US state / territory or Canadian province code; null for national courts. */
  region: string | null;
  /** The court's level (status page filter); internal like `kind`. */
  level?: CourtLevel;
}
