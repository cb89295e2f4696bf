import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { courtSchema } from "@/contract";
import { normalizeCaseId } from "@/lib/courts/normalize-case-id";
import { resolveCourt } from "@/lib/courts/resolve-court";
import { COURTS, caseIdMatches, findCourt, toPublicCourt } from "@/lib/courts/registry";

const byKind = (kind: string) => COURTS.filter((court) => court.kind === kind);

describe("court registry", () => {
  it("has every current US federal court", () => {
    expect(byKind("us_district")).toHaveLength(94);
    expect(byKind("us_bankruptcy")).toHaveLength(94);
    expect(byKind("us_appellate").map((court) => court.court_code).sort()).toEqual(
      ["ca1", "ca2", "ca3", "ca4", "ca5", "ca6", "ca7", "ca8", "ca9", "ca10", "ca11", "cadc", "cafc"].sort(),
    );
    for (const code of ["cit", "cofc", "jpml", "bap1", "bap6", "bap8", "bap9", "bap10"]) {
      expect(findCourt(code)?.kind, code).toBe("us_national");
    }
    for (const code of ["nysd", "nysb", "cand", "txed", "dcd", "deb", "areb", "arwb", "gub", "vib", "nmib"]) expect(findCourt(code), code).toBeDefined();
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

describe("case ids", () => {
  const court = (code: string) => findCourt(code)!;

  it.each([
    ["nysd", "1:23-cv-04567-LAK", "1:23-cv-04567"],
    ["nysd", "1:23-CV-4567", "1:23-cv-04567"],
    ["dcd", "1:22-cr-00123-1", "1:22-cr-00123"],
    ["dcd", " 1:22-cr-00123-2-RDM ", "1:22-cr-00123"],
    ["nyeb", "8-10-70959", "8:10-bk-70959"],
    ["jpml", "MDL No. 3047", "MDL-3047"],
    ["jpml", "mdl-3047", "MDL-3047"],
    ["fct", " T-1234-23 ", "T-1234-23"],
    ["ca9", "23-15678", "23-15678"],
    ["ca11", "22-12696-DD", "22-12696"],
    ["ca11", "22-12696-dd", "22-12696"],
    ["ca1", "16-01033", "16-1033"],
    ["ca4", "11-0008-AA", "11-8"],
    ["scotus", "16-01362", "16-1362"],
    ["scotus", "23a0999", "23A999"],
    ["scotus", "22o141", "22O141"],
  ])("%s: %s is read as %s", (code, raw, canonical) => {
    expect(normalizeCaseId(court(code), raw)).toBe(canonical);
    expect(caseIdMatches(court(code), canonical)).toBe(true);
  });

  it("removes only one or two team letters from an appellate number: anything else stays and fails the pattern", () => {
    for (const raw of ["22-12696-DDD", "22-12696-D1", "22-12696DD", "1:22-12696-DD"]) {
      expect(normalizeCaseId(court("ca11"), raw)).toBe(raw);
      expect(caseIdMatches(court("ca11"), raw), raw).toBe(false);
    }
    // District numbers keep their own rule: judge initials, not team letters.
    expect(normalizeCaseId(court("nysd"), "22-12696-DD")).toBe("22-12696-DD");
  });

  it.each([
    ["texcrimapp", "pd-0975-25", "PD-0975-25"],
    ["texapp1", "01-25-00011-cv", "01-25-00011-CV"],
    ["fladistctapp4", "4d2026-0606", "4D2026-0606"],
    ["scotus", "23a999", "23A999"],
    ["nysd", "1:23-cv-04567", "1:23-cv-04567"],
  ])("%s: %s, retyped in another case, resolves to the court's %s", (code, raw, canonical) => {
    expect(resolveCourt(code, raw, { fixtureCourts: new Set([code]) }).caseId).toBe(canonical);
  });

  it("Florida: a four-digit year, as ACIS numbers its cases; sequences of four or five digits", () => {
    const resolve = (code: string, raw: string) => resolveCourt(code, raw, { fixtureCourts: new Set([code]) });
    expect(resolve("fla", "SC2026-10001").caseId).toBe("SC2026-10001");
    expect(resolve("fladistctapp4", "4D2026-10001").caseId).toBe("4D2026-10001");
    expect(resolve("fladistctapp2", "2D1982-0416").caseId).toBe("2D1982-0416");
    // ACIS has no case `4D26-0606`: its year could be 1926 or 2026 as far as the API is concerned, and asking
    // would answer a false "no such case". Refused before anything is paid, with the four-digit form.
    for (const [code, raw] of [["fladistctapp4", "4D26-0606"], ["fla", "SC26-0703"], ["fladistctapp4", "4D2026-606"], ["fladistctapp4", "4D2026-100001"]] as const) {
      expect(() => resolve(code, raw), raw).toThrow(expect.objectContaining({ code: "invalid_case_id", message: expect.stringMatching(/four-digit year|for example "(4D|SC)2026-0[67]0[36]"/) }));
    }
    expect(findCourt("fladistctapp4")!.notes).toMatch(/four-digit year/);
  });

  it("still refuses a number of another shape, naming it as given", () => {
    expect(() => resolveCourt("texcrimapp", "pd-975", { fixtureCourts: new Set(["texcrimapp"]) })).toThrow(/case_id "pd-975" does not match/);
  });

  it("keeps ids of other systems as given (but trimmed)", () => {
    expect(normalizeCaseId(court("nysupnyc"), "654321/2023")).toBe("654321/2023");
    expect(normalizeCaseId(court("qccs"), "500-17-123456-231")).toBe("500-17-123456-231");
  });

  // Real docket numbers from PACER pages (../shared/corpus): every one must be accepted by its court.
  const corpus = path.resolve(process.cwd(), "../shared/corpus/pacer");
  const files = existsSync(corpus)
    ? ["district", "bankruptcy", "appellate"].flatMap((dir) =>
        readdirSync(path.join(corpus, dir))
          .filter((name) => name.endsWith(".json"))
          .map((name) => path.join(dir, name)),
      )
    : [];

  it.skipIf(files.length === 0)("accepts the real docket numbers of the corpus (skipped without ../shared/corpus)", () => {
    let checked = 0;
    const rejected: string[] = [];
    for (const file of files) {
      const record = JSON.parse(readFileSync(path.join(corpus, file), "utf8")) as { docket_number?: string | null };
      const code = path.basename(file, ".json").split("_")[0]!;
      const registered = findCourt(code);
      if (!registered || !record.docket_number) continue;
      // JPML pages list a member case of the MDL, numbered by its district court.
      if (code === "jpml") continue;
      // Many bankruptcy pages print yy-nnnnn without the division the API requires (documented).
      if (registered.kind === "us_bankruptcy" && /^\d{2}-\d{5}$/.test(record.docket_number)) continue;
      checked += 1;
      if (!caseIdMatches(registered, normalizeCaseId(registered, record.docket_number))) rejected.push(`${file}: ${record.docket_number}`);
    }
    expect(rejected).toEqual([]);
    expect(checked).toBeGreaterThan(40);
  });
});
