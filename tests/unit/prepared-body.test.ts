// Bodies prepared once per shared content (lib/cases/prepared-body.ts): the answers they make are exactly
// those of the general path (same object, same bytes), their JSON is spliced in byte for byte, they are
// checked once and frozen, and what varies per request (meta, delta) is still checked every time.
import { describe, expect, it } from "vitest";
import type { CaseResponse } from "@/contract";
import { buildCaseResponse } from "@/lib/cases/build-case-response";
import { checkCaseResponse } from "@/lib/cases/check-case-response";
import { parseCaseRequest } from "@/lib/cases/parse-case-request";
import { preparedBody, preparedJson } from "@/lib/cases/prepared-body";
import { shareCaseContent } from "@/lib/cases/shared-content";
import { caseResponseBytes, serializeCaseResponse } from "@/lib/cases/serialize-case-response";
import type { CaseRecord } from "@/lib/cases/types";
import { SANDBOX_CASES } from "@/lib/sandbox/cases";

const now = new Date("2026-11-20T12:00:00Z");
const meta = () => ({ request_id: "req_000000000000000000000000", queried_at: now.toISOString(), sandbox: true, tag: "t" });
/** The same content under new identities: never shared, so answered by the general path. */
const copyOf = (record: CaseRecord): CaseRecord => structuredClone(record);

const variants = [
  { context: "basic" },
  { context: "full" },
  { context: "full", last_checked: "2026-11-15T00:00:00Z" },
  { context: "basic", last_checked: "2020-01-01T00:00:00Z", filing_types: "motion,order" },
  { context: "full", language: "fr" },
  { context: "full", language: "en", last_checked: "2024-01-01T00:00:00+01:00" },
] as const;

describe("prepared case bodies", () => {
  const shared = SANDBOX_CASES.map((record) => ({ ...record, last_refreshed_at: "2026-11-20T11:50:00.000Z" }));
  for (const record of shared) shareCaseContent(record);

  for (const record of shared) {
    for (const variant of variants) {
      it(`${record.court_code} ${record.case_id} ${JSON.stringify(variant)}: the general path's answer, byte for byte`, () => {
        const request = parseCaseRequest({ case_id: record.case_id, court_code: record.court_code, ...variant }, now, { sandbox: true });
        const fast = buildCaseResponse({ record, request, meta: meta(), queryCostUsd: 0, now });
        const general = buildCaseResponse({ record: copyOf(record), request, meta: meta(), queryCostUsd: 0, now });
        expect(fast).toEqual(general);
        expect(preparedJson(general.case)).toBeUndefined();
        const bytes = JSON.stringify(general);
        // Fixtures larger than the ceiling are cut by the general path; the rest are answered from the prepared body.
        if (!general.meta.truncated) expect(preparedJson(fast.case)).toBeDefined();
        expect(Buffer.from(serializeCaseResponse(fast)).toString("utf8")).toBe(bytes);
        expect(caseResponseBytes(fast)).toBe(Buffer.byteLength(bytes, "utf8"));
        expect(checkCaseResponse(fast)).toBeNull();
      });
    }
  }

  it("prepares each body once per content, court, context and language, and freezes it", () => {
    const record = shared[0]!;
    const request = parseCaseRequest({ case_id: record.case_id, court_code: record.court_code, context: "full" }, now, { sandbox: true });
    const options = { record, court: request.court, context: "full" as const, language: null };
    const first = preparedBody(options)!;
    expect(preparedBody(options)).toBe(first);
    expect(preparedBody({ ...options, context: "basic" })).not.toBe(first);
    expect(Object.isFrozen(first.body)).toBe(true);
    const history = (first.body as { docket_history: object[] }).docket_history;
    expect(() => {
      (history[0] as { description: string }).description = "changed";
    }).toThrow(TypeError);
    // A new header (a refresh changed the case) is a new body.
    expect(preparedBody({ ...options, record: { ...record, header: { ...record.header } } })).not.toBe(first);
  });

  it("still checks what varies per request: a broken meta or an unchecked delta entry is reported", () => {
    const record = shared[0]!;
    const request = parseCaseRequest({ case_id: record.case_id, court_code: record.court_code, context: "full", last_checked: "2020-01-01T00:00:00Z" }, now, { sandbox: true });
    const response = buildCaseResponse({ record, request, meta: meta(), queryCostUsd: 0, now });
    expect(preparedJson(response.case)).toBeDefined();
    expect(checkCaseResponse({ ...response, meta: { ...response.meta, query_cost_usd: "free" } } as unknown as CaseResponse)).not.toBeNull();
    expect(checkCaseResponse({ ...response, unexpected: 1 } as unknown as CaseResponse)).not.toBeNull();
    const [entry] = response.delta!.new_filings;
    const broken = { ...entry!, filed_at: "yesterday" };
    expect(checkCaseResponse({ ...response, delta: { ...response.delta!, new_filings: [broken] } })).not.toBeNull();
    // A body that is not a prepared one is checked in full.
    expect(checkCaseResponse({ ...response, case: { ...response.case, case_type: "nonsense" } } as unknown as CaseResponse)).not.toBeNull();
  });
});
