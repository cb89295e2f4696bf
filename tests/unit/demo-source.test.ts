// The demo source: deterministic, realistic enough to exercise normalization, and alive (filings keep
// appearing), so `npm run dev` shows delta and monitor changing.
import { describe, expect, it } from "vitest";
import { caseFullSchema } from "@/contract";
import { COURTS, findCourt } from "@/lib/courts/registry";
import { DEMO_RECENT_WINDOW_MS, generateDemoCase } from "@/lib/sources/demo/generate-case";
import { normalizeCase } from "@/lib/sources/normalize/normalize-case";

const options = { downCourts: new Set<string>() };
const court = (code: string) => findCourt(code)!;
// A Tuesday afternoon in New York: court business hours.
const now = new Date("2026-11-17T19:00:00Z");

function found(code: string, caseId: string, at: Date) {
  const result = generateDemoCase(court(code), caseId, at, options);
  if (result.kind !== "found") throw new Error(`${code} ${caseId}: ${result.kind}`);
  return result.case;
}

describe("demo source", () => {
  it("generates the same case for the same court, id and time", () => {
    expect(generateDemoCase(court("nysd"), "1:24-cv-01234", now, options)).toEqual(generateDemoCase(court("nysd"), "1:24-cv-01234", now, options));
  });

  it("adds filings as time passes and never renumbers or rewrites earlier ones", () => {
    const later = new Date(now.getTime() + 24 * 3_600_000);
    const caseId = Array.from({ length: 50 }, (_, index) => `1:24-cv-${String(1234 + index).padStart(5, "0")}`).find((id) => {
      const result = generateDemoCase(court("nysd"), id, later, options);
      return result.kind === "found" && !result.case.dateTerminated;
    })!;
    const before = found("nysd", caseId, now);
    const after = found("nysd", caseId, later);
    const byNumber = new Map(after.entries.map((entry) => [entry.number, entry]));
    // Within the published recent window, everything seen before is still there, unchanged.
    const windowStart = later.getTime() - DEMO_RECENT_WINDOW_MS;
    for (const entry of before.entries) {
      if (entry.filed.length > 10 && Date.parse(entry.filed) < windowStart) continue;
      expect(byNumber.get(entry.number)).toEqual(entry);
    }
    const added = after.entries.filter((entry) => !before.entries.some((old) => old.number === entry.number));
    expect(added.length).toBeGreaterThan(0);
    for (const entry of added) {
      expect(Date.parse(entry.filed)).toBeGreaterThan(now.getTime());
      expect(Date.parse(entry.filed)).toBeLessThanOrEqual(later.getTime());
    }
  });

  it("says about one id in twenty does not exist, and nothing from a year still to come", () => {
    let missing = 0;
    for (let number = 1; number <= 400; number += 1) {
      const caseId = `1:24-cv-${String(number).padStart(5, "0")}`;
      if (generateDemoCase(court("nysd"), caseId, now, options).kind === "not_found") missing += 1;
    }
    expect(missing).toBeGreaterThan(8);
    expect(missing).toBeLessThan(40);
    expect(generateDemoCase(court("nysd"), "1:27-cv-00001", now, options).kind).toBe("not_found");
  });

  it("answers unavailable, with a recovery time, for courts configured as down", () => {
    const result = generateDemoCase(court("prd"), "3:24-cv-01001", now, { downCourts: new Set(["prd"]) });
    expect(result).toMatchObject({ kind: "unavailable", estimatedRecoveryAt: "2026-11-17T20:00:00.000Z" });
  });

  it("closes some cases, which stop gaining filings", () => {
    const closed = Array.from({ length: 200 }, (_, index) => `1:21-cv-${String(index + 1).padStart(5, "0")}`)
      .map((caseId) => generateDemoCase(court("txed"), caseId, now, options))
      .filter((result) => result.kind === "found" && result.case.dateTerminated);
    expect(closed.length).toBeGreaterThan(10);
    for (const result of closed) {
      if (result.kind !== "found") continue;
      const terminated = Date.parse(result.case.dateTerminated!);
      for (const entry of result.case.entries) expect(Date.parse(entry.filed.slice(0, 10))).toBeLessThanOrEqual(terminated);
    }
  });

  it("speaks each court's language and shape: bilingual, French, appellate, criminal, bankruptcy", () => {
    const fct = normalizeCase(court("fct"), "T-2001-24", found("fct", "T-2001-24", now));
    expect(fct.header).toMatchObject({ language: "bilingual", case_name_secondary_language: "fr" });
    expect(fct.entries.every((entry) => entry.description_secondary)).toBe(true);
    const qccs = normalizeCase(court("qccs"), "500-17-000123-241", found("qccs", "500-17-000123-241", now));
    expect(qccs.header.case_name).toContain(" c. ");
    expect(qccs.parties[0]!.type).toBe("plaintiff");
    const ca2 = normalizeCase(court("ca2"), "24-1587", found("ca2", "24-1587", now));
    expect(ca2.header.case_type).toBe("appellate");
    expect(ca2.header.appellate?.originating_court?.court_code).toBe("nysd");
    const criminal = normalizeCase(court("dcd"), "1:24-cr-00077", found("dcd", "1:24-cr-00077", now));
    expect(criminal.header.case_name.startsWith("United States v. ")).toBe(true);
    const bankruptcy = normalizeCase(court("deb"), "1:24-bk-10777", found("deb", "1:24-bk-10777", now));
    expect(bankruptcy.parties.map((party) => party.type)).toContain("debtor");
  });

  it("produces, for every covered court, a case that normalizes within the contract", () => {
    for (const registered of COURTS.filter((entry) => entry.coverage !== "planned")) {
      const caseId = registered.case_id_format.example;
      const result = generateDemoCase(registered, caseId, now, options);
      if (result.kind !== "found") continue;
      const normalized = normalizeCase(registered, caseId, result.case);
      const parsed = caseFullSchema.safeParse({
        ...normalized.header,
        court_code: registered.court_code,
        court_name: registered.name,
        jurisdiction_country: registered.jurisdiction_country,
        primary_parties: normalized.parties.filter((party) => party.is_primary).map(({ name, type }) => ({ name, type })),
        parties: normalized.parties.map(({ is_primary: _primary, ...party }) => party),
        cross_references: normalized.cross_references,
        docket_history: normalized.entries.map(({ description_secondary: _secondary, docketed_at: _docketed, source_sequence: _sequence, ...entry }) => entry),
      });
      expect(parsed.success, `${registered.court_code}: ${JSON.stringify(parsed.error?.issues.slice(0, 2))}`).toBe(true);
    }
  });
});
