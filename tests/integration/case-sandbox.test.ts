// GET /v2/case in sandbox: every fixture case with every parameter combination validates against the
// contract, and context, language, last_checked and filing_types behave as documented in docs/sandbox.md.
import { describe, expect, it } from "vitest";
import { caseBasicSchema, caseFullSchema, caseResponseSchema, type CaseResponse } from "@/contract";
import { GET } from "@/app/v2/case/route";
import { newEntriesSince } from "@/lib/cases/compute-delta";
import { RESPONSE_LIMIT_BYTES } from "@/lib/cases/fit-docket";
import { courtTimezone } from "@/lib/courts/timezone";
import { findCourt } from "@/lib/courts/registry";
import { SANDBOX_CASES } from "@/lib/sandbox/cases";
import { instantToZonedIso } from "@/lib/sources/zoned-time";
import { callRoute, sandbox } from "../helpers/call-route";

const contexts = [undefined, "basic", "full"] as const;
const languages = [undefined, "en", "fr"] as const;
const lastCheckeds = [undefined, "2020-01-01T00:00:00Z", "2026-11-15T00:00:00-05:00", "2026-11-20T00:00:00Z"] as const;
const filingTypes = [undefined, "motion", "motion,order,judgment", "other"] as const;

const fixtures = SANDBOX_CASES.map((fixture) => [`${fixture.court_code} ${fixture.case_id}`, fixture] as const);

async function query(params: Record<string, string | undefined>, headers: Record<string, string> = sandbox) {
  return callRoute<CaseResponse>(GET, "/v2/case", { query: params, headers });
}

describe("GET /v2/case sandbox fixtures", () => {
  it("gives every filing time its court's own offset, as live sources do (never UTC's Z)", async () => {
    for (const fixture of SANDBOX_CASES) {
      const zone = courtTimezone(findCourt(fixture.court_code)!);
      const { body } = await query({ case_id: fixture.case_id, court_code: fixture.court_code, context: "full", last_checked: "2020-01-01T00:00:00Z" });
      const times = [...(body.case as { docket_history: { filed_at: string }[] }).docket_history, ...body.delta!.new_filings].map((entry) => entry.filed_at);
      expect(times.length, fixture.case_id).toBeGreaterThan(0);
      const misread = times.filter((time) => instantToZonedIso(Date.parse(time), zone) !== time);
      expect(misread.slice(0, 3), `${fixture.court_code} ${fixture.case_id} in ${zone}`).toEqual([]);
    }
  });

  describe.each(fixtures)("%s", (_name, fixture) => {
    it("answers every combination of context, language, last_checked and filing_types within the contract", async () => {
      for (const context of contexts) {
        for (const language of languages) {
          for (const lastChecked of lastCheckeds) {
            for (const types of lastChecked === undefined ? [undefined] : filingTypes) {
              const params = { case_id: fixture.case_id, court_code: fixture.court_code, context, language, last_checked: lastChecked, filing_types: types };
              // The 9,002-entry docket is checked below; here its full context would only repeat that work.
              if (fixture.entries.length > 1000 && context === "full") continue;
              const result = await query(params);
              const label = JSON.stringify(params);
              if (fixture.entries.length > 1000 && lastChecked === "2020-01-01T00:00:00Z" && !types) {
                // Every one of the 9,002 filings is new since 2020: more than 2 MB, so the delta is cut and continued
                // (the walk to its end is checked below).
                expect(result.status, label).toBe(200);
                expect(result.body.delta, label).toMatchObject({ truncated: true, change_count: fixture.entries.length });
                expect(result.body.delta!.next_cursor).toEqual(expect.any(String));
                continue;
              }
              expect(result.status, `${label}: ${result.text.slice(0, 300)}`).toBe(200);
              expect(caseResponseSchema.safeParse(result.body).success, label).toBe(true);
              const body = result.body;
              expect(body.meta).toMatchObject({ sandbox: true, query_cost_usd: 0, tag: null, context_delivered: context ?? "basic" });
              expect(body.case_id).toBe(fixture.case_id);
              expect(body.court_code).toBe(fixture.court_code);
              if (context === "full") expect(caseFullSchema.safeParse(body.case).success, label).toBe(true);
              else expect(caseBasicSchema.safeParse(body.case).success, label).toBe(true);
              expect("delta" in body, label).toBe(lastChecked !== undefined);
              const expectedLanguage = fixture.header.language === "bilingual" ? (language ?? "bilingual") : fixture.header.language;
              expect(body.meta.language_delivered, label).toBe(expectedLanguage);
              if (body.delta) {
                expect(body.delta.since).toBe(lastChecked);
                const expected = newEntriesSince(fixture.entries, new Date(lastChecked!));
                expect(body.delta.change_count, label).toBe(expected.length);
                expect(body.delta.changed).toBe(expected.length > 0);
                const allowed = types?.split(",") ?? null;
                const shown = expected.filter((entry) => allowed === null || allowed.includes(entry.filing_type ?? ""));
                expect(body.delta.new_filings.map((entry) => entry.entry_number), label).toEqual(shown.map((entry) => entry.entry_number));
                if (!body.delta.changed) expect(body.delta.new_filings).toEqual([]);
                expect(body.delta, label).toMatchObject({ truncated: false, next_cursor: null });
              }
            }
          }
        }
      }
    });
  });

  it("serves the documented delta of the long civil docket, filtered by filing_types", async () => {
    const base = { case_id: "1:23-cv-04567", court_code: "nysd", last_checked: "2026-11-15T00:00:00Z" };
    const all = (await query(base)).body;
    expect(all.delta).toMatchObject({ changed: true, change_count: 5, since: "2026-11-15T00:00:00Z" });
    expect(all.delta!.new_filings.map((entry) => entry.entry_number)).toEqual([142, 143, 144, 145, 146]);
    expect(all.delta!.new_filings.map((entry) => entry.filing_type)).toEqual(["order", "motion", "brief", "notice", "stipulation"]);

    // filing_types filters new_filings only: changed and change_count still count every new filing.
    const filtered = (await query({ ...base, filing_types: "motion,order" })).body;
    expect(filtered.delta).toMatchObject({ changed: true, change_count: 5 });
    expect(filtered.delta!.new_filings.map((entry) => entry.filing_type)).toEqual(["order", "motion"]);

    const nothing = (await query({ ...base, last_checked: "2026-11-20T00:00:00Z" })).body;
    expect(nothing.delta).toEqual({
      changed: false,
      since: "2026-11-20T00:00:00Z",
      change_count: 0,
      new_filings: [],
      truncated: false,
      next_cursor: null,
    });

    const none = (await query({ ...base, filing_types: "subpoena" })).body;
    expect(none.delta).toMatchObject({ changed: true, change_count: 5, new_filings: [] });
  });

  it("reports a filing docketed late to an agent whose last check was after its filed_at", async () => {
    // The order was filed on 2026-11-12 but first seen on 2026-11-18.
    const result = await query({ case_id: "1:23-cv-04567", court_code: "nysd", last_checked: "2026-11-14T00:00:00Z", filing_types: "order" });
    expect(result.body.delta!.new_filings).toEqual([
      expect.objectContaining({ entry_number: 142, filed_at: "2026-11-12T09:00:00-05:00", filing_type: "order" }),
    ]);
  });

  it("accepts filing_types with spaces and any case", async () => {
    const result = await query({ case_id: "1:23-cv-04567", court_code: "nysd", last_checked: "2026-11-15T00:00:00Z", filing_types: " Motion , ORDER" });
    expect(result.status).toBe(200);
    expect(result.body.delta!.new_filings.map((entry) => entry.filing_type)).toEqual(["order", "motion"]);
  });

  it("never filters docket_history, which is chronological", async () => {
    const result = await query({ case_id: "1:23-cv-04567", court_code: "nysd", context: "full", last_checked: "2026-11-15T00:00:00Z", filing_types: "motion" });
    const history = (result.body.case as { docket_history: { filed_at: string; filing_type: string | null }[] }).docket_history;
    expect(history).toHaveLength(146);
    const times = history.map((entry) => Date.parse(entry.filed_at));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect(new Set(history.map((entry) => entry.filing_type)).size).toBeGreaterThan(3);
    expect(result.body.meta.truncated).toBe(false);
    expect(result.body.truncation_details).toBeUndefined();
  });

  it("basic context has the header and primary parties only; full adds parties, cross-references and the docket", async () => {
    const basic = (await query({ case_id: "1:24-bk-10234", court_code: "deb" })).body;
    expect(basic.case.primary_parties).toEqual([{ name: "Northwind Grocers Holdings, Inc.", type: "debtor" }]);
    expect(Object.keys(basic.case)).not.toContain("docket_history");
    const full = (await query({ case_id: "1:24-bk-10234", court_code: "deb", context: "full" })).body;
    const fullCase = full.case as { parties: unknown[]; cross_references: unknown[]; docket_history: unknown[] };
    expect(fullCase.parties).toHaveLength(4);
    expect(fullCase.cross_references).toHaveLength(2);
    expect(fullCase.docket_history).toHaveLength(6);
    expect(full.meta.context_delivered).toBe("full");
  });

  it("serves the appellate object of the appellate case, and null elsewhere", async () => {
    const appeal = (await query({ case_id: "23-15678", court_code: "ca9" })).body;
    expect(appeal.case.case_type).toBe("appellate");
    expect(appeal.case.appellate).toEqual({
      appeal_type: "civil",
      panel: ["Hon. Rosalind T. Achebe", "Hon. Gregory L. Whitcombe", "Hon. Ines M. Varga"],
      originating_court: { court_code: "cand", case_id: "3:21-cv-08812", court_name: "U.S. District Court for the Northern District of California" },
      oral_argument_date: "2024-03-12",
    });
    const civil = (await query({ case_id: "1:23-cv-04567", court_code: "nysd" })).body;
    expect(civil.case.appellate).toBeNull();
  });

  it("serves a closed case with its termination date", async () => {
    const result = (await query({ case_id: "2:21-cv-00321", court_code: "txed", last_checked: "2026-01-01T00:00:00Z" })).body;
    expect(result.case).toMatchObject({ status: "closed", date_terminated: "2023-02-15" });
    expect(result.delta).toMatchObject({ changed: false, change_count: 0 });
  });

  describe("language", () => {
    const fct = { case_id: "T-1234-23", court_code: "fct", context: "full" };

    it("answers a bilingual case in both languages by default", async () => {
      const body = (await query(fct)).body;
      expect(body.meta.language_delivered).toBe("bilingual");
      expect(body.case).toMatchObject({
        case_name: "Maple Ridge Fisheries Ltd. v. His Majesty the King",
        case_name_secondary: "Pêcheries Maple Ridge Ltée c. Sa Majesté le Roi",
        case_name_secondary_language: "fr",
        language: "bilingual",
        jurisdiction_country: "CA",
      });
    });

    it("language=fr puts the French name first and delivers the French entry texts", async () => {
      const body = (await query({ ...fct, language: "fr", last_checked: "2026-11-15T00:00:00Z" })).body;
      expect(body.meta.language_delivered).toBe("fr");
      expect(body.case).toMatchObject({
        case_name: "Pêcheries Maple Ridge Ltée c. Sa Majesté le Roi",
        case_name_secondary: "Maple Ridge Fisheries Ltd. v. His Majesty the King",
        case_name_secondary_language: "en",
      });
      const history = (body.case as { docket_history: { description: string }[] }).docket_history;
      expect(history[0]!.description).toBe("Avis de demande de contrôle judiciaire déposé au nom de la demanderesse.");
      expect(body.delta!.new_filings[0]!.description).toBe("Audience tenue devant la juge Gagnon-Reid; jugement en délibéré.");
    });

    it("language=en delivers English", async () => {
      const body = (await query({ ...fct, language: "en" })).body;
      expect(body.meta.language_delivered).toBe("en");
      expect(body.case.case_name).toBe("Maple Ridge Fisheries Ltd. v. His Majesty the King");
      const history = (body.case as { docket_history: { description: string }[] }).docket_history;
      expect(history[0]!.description).toBe("Notice of application for judicial review filed on behalf of the Applicant.");
    });

    it("a French-language court delivers French whatever is asked", async () => {
      for (const language of [undefined, "en", "fr"]) {
        const body = (await query({ case_id: "500-17-123456-231", court_code: "qccs", language })).body;
        expect(body.meta.language_delivered).toBe("fr");
        expect(body.case.case_name).toBe("Construction Bellerive inc. c. Ville de Montréal");
      }
    });

    it("an English-language court delivers English whatever is asked", async () => {
      const body = (await query({ case_id: "654321/2023", court_code: "nysupnyc", language: "fr" })).body;
      expect(body.meta.language_delivered).toBe("en");
    });
  });

  describe("the 2 MB ceiling", () => {
    it("truncates the large docket to the newest entries that fit and says so", async () => {
      const result = await query({ case_id: "3:21-md-02996", court_code: "cand", context: "full", last_checked: "2026-11-15T00:00:00Z" });
      expect(result.status).toBe(200);
      expect(Buffer.byteLength(result.text, "utf8")).toBeLessThanOrEqual(RESPONSE_LIMIT_BYTES);
      expect(Buffer.byteLength(result.text, "utf8")).toBeGreaterThan(RESPONSE_LIMIT_BYTES - 2_000);
      const body = result.body;
      expect(caseResponseSchema.safeParse(body).success).toBe(true);
      expect(body.meta.truncated).toBe(true);
      const history = (body.case as { docket_history: { entry_number: number; filed_at: string }[] }).docket_history;
      const details = body.truncation_details!;
      expect(details).toMatchObject({ reason: "response_size_limit", limit_bytes: RESPONSE_LIMIT_BYTES, total_entries: 9002 });
      expect(details.returned_entries).toBe(history.length);
      expect(details.omitted_entries).toBe(9002 - history.length);
      // The newest entry is kept, in chronological order.
      expect(history.at(-1)!.entry_number).toBe(9002);
      const times = history.map((entry) => Date.parse(entry.filed_at));
      expect([...times].sort((a, b) => a - b)).toEqual(times);
      expect(Date.parse(details.omitted_filed_to)).toBeLessThanOrEqual(times[0]!);
      expect(details.omitted_filed_from).toBe("2021-04-01T09:00:00-07:00");
      // The delta is never truncated.
      expect(body.delta).toMatchObject({ changed: true, change_count: 1 });
    });

    it("does not truncate the basic context of the same case", async () => {
      const result = await query({ case_id: "3:21-md-02996", court_code: "cand" });
      expect(result.body.meta.truncated).toBe(false);
      expect(result.body.truncation_details).toBeUndefined();
    });
  });

  it("echoes X-Service-Tag in meta.tag, and the sandbox header works like ?test=1", async () => {
    const byHeader = await query({ case_id: "1:22-cr-00123", court_code: "dcd" }, { "x-service-test": "1", "x-service-tag": "agent-7/run-42" });
    expect(byHeader.body.meta).toMatchObject({ tag: "agent-7/run-42", sandbox: true });
    const byQuery = await query({ case_id: "1:22-cr-00123", court_code: "dcd", test: "1" }, { "x-service-tag": "t".repeat(64) });
    expect(byQuery.status).toBe(200);
    expect(byQuery.body.meta).toMatchObject({ tag: "t".repeat(64), sandbox: true, query_cost_usd: 0 });
  });

  it("normalizes the court code's case and surrounding spaces", async () => {
    const result = await query({ case_id: " 1:22-cr-00123 ", court_code: "DCD" });
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ case_id: "1:22-cr-00123", court_code: "dcd" });
  });

  it("gives each request its own id and the processing time", async () => {
    const before = Date.now();
    const [a, b] = await Promise.all([query({ case_id: "1:22-cr-00123", court_code: "dcd" }), query({ case_id: "1:22-cr-00123", court_code: "dcd" })]);
    expect(a.body.meta.request_id).not.toBe(b.body.meta.request_id);
    expect(a.headers.get("x-request-id")).toBe(a.body.meta.request_id);
    expect(Date.parse(a.body.meta.queried_at)).toBeGreaterThanOrEqual(before - 1);
    expect(a.body.meta.cache_age_seconds).toBeGreaterThanOrEqual(0);
    expect(a.body.meta.coverage_status).toBe("full");
  });
});
