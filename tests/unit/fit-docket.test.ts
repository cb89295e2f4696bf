import { describe, expect, it } from "vitest";
import { caseResponseSchema, type CaseFull, type CaseResponse, type DocketEntry } from "@/contract";
import { RESPONSE_LIMIT_BYTES, fitDocketHistory } from "@/lib/cases/fit-docket";

function entry(index: number, descriptionLength: number): DocketEntry {
  const filed = new Date(Date.UTC(2020, 0, 1) + index * 3_600_000).toISOString();
  return {
    entry_number: index + 1,
    filed_at: filed,
    filing_type: "motion",
    filed_by: "Plaintiff",
    // Multi-byte characters: the limit is in UTF-8 bytes, not characters.
    description: `Entry ${index} é€ `.padEnd(descriptionLength, "x"),
    document_identifier: String(100000 + index),
    document_identifier_type: "fed_doc_id",
    external_url: `https://ecf.example.uscourts.gov/doc1/${100000 + index}`,
  };
}

function response(entries: DocketEntry[]): CaseResponse & { case: CaseFull } {
  return {
    meta: {
      request_id: "req_0123456789abcdef01234567",
      queried_at: "2026-11-20T10:00:00.000Z",
      query_cost_usd: 0.99,
      coverage_status: "full",
      cache_age_seconds: 10,
      context_delivered: "full",
      language_delivered: "en",
      truncated: false,
      sandbox: false,
      tag: "t".repeat(64),
    },
    case_id: "1:23-cv-00001",
    court_code: "nysd",
    case: {
      case_number: "1:23-cv-00001",
      case_name: "A v. B",
      case_name_secondary: null,
      case_name_secondary_language: null,
      case_type: "civil",
      court_code: "nysd",
      court_name: "Court",
      jurisdiction_country: "US",
      language: "en",
      date_filed: "2020-01-01",
      date_terminated: null,
      status: "open",
      assigned_judge: null,
      nature_of_proceeding: null,
      cause: null,
      jury_demand: null,
      primary_parties: [],
      appellate: null,
      parties: [],
      cross_references: [],
      docket_history: entries,
    },
  };
}

const size = (value: unknown) => Buffer.byteLength(JSON.stringify(value), "utf8");

describe("fitDocketHistory", () => {
  it("leaves a body under the limit untouched", () => {
    const body = response([entry(0, 100), entry(1, 100)]);
    expect(fitDocketHistory(body)).toBe(body);
  });

  it.each([50, 777, 4000])("keeps the newest entries that fit, chronologically (descriptions of %i chars)", (length) => {
    const entries = Array.from({ length: Math.ceil((RESPONSE_LIMIT_BYTES * 1.6) / (length + 250)) }, (_, i) => entry(i, length));
    const body = response(entries);
    expect(size(body)).toBeGreaterThan(RESPONSE_LIMIT_BYTES);

    const fitted = fitDocketHistory(body) as CaseResponse & { case: CaseFull };
    const kept = fitted.case.docket_history;
    expect(size(fitted)).toBeLessThanOrEqual(RESPONSE_LIMIT_BYTES);
    expect(kept.at(-1)).toEqual(entries.at(-1));
    expect(kept).toEqual(entries.slice(entries.length - kept.length));
    // Largest number that fits: the same response with one more entry would break the limit.
    const omittedBefore = entries.length - kept.length;
    if (omittedBefore > 1) {
      const withOneMore = fitDocketHistory(body, RESPONSE_LIMIT_BYTES + 0) as CaseResponse & { case: CaseFull };
      withOneMore.case.docket_history = entries.slice(omittedBefore - 1);
      withOneMore.truncation_details = { ...withOneMore.truncation_details!, returned_entries: kept.length + 1, omitted_entries: omittedBefore - 1, omitted_filed_to: entries[omittedBefore - 2]!.filed_at };
      expect(size(withOneMore)).toBeGreaterThan(RESPONSE_LIMIT_BYTES);
    }
    expect(fitted.meta.truncated).toBe(true);
    const omitted = entries.length - kept.length;
    expect(fitted.truncation_details).toEqual({
      reason: "response_size_limit",
      limit_bytes: RESPONSE_LIMIT_BYTES,
      total_entries: entries.length,
      returned_entries: kept.length,
      omitted_entries: omitted,
      omitted_filed_from: entries[0]!.filed_at,
      omitted_filed_to: entries[omitted - 1]!.filed_at,
    });
    expect(caseResponseSchema.safeParse(fitted).success).toBe(true);
  });

  it("honours a custom limit down to a single entry", () => {
    const entries = Array.from({ length: 20 }, (_, i) => entry(i, 200));
    const body = response(entries);
    const skeleton = size({ ...body, case: { ...body.case, docket_history: [] } });
    const fitted = fitDocketHistory(body, skeleton + 700) as CaseResponse & { case: CaseFull };
    expect(fitted.case.docket_history).toEqual([entries[19]]);
    expect(size(fitted)).toBeLessThanOrEqual(skeleton + 700);
  });
});
