// SourceCase (what an adapter read) → NormalizedCase (what the cache stores), the same for every source.
import { courtTimezone } from "@/lib/courts/timezone";
import type { CourtRecord } from "@/lib/courts/types";
import type { NormalizedCase, NormalizedDocketEntry, StoredParty } from "@/lib/cases/types";
import type { SourceCase } from "../types";
import { classifyCaseType, normalizeJuryDemand } from "./classify-case";
import { classifyFilingType } from "./classify-filing-type";
import { classifyPartyType } from "./classify-party-type";
import { harmonizeCaseName } from "./harmonize-case-name";
import { documentIdentifierType, documentUrl } from "./document-links";
import { toCalendarDate, toLatestTimestamp, toOptionalCalendarDate, toTimestamp } from "./normalize-date";

/** Party types that lead a side: the first of each is a primary party unless the source marks leads. */
const SIDES = new Set(["plaintiff", "defendant", "petitioner", "respondent", "appellant", "appellee", "debtor"]);

const clean = (value: string | null | undefined): string | null => {
  const text = value?.replace(/\s+/g, " ").trim();
  return text ? text : null;
};

/** A source's own link, when it is an absolute http(s) URL (relative links cannot be served as they are). */
function absoluteUrl(value: string | null | undefined): string | null {
  const text = value?.trim();
  return text && /^https?:\/\/[^\s]+$/i.test(text) ? text : null;
}

export function normalizeCase(court: CourtRecord, caseId: string, source: SourceCase): NormalizedCase {
  const zone = courtTimezone(court);
  // A source that gives the appellate block (the court a case comes from, a panel) reads an appellate court's
  // docket, whatever kind of court the registry files it under (the Supreme Court, a state court of appeals).
  const appeal = source.appellate !== null && source.appellate !== undefined;
  const appellateCourt = appeal || court.kind === "us_appellate" || court.case_management_system === "CM/ECF Appellate";
  const identifierType = documentIdentifierType(court);

  const parties: StoredParty[] = source.parties.map((party) => ({
    name: clean(party.name) ?? "(unnamed party)",
    type: classifyPartyType(party.role, appellateCourt),
    role_in_case: clean(party.role) ?? "Party",
    date_joined: toOptionalCalendarDate(party.dateJoined),
    date_terminated: toOptionalCalendarDate(party.dateTerminated),
    attorneys: (party.attorneys ?? []).map((attorney) => ({
      name: clean(attorney.name) ?? "(unnamed attorney)",
      // The spec's attorney fields are strings: "" where the court names no firm or role.
      firm: clean(attorney.firm) ?? "",
      role: clean(attorney.role) ?? "",
      date_action: toOptionalCalendarDate(attorney.dateAction),
    })),
    is_primary: party.lead ?? false,
  }));
  if (!source.parties.some((party) => party.lead !== undefined)) {
    const led = new Set<string>();
    for (const party of parties) {
      if (SIDES.has(party.type) && !led.has(party.type)) {
        party.is_primary = true;
        led.add(party.type);
      }
    }
  }

  const entries: NormalizedDocketEntry[] = source.entries.map((entry) => {
    const documentId = clean(entry.documentId);
    return {
      entry_number: entry.number ?? null,
      filed_at: toTimestamp(entry.filed, zone),
      docketed_at: toLatestTimestamp(clean(entry.entered) ?? entry.filed, zone),
      source_sequence: clean(entry.sequence),
      // Only where the source lists an entry's documents without ids of the entry (TAMES): other entries are as they were.
      ...(documentId !== null && entry.documentIds && entry.documentIds.length > 0 ? { document_ids: [...new Set([documentId, ...entry.documentIds])].sort() } : {}),
      filing_type: classifyFilingType(entry.text),
      filed_by: clean(entry.filedBy),
      description: entry.text.trim(),
      description_secondary: clean(entry.textSecondary),
      document_identifier: documentId,
      document_identifier_type: documentId === null ? "none" : identifierType,
      external_url: documentId === null ? null : (absoluteUrl(entry.documentUrl) ?? documentUrl(court, documentId)),
    };
  });

  const terminated = toOptionalCalendarDate(source.dateTerminated);
  const reopened = toOptionalCalendarDate(source.dateReopened);
  // A reopening after the termination makes the case open again (DECISIONS.md: status follows the source). A
  // source may say a case is closed without a date (ACIS): closed, with no termination date to show.
  const closed = terminated !== null ? reopened === null || reopened < terminated : source.closed === true;
  const secondary = source.titleSecondary ?? null;

  return {
    case_id: caseId,
    court_code: court.court_code,
    header: {
      case_number: clean(source.caseNumber) ?? caseId,
      case_name: harmonizeCaseName(clean(source.title) ?? caseId),
      case_name_secondary: secondary ? clean(secondary.text) : null,
      case_name_secondary_language: secondary ? secondary.language : null,
      case_type: classifyCaseType(court, caseId, source.caseType, appeal),
      language: court.language,
      date_filed: toOptionalCalendarDate(source.dateFiled),
      date_terminated: closed ? terminated : null,
      status: closed ? "closed" : "open",
      assigned_judge: clean(source.judge),
      nature_of_proceeding: clean(source.natureOfSuit),
      cause: clean(source.cause),
      jury_demand: normalizeJuryDemand(source.juryDemand),
      appellate: source.appellate
        ? {
            appeal_type: clean(source.appellate.appealType),
            panel: (source.appellate.panel ?? []).map((name) => name.trim()).filter(Boolean),
            originating_court: source.appellate.originatingCourt
              ? {
                  court_code: source.appellate.originatingCourt.courtCode,
                  case_id: source.appellate.originatingCourt.caseId,
                  court_name: source.appellate.originatingCourt.courtName,
                }
              : null,
            oral_argument_date: source.appellate.oralArgumentDate ? toCalendarDate(source.appellate.oralArgumentDate) : null,
          }
        : null,
    },
    parties,
    cross_references: (source.crossReferences ?? []).map((reference) => ({
      relationship: reference.relationship,
      case_id: reference.caseId,
      court_code: reference.courtCode,
      relationship_note: clean(reference.note),
    })),
    entries,
  };
}
