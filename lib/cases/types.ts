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
  /**
   * When the source says the entry was put on the docket (ISO-8601): CM/ECF's date entered, else the
   * filing time; a date alone counts as the end of that day in the court's zone. What a case's first
   * fetch takes as the entry's appearance (lib/cases/store-case.ts).
   */
  docketed_at?: string | null;
  /** The source's own stable id of the entry besides its number (lib/cases/entry-key.ts). */
  source_sequence?: string | null;
  /** Every document of an entry the source lists several of, sorted (lib/cases/entry-key.ts); not stored. */
  document_ids?: string[] | null;
}

/** A docket entry as the cache holds it. */
export interface StoredDocketEntry extends NormalizedDocketEntry {
  /** When this service first stored the entry (ISO-8601). */
  first_seen_at: string;
  /**
   * When the entry appeared on the docket (ISO-8601): the basis of change detection
   * (lib/cases/compute-delta.ts). A case's first fetch takes the source's evidence (`docketed_at`, never
   * later than the fetch); an entry a later refresh finds appeared at that refresh.
   */
  appeared_at: string;
  /** Its stable key in the cache (lib/cases/entry-key.ts); computed from the entry where absent (fixtures). */
  entry_key?: string;
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
  /**
   * Present while the court's system has not answered the case's refreshes: when it first failed to, since
   * the last answered one (ISO-8601; lib/refresh/refresh-cases.ts).
   */
  unanswered_since?: string;
  /** Whether the source still shows it (lib/refresh/record-vanished-case.ts); "found" when absent (fixtures). */
  source_state?: "found" | "sealed" | "missing";
}

/** What looking a case up yields, from the cache, a source adapter or the sandbox fixtures. */
export type CaseLookup =
  | { kind: "found"; record: CaseRecord }
  /** `sealed`: the source says the case exists under seal. */
  | { kind: "not_found"; sealed?: boolean; vanished?: boolean }
  | {
      kind: "unavailable";
      estimatedRecoveryAt: string | null;
      /** A paid source's fee budget is spent until estimatedRecoveryAt (lib/sources/pacer/fee-ledger.ts). */
      budgetSpent?: boolean;
      /** The court's system has failed several refresh runs in a row (lib/courts/court-health.ts). */
      courtUnhealthy?: boolean;
      /** Not asked: the request's time to read its courts ran out before this case's turn (lib/cases/read-start-deadline.ts). */
      notRead?: boolean;
    };
