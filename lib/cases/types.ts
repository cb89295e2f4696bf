// The normalized case as the service stores it (database cache, sandbox fixtures and, later, source
// adapters all produce this shape). Responses are built from it by lib/cases/build-case-response.ts.
import type {
  Appellate,
  CrossReference,
  DocketEntry,
  Party,
} from "@/contract";

/** A docket entry as normalization produces it (lib/sources/normalize). */
export interface NormalizedDocketEntry extends DocketEntry {
  /** Bilingual courts: the entry text in the case's other language, when the source has it. */
  description_secondary?: string | null;
}

/** A docket entry as the cache holds it. */
export interface StoredDocketEntry extends NormalizedDocketEntry {
  /** When this service first stored the entry (ISO-8601 with offset): the basis of change detection. */
  first_seen_at: string;
}

export interface StoredParty extends Party {
  /** Lead party: listed in `primary_parties`. */
  is_primary: boolean;
}

export interface CaseHeader {
  case_number: string;
  case_name: string;
  case_name_secondary: string | null;
  case_name_secondary_language: "en" | "fr" | null;
  case_type: import("@/contract").CaseBasic["case_type"];
  language: "en" | "fr" | "bilingual" | null;
  date_filed: string | null;
  date_terminated: string | null;
  status: "open" | "closed";
  assigned_judge: string | null;
  nature_of_proceeding: string | null;
  cause: string | null;
  jury_demand: "plaintiff" | "defendant" | "both" | "none" | null;
  appellate: Appellate | null;
}

/** A case as a source states it, normalized: what the cache stores on each refresh. */
export interface NormalizedCase {
  case_id: string;
  court_code: string;
  header: CaseHeader;
  parties: StoredParty[];
  cross_references: CrossReference[];
  /** Any order; responses sort chronologically. */
  entries: NormalizedDocketEntry[];
}

/** A case as the cache (or the sandbox) serves it. */
export interface CaseRecord extends NormalizedCase {
  entries: StoredDocketEntry[];
  /** Last successful refresh from the source (ISO-8601): cache_age_seconds is measured from it. */
  last_refreshed_at: string;
}

/** What looking a case up yields, from the cache, a source adapter or the sandbox fixtures. */
export type CaseLookup =
  | { kind: "found"; record: CaseRecord }
  | { kind: "not_found" }
  | { kind: "unavailable"; estimatedRecoveryAt: string | null };
