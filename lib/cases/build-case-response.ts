// One case response from one stored case: the same code serves sandbox fixtures and live data, so
// `context`, `language`, `last_checked` and `filing_types` behave identically on both.
import type { CaseBasic, CaseFull, CaseResponse, Delta, DocketEntry } from "@/contract";
import { caseMeta, type MetaBase } from "@/lib/meta";
import { chronological, newEntriesSince } from "./compute-delta";
import { checkResponseSize, fitDocketHistory } from "./fit-docket";
import type { CaseRequest } from "./parse-case-request";
import { entryDescription, selectLanguage } from "./select-language";
import type { CaseRecord, StoredDocketEntry } from "./types";

export interface BuildCaseResponseOptions {
  record: CaseRecord;
  request: CaseRequest;
  meta: MetaBase;
  queryCostUsd: number;
  now: Date;
}

export function buildCaseResponse({ record, request, meta, queryCostUsd, now }: BuildCaseResponseOptions): CaseResponse {
  const { court } = request;
  const language = selectLanguage(record.header, court, request.language);
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

  const caseBody: CaseBasic | CaseFull =
    request.context === "full"
      ? {
          ...basic,
          parties: record.parties.map(({ is_primary: _primary, ...party }) => party),
          cross_references: record.cross_references,
          docket_history: chronological(record.entries).map(toEntry),
        }
      : basic;

  const response: CaseResponse = {
    meta: caseMeta(meta, {
      query_cost_usd: queryCostUsd,
      coverage_status: court.coverage,
      cache_age_seconds: Math.max(0, Math.floor((now.getTime() - Date.parse(record.last_refreshed_at)) / 1000)),
      context_delivered: request.context,
      language_delivered: language.delivered,
      truncated: false,
    }),
    case_id: request.caseId,
    court_code: court.court_code,
    case: caseBody,
  };

  if (request.lastChecked) response.delta = buildDelta(record.entries, request, toEntry);

  return "docket_history" in caseBody
    ? fitDocketHistory(response as CaseResponse & { case: CaseFull })
    : checkResponseSize(response);
}

/**
 * `changed` and `change_count` count every new filing (the same numbers /v2/monitor reports);
 * `filing_types` filters only `new_filings` (SERVICE-SPEC: it "filters delta.new_filings only").
 */
function buildDelta(
  entries: readonly StoredDocketEntry[],
  request: CaseRequest,
  toEntry: (entry: StoredDocketEntry) => DocketEntry,
): Delta {
  const lastChecked = request.lastChecked!;
  const filter = request.filingTypes;
  const fresh = newEntriesSince(entries, lastChecked.at);
  const shown = filter === null ? fresh : fresh.filter((entry) => entry.filing_type !== null && filter.has(entry.filing_type));
  return {
    changed: fresh.length > 0,
    since: lastChecked.raw,
    change_count: fresh.length,
    new_filings: shown.map(toEntry),
  };
}
