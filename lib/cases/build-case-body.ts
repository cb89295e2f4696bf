// The `case` object of a case response from one stored case, and the entry mapping the delta shares:
// the API (build-case-response.ts) and the parse command (lib/sources/read-saved-page.ts) build the
// same object from the same code.
import type { CaseBasic, CaseFull, DocketEntry } from "@/contract";
import type { CourtRecord } from "@/lib/courts/types";
import { chronological } from "./compute-delta";
import { isSharedContent } from "./shared-content";
import { entryDescription, selectLanguage, type DeliveredLanguage } from "./select-language";
import type { CaseRecord, StoredDocketEntry } from "./types";

export interface BuildCaseBodyOptions {
  record: CaseRecord;
  court: CourtRecord;
  context: "basic" | "full";
  language: "en" | "fr" | null;
  /**
   * context=full under a size ceiling: build only the newest entries whose JSON passes this many bytes
   * (at least one more than could fit), so a docket far larger than the ceiling is never built whole.
   * What is left out is described in `omitted`.
   */
  historyBytes?: number;
}

/** The older entries a tail-only docket history left out (historyBytes). */
export interface OmittedHistory {
  count: number;
  firstFiledAt: string;
  lastFiledAt: string;
  total: number;
}

export interface CaseBody {
  body: CaseBasic | CaseFull;
  delivered: DeliveredLanguage;
  toEntry: (entry: StoredDocketEntry) => DocketEntry;
  omitted: OmittedHistory | null;
}

/** Chronological order of a record's entries, computed once per entries array (a batch repeats cases). */
const sortedEntries = new WeakMap<readonly StoredDocketEntry[], StoredDocketEntry[]>();
function chronologicalOnce(entries: readonly StoredDocketEntry[]): StoredDocketEntry[] {
  let sorted = sortedEntries.get(entries);
  if (!sorted) {
    sorted = chronological(entries);
    sortedEntries.set(entries, sorted);
  }
  return sorted;
}

function entryView(entry: StoredDocketEntry, useSecondary: boolean): DocketEntry {
  return {
    entry_number: entry.entry_number,
    filed_at: entry.filed_at,
    filing_type: entry.filing_type,
    filed_by: entry.filed_by,
    description: entryDescription(entry, useSecondary),
    document_identifier: entry.document_identifier,
    document_identifier_type: entry.document_identifier_type,
    external_url: entry.external_url,
  };
}

/**
 * A shared content's entry as responses show it (lib/cases/shared-content.ts), made once per entry and
 * language and then shared, frozen: by the docket history and the delta of every response of that content,
 * so what was built, checked and measured once is not done again (lib/cases/prepared-body.ts).
 */
const sharedViews = [new WeakMap<StoredDocketEntry, DocketEntry>(), new WeakMap<StoredDocketEntry, DocketEntry>()] as const;
function sharedEntryView(entry: StoredDocketEntry, useSecondary: boolean): DocketEntry {
  const views = sharedViews[useSecondary ? 1 : 0];
  let view = views.get(entry);
  if (!view) {
    view = Object.freeze(entryView(entry, useSecondary));
    views.set(entry, view);
  }
  return view;
}

export function buildCaseBody({ record, court, context, language: preference, historyBytes }: BuildCaseBodyOptions): CaseBody {
  const language = selectLanguage(record.header, court, preference);
  const useSecondary = language.useSecondaryDescriptions;
  const view = isSharedContent(record.entries) ? sharedEntryView : entryView;
  const toEntry = (entry: StoredDocketEntry): DocketEntry => view(entry, useSecondary);

  const header = language.header;
  const basic: CaseBasic = {
    case_number: header.case_number,
    case_name: header.case_name,
    case_name_secondary: header.case_name_secondary,
    case_name_secondary_language: header.case_name_secondary_language,
    case_type: header.case_type,
    court_code: court.court_code,
    court_name: court.name,
    jurisdiction_country: court.jurisdiction_country,
    language: header.language,
    date_filed: header.date_filed,
    date_terminated: header.date_terminated,
    status: header.status,
    assigned_judge: header.assigned_judge,
    nature_of_proceeding: header.nature_of_proceeding,
    cause: header.cause,
    jury_demand: header.jury_demand,
    primary_parties: record.parties.filter((party) => party.is_primary).map(({ name, type }) => ({ name, type })),
    appellate: header.appellate,
  };

  let omitted: OmittedHistory | null = null;
  let history: DocketEntry[] = [];
  if (context === "full") {
    const sorted = chronologicalOnce(record.entries);
    if (historyBytes === undefined) {
      history = sorted.map(toEntry);
    } else {
      let first = sorted.length;
      for (let size = 0; first > 0 && size <= historyBytes; ) {
        first -= 1;
        const entry = toEntry(sorted[first]!);
        size += Buffer.byteLength(JSON.stringify(entry), "utf8") + 1;
        history.push(entry);
      }
      history.reverse();
      if (first > 0) omitted = { count: first, firstFiledAt: sorted[0]!.filed_at, lastFiledAt: sorted[first - 1]!.filed_at, total: sorted.length };
    }
  }
  const body: CaseBasic | CaseFull =
    context === "full"
      ? {
          ...basic,
          parties: record.parties.map(({ is_primary: _primary, ...party }) => party),
          cross_references: record.cross_references,
          docket_history: history,
        }
      : basic;
  return { body, delivered: language.delivered, toEntry, omitted };
}
