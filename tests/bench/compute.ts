// Pure computation on large dockets: the delta of a 100,000-entry case and the truncation of a
// 20,000-entry docket to 2 MB (both linear in the number of entries).
import { buildCaseResponse } from "@/lib/cases/build-case-response";
import { RESPONSE_LIMIT_BYTES } from "@/lib/cases/fit-docket";
import { parseCaseRequest } from "@/lib/cases/parse-case-request";
import type { CaseRecord, StoredDocketEntry } from "@/lib/cases/types";
import { SANDBOX_CASES } from "@/lib/sandbox/cases";
import { time, type Row } from "./measure";

function bigRecord(entries: number): CaseRecord {
  const base = SANDBOX_CASES[0]!;
  const start = Date.parse("2015-01-01T00:00:00Z");
  const docket: StoredDocketEntry[] = Array.from({ length: entries }, (_, index) => {
    const filed = new Date(start + index * 3_600_000).toISOString();
    return {
      entry_number: index + 1,
      filed_at: filed,
      filing_type: index % 3 === 0 ? "motion" : "order",
      filed_by: "Court",
      description: `ORDER number ${index + 1} granting the motion in part and setting a schedule for the parties to confer.`,
      document_identifier: String(100000000 + index),
      document_identifier_type: "fed_doc_id",
      external_url: `https://ecf.nysd.uscourts.gov/doc1/${100000000 + index}`,
      first_seen_at: new Date(start + index * 3_600_000 + 600_000).toISOString(),
      appeared_at: new Date(start + index * 3_600_000 + 600_000).toISOString(),
    };
  });
  return { ...base, entries: docket, last_refreshed_at: new Date().toISOString() };
}

const meta = () => ({ request_id: "req_bench00000000000000000000", queried_at: new Date().toISOString(), sandbox: false, tag: null });

export async function runComputeBench(): Promise<Row[]> {
  const rows: Row[] = [];
  const now = new Date();

  const hundredK = bigRecord(100_000);
  // last_checked near the end: 100 filings are new, all 100,000 are examined.
  const since = new Date(Date.parse(hundredK.entries[99_899]!.first_seen_at) + 1).toISOString();
  const deltaRequest = parseCaseRequest({ case_id: hundredK.case_id, court_code: hundredK.court_code, last_checked: since }, now);
  let newFilings = 0;
  const delta = await time(10, () => {
    newFilings = buildCaseResponse({ record: hundredK, request: deltaRequest, meta: meta(), queryCostUsd: 0.99, now }).delta!.change_count;
  });
  rows.push({
    name: `delta of a 100,000-entry case (${newFilings} new filings)`,
    value: `p50 ${delta.p50.toFixed(1)} ms, p99 ${delta.p99.toFixed(1)} ms`,
    target: "p50 ≤ 250 ms",
    ok: delta.p50 <= 250 && newFilings === 100,
  });

  const twentyK = bigRecord(20_000);
  const fullRequest = parseCaseRequest({ case_id: twentyK.case_id, court_code: twentyK.court_code, context: "full" }, now);
  let bytes = 0;
  let kept = 0;
  const truncation = await time(10, () => {
    const response = buildCaseResponse({ record: twentyK, request: fullRequest, meta: meta(), queryCostUsd: 0.99, now });
    bytes = Buffer.byteLength(JSON.stringify(response), "utf8");
    kept = response.truncation_details?.returned_entries ?? 0;
  });
  rows.push({
    name: `truncation of a 20,000-entry docket (kept ${kept}, ${bytes} bytes)`,
    value: `p50 ${truncation.p50.toFixed(1)} ms, p99 ${truncation.p99.toFixed(1)} ms`,
    target: "p50 ≤ 250 ms, body ≤ 2 MB",
    ok: truncation.p50 <= 250 && bytes <= RESPONSE_LIMIT_BYTES && kept > 0,
  });
  return rows;
}
