// The `case` object of a case response from one stored case, and the entry mapping the delta shares:
// the API (build-case-response.ts) and the parse command (lib/sources/read-saved-page.ts) build the
// same object from the same code.
import type { CaseBasic, CaseFull, DocketEntry } from "@/contract";
import type { CourtRecord } from "@/lib/courts/types";
import { chronological } from "./compute-delta";
import { entryDescription, selectLanguage, type DeliveredLanguage } from "./select-language";
import type { CaseRecord, StoredDocketEntry } from "./types";

export interface BuildCaseBodyOptions {
  record: CaseRecord;
  court: CourtRecord;
  context: "basic" | "full";
  language: "en" | "fr" | null;
}

export interface CaseBody {
  body: CaseBasic | CaseFull;
  delivered: DeliveredLanguage;
  toEntry: (entry: StoredDocketEntry) => DocketEntry;
}

export function buildCaseBody({ record, court, context, language: preference }: BuildCaseBodyOptions): CaseBody {
  const language = selectLanguage(record.header, court, preference);
  const toEntry = (entry: StoredDocketEntry): DocketEntry => ({
    entry_number: entry.entry_number,
    filed_at: entry.filed_at,
    filing_type: entry.filing_type,
    filed_by: entry.filed_by,
    description: entryDescription(entry, language.useSecondaryDescriptions),
    document_identifier: entry.document_identifier,
    document_identifier_type: entry.document_identifier_type,
    external_url: entry.external_url,
  });

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

  const body: CaseBasic | CaseFull =
    context === "full"
      ? {
          ...basic,
          parties: record.parties.map(({ is_primary: _primary, ...party }) => party),
          cross_references: record.cross_references,
          docket_history: chronological(record.entries).map(toEntry),
        }
      : basic;
  return { body, delivered: language.delivered, toEntry };
}
