// v2 answers in v1's shape (SERVICE-SPEC "Versioning" 5-7): no meta block anywhere, new filings inline
// (`new_filings`), `nature_of_suit` for `nature_of_proceeding`, no `jurisdiction_country` and no bilingual
// fields (v1 knew US courts only), errors without meta.
import type { CaseResponse, MonitorResponse, StatusResponse } from "@/contract";

type Json = Record<string, unknown>;

export function caseToV1(body: CaseResponse): Json {
  const {
    nature_of_proceeding,
    jurisdiction_country: _country,
    case_name_secondary: _secondary,
    case_name_secondary_language: _secondaryLanguage,
    language: _language,
    ...rest
  } = body.case as CaseResponse["case"] & Json;
  return {
    case_id: body.case_id,
    court_code: body.court_code,
    case: { ...rest, nature_of_suit: nature_of_proceeding },
    new_filings: body.delta?.new_filings ?? [],
    // v1 has no continuation: a delta too large for one answer lists its earliest filings and says it is cut
    // (docs/changelog.md, v1 deprecation); /v2 continues it with delta_cursor.
    truncated: body.truncation_details !== undefined || body.delta?.truncated === true,
    ...(body.truncation_details ? { truncation_details: body.truncation_details } : {}),
  };
}

export function monitorToV1(body: MonitorResponse): Json {
  return { case_id: body.case_id, court_code: body.court_code, changed: body.changed };
}

export function statusToV1(body: StatusResponse): Json {
  return {
    api_version: body.api_version,
    changelog_url: body.changelog_url,
    operational_status: body.operational_status,
    courts: body.courts
      .filter((court) => court.jurisdiction_country === "US")
      .map(({ jurisdiction_country: _country, language: _language, ...court }) => court),
  };
}

/** v1 errors: the error object alone (and, on a 402, the x402 fields). */
export function errorToV1(body: Json): Json {
  const { meta: _meta, ...rest } = body;
  return rest;
}
