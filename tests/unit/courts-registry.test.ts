import { describe, expect, it } from "vitest";
import { courtSchema } from "@/contract";
import { COURTS, findCourt, toPublicCourt } from "@/lib/courts/registry";

const byKind = (kind: string) => COURTS.filter((court) => court.kind === kind);

describe("court registry", () => {
  it("has every current US federal court", () => {
    expect(byKind("us_district")).toHaveLength(94);
    expect(byKind("us_bankruptcy")).toHaveLength(90);
    expect(byKind("us_appellate").map((court) => court.court_code).sort()).toEqual(
      ["ca1", "ca2", "ca3", "ca4", "ca5", "ca6", "ca7", "ca8", "ca9", "ca10", "ca11", "cadc", "cafc"].sort(),
    );
    for (const code of ["cit", "cofc", "jpml", "bap1", "bap6", "bap8", "bap9", "bap10"]) {
      expect(findCourt(code)?.kind, code).toBe("us_national");
    }
    for (const code of ["nysd", "nysb", "cand", "txed", "dcd", "deb", "arb"]) expect(findCourt(code), code).toBeDefined();
  });

  it("has state and Canadian courts, bilingual and French ones included, and at least three planned courts", () => {
    expect(byKind("us_state").length).toBeGreaterThanOrEqual(5);
    expect(COURTS.filter((court) => court.jurisdiction_country === "CA").length).toBeGreaterThanOrEqual(5);
    expect(COURTS.some((court) => court.jurisdiction_country === "CA" && court.language === "bilingual")).toBe(true);
    expect(COURTS.some((court) => court.language === "fr")).toBe(true);
    expect(COURTS.filter((court) => court.coverage === "planned").length).toBeGreaterThanOrEqual(3);
  });

  it("has unique lowercase codes", () => {
    const codes = COURTS.map((court) => court.court_code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(code).toMatch(/^[a-z][a-z0-9]{1,15}$/);
  });

  it.each(COURTS.map((court) => [court.court_code, court] as const))("%s: example matches its own pattern", (_code, court) => {
    const pattern = new RegExp(court.case_id_format.pattern);
    expect(court.case_id_format.pattern.startsWith("^") && court.case_id_format.pattern.endsWith("$")).toBe(true);
    expect(pattern.test(court.case_id_format.example)).toBe(true);
  });

  it("gives planned courts no cadence and no system, and every active court both", () => {
    for (const court of COURTS) {
      if (court.coverage === "planned") {
        expect(court.refresh_cadence_seconds, court.court_code).toBeNull();
        expect(court.case_management_system, court.court_code).toBeNull();
      } else {
        expect([900, 3600], court.court_code).toContain(court.refresh_cadence_seconds);
        expect(court.case_management_system, court.court_code).not.toBeNull();
      }
    }
    const priority = COURTS.filter((court) => court.refresh_cadence_seconds === 900);
    expect(priority.length).toBeGreaterThanOrEqual(3);
    expect(priority.length).toBeLessThan(COURTS.length / 4);
  });

  it("serializes every court as the contract's Court object", () => {
    for (const court of COURTS) expect(courtSchema.safeParse(toPublicCourt(court)).success, court.court_code).toBe(true);
  });
});
