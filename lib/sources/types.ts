// The source adapter interface: one per court case-management system (CM/ECF, NYSCEF, ...). An adapter
// only fetches and reads its system; it returns the case as that system states it (a SourceCase), and
// lib/sources/normalize/ turns every adapter's SourceCase into the service's normalized case, so filing
// types, party types, dates, identifiers and links are decided in one place for all sources.
import type { CourtRecord } from "@/lib/courts/types";

/** A date or time as the source gives it: `2026-11-16`, `11/16/2026`, `2026-11-16T11:20[:00]` (court-local), or ISO with offset. */
export type SourceDate = string;

export interface SourceAttorney {
  name: string;
  firm?: string | null;
  role?: string | null;
  dateAction?: SourceDate | null;
}

export interface SourceParty {
  name: string;
  /** The source's wording, e.g. "Plaintiff", "Defendant - Appellee", "Debtor", "Demanderesse". */
  role: string;
  /** Lead party (listed in primary_parties). Defaults to the first party of each side. */
  lead?: boolean;
  dateJoined?: SourceDate | null;
  dateTerminated?: SourceDate | null;
  attorneys?: SourceAttorney[];
}

export interface SourceEntry {
  /** Number in the source system. */
  number?: number | null;
  /** When it was filed (court-local unless it carries an offset). */
  filed: SourceDate;
  /**
   * When the court put it on the docket, where the source says (CM/ECF "date entered", ACMS creation
   * time, an RSS item's publication time). The best evidence of when the entry appeared: change
   * detection uses it for a case's first fetch.
   */
  entered?: SourceDate | null;
  /**
   * The source's own stable id of the entry where it has one besides the number (CM/ECF `de_seq_num`,
   * an ACMS entry GUID): what tells two unnumbered entries of one day apart across refreshes.
   */
  sequence?: string | null;
  text: string;
  /** Bilingual courts: the text in the case's other language. */
  textSecondary?: string | null;
  /** The source system's document identifier, when the entry has a document. */
  documentId?: string | null;
  /**
   * The document's link as the source itself prints it (absolute). Preferred over a link built from the
   * identifier, which cannot know every court's host and path (the BAP of the Ninth Circuit's `docs4/`).
   */
  documentUrl?: string | null;
  /**
   * Every document of an entry the source neither numbers nor identifies, where it lists several (TAMES): the
   * entry is known by all of them, in whatever order the source lists them, so a reordered list or a document
   * added is the same entry (lib/cases/entry-key.ts). `documentId` stays the one the source lists first.
   */
  documentIds?: string[] | null;
  filedBy?: string | null;
}

export interface SourceCase {
  caseNumber: string;
  title: string;
  /** Bilingual courts: the title in the other language. */
  titleSecondary?: { text: string; language: "en" | "fr" } | null;
  /** The source's case type wording or code ("cv", "Civil", "Judicial review", ...). */
  caseType?: string | null;
  dateFiled?: SourceDate | null;
  dateTerminated?: SourceDate | null;
  /** The source says the case is closed without saying since when (Florida's ACIS `closedFlag`). */
  closed?: boolean | null;
  /** A reopening after termination: the case is open again. */
  dateReopened?: SourceDate | null;
  judge?: string | null;
  natureOfSuit?: string | null;
  cause?: string | null;
  juryDemand?: string | null;
  parties: SourceParty[];
  crossReferences?: Array<{ relationship: string; caseId: string; courtCode: string; note?: string | null }>;
  appellate?: {
    appealType?: string | null;
    panel?: string[];
    originatingCourt?: { courtCode: string; caseId: string; courtName: string } | null;
    oralArgumentDate?: SourceDate | null;
  } | null;
  entries: SourceEntry[];
}

export type SourceResult =
  | {
      kind: "found";
      case: SourceCase;
      /**
       * The reading left the party list out (an incremental docket fetch: entries since a day, no parties):
       * the cache keeps the parties it holds instead of emptying them.
       */
      partiesOmitted?: boolean;
      /**
       * The reading lists only the entries entered at or after this instant (ISO-8601): the cache matches
       * its entries knowing that older ones cannot be among them (lib/cases/entry-key.ts).
       */
      enteredSince?: string;
      /**
       * When the reading began, by the database's clock (ISO-8601), where the source says: what the court
       * listed then is in the reading. Stored with the case (cases.read_from; plan-pacer-refresh.ts).
       */
      readFrom?: string;
      /**
       * The reading stopped at entries the cache holds (a docket listed newest first, ACIS): entries listed
       * after them are not in it. A reading without it stores when the entries were last read whole
       * (cases.entries_whole_at).
       */
      olderEntriesOmitted?: boolean;
    }
  | { kind: "not_found" }
  | { kind: "unavailable"; reason: string; estimatedRecoveryAt: string | null }
  /** The case exists but is sealed: answered as not found, with a message that says it is sealed. */
  | { kind: "sealed"; message: string }
  /** A paid source's fee budget is spent: answered as unavailable ("fee budget reached") until it resets. */
  | { kind: "budget_spent"; resetsAt: string };

export interface FetchCaseRequest {
  court: CourtRecord;
  caseId: string;
  /** Aborted when the adapter's time is up (lib/sources/fetch-from-source.ts). */
  signal: AbortSignal;
  now: Date;
}

/** A scheduled refresh's question to an adapter with free change signals: which tracked cases need a fetch. */
export interface RefreshPlanRequest {
  court: CourtRecord;
  caseIds: readonly string[];
  now: Date;
  signal?: AbortSignal;
  /**
   * The cases are cached ones no refresh kept current (not queried for 30 days: lib/cases/is-kept-current.ts),
   * asked about by a query before it answers them (lib/cases/plan-untracked-reads.ts); their last reading may be
   * weeks old. Leave out only those a free signal shows equal to the court's docket over the whole time since
   * that reading, compared with what the court showed then; return every other one, held ones too (the adapter
   * answers a held case without asking the court, as for any query). A schedule's "not due yet" is no such signal.
   */
  untracked?: boolean;
}

export interface SourceAdapter {
  /** For logs and the cache record, e.g. "demo", "pacer", "tames". */
  readonly name: string;
  /**
   * The host name a court's cases are read from (the court HTTP client's politeness key, any port), or null
   * when none is asked (the demo source): a batch reads no more of one host's cases at once than the client
   * lets run (lib/cases/read-queue.ts).
   */
  hostOf?(court: CourtRecord): string | null;
  fetchCase(request: FetchCaseRequest): Promise<SourceResult>;
  /**
   * Free change detection before paid fetches (PACER's RSS feeds, case query, entry counts): the subset of
   * `caseIds` a scheduled refresh should fetch; the others are known unchanged (or, for a scheduled refresh
   * only, held back). Absent: fetch them all. Also asked, with `untracked`, before a query reads again cases no
   * refresh kept current.
   */
  planRefresh?(request: RefreshPlanRequest): Promise<string[]>;
}

/** Why a reader refused a page: it is not the record that was asked for. */
export type RefusalReason =
  | "login_required"
  | "sealed"
  | "case_not_found"
  | "no_documents"
  | "error_page"
  | "not_a_docket"
  | "unreadable";

export interface PageRefusal {
  kind: "refused";
  reason: RefusalReason;
  /** What the page said, for logs and the parse command. */
  message: string;
  /** A docket PACER served and bills, receipt or not, that is no answer here (another case's, another court's). */
  servedDocket?: true;
}

/** One docket read off one page or response: the case, and the court the page names when it names one. */
export interface DocketRead {
  kind: "case";
  case: SourceCase;
  /** Court code the page itself shows (e.g. from its `ecf.<court>.uscourts.gov` links), or null. */
  courtCode: string | null;
}

/**
 * Part of a case, read off one response of a system that serves a case in pieces (ACIS: the case header, its
 * parties, its docket entries, each paged): the fields this response carries, and where a paged response sits.
 * The system's adapter puts the pieces together into one SourceCase.
 */
export interface PartialDocketRead {
  kind: "partial";
  parties?: SourceParty[];
  entries?: SourceEntry[];
  /** ACIS parties of this page left out for want of a name, not marked non-public (read-acis-parties.ts). */
  unnamedParties?: number;
  /** A paged list: the next page is `number + 1` while it is under `totalPages`. */
  page: { number: number; size: number; totalPages: number; totalElements: number } | null;
}
