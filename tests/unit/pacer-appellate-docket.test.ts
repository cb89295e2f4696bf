// The CM/ECF appellate docket reader (TransportRoom CaseSummary) on the real records of ../shared/corpus:
// the stub, parties and attorneys, entries with and without numbers, document ids, the appellate object,
// and refusals of pages that are not a docket.
import { describe, expect, it } from "vitest";
import { caseFullSchema, type CaseFull } from "@/contract";
import { appellateCourtOf, bankruptcyCourtNamed, districtCourtNamed } from "@/lib/sources/pacer/appellate-courts";
import { readAppellateDocket } from "@/lib/sources/pacer/read-appellate-docket";
import { readSavedPage } from "@/lib/sources/read-saved-page";
import { SAVED_PAGE_READERS } from "@/lib/sources/saved-page-readers";
import type { DocketRead, PageRefusal, SourceCase } from "@/lib/sources/types";
import { HAS_CORPUS, NO_CORPUS_MESSAGE, corpusFiles, corpusJson, corpusText } from "../helpers/corpus";

const FOLDER = "pacer/appellate";

function read(name: string): { case: SourceCase; courtCode: string | null } {
  const result = readAppellateDocket(corpusText(`${FOLDER}/${name}.html`));
  if (result.kind !== "case") throw new Error(`${name} refused: ${result.message}`);
  return result;
}

describe("refusals (no corpus needed)", () => {
  it("refuses an error page with a reason, never an empty case", () => {
    const result = readAppellateDocket("<html><head><title>Error</title></head><body><h3>Error: case not found</h3></body></html>");
    expect(result).toMatchObject({ kind: "refused", reason: "case_not_found" });
    expect((result as PageRefusal).message).toMatch(/case not found/i);
  });

  it("refuses a login form", () => {
    const page = `<html><head><title>PACER Login</title></head><body><form action="TransportRoom">
      Login: <input name="login"> Password: <input type="password" name="key"></form></body></html>`;
    expect(readAppellateDocket(page)).toMatchObject({ kind: "refused", reason: "login_required" });
  });

  it("refuses a page that has no case stub", () => {
    expect(readAppellateDocket("<html><body><p>Welcome to CM/ECF</p></body></html>")).toMatchObject({ kind: "refused", reason: "not_a_docket" });
    expect(readAppellateDocket("")).toMatchObject({ kind: "refused" });
  });

  it("is registered as pacer-appellate, assuming a court of appeals", () => {
    expect(SAVED_PAGE_READERS["pacer-appellate"]).toMatchObject({ kind: "docket", court: { kind: "us_appellate", system: "CM/ECF Appellate" } });
  });
});

describe("court names mapped onto the registry (no corpus needed)", () => {
  it.each([
    ["District of Massachusetts, Boston", "mad"],
    ["Southern District of Florida", "flsd"],
    ["District Court of New Hampshire, Concord", "nhd"],
    ["Eastern District of Tennessee at Knoxville", "tned"],
    ["U.S. District Court for Northern California, Oakland", "cand"],
    ["United States District Court for the District of Columbia", "dcd"],
    ["Middle District of Pennsylvania (Harrisburg)", "pamd"],
    ["District of the Virgin Islands", "vid"],
  ])("%s → %s", (printed, code) => {
    expect(districtCourtNamed(printed)?.court_code).toBe(code);
  });

  it("names no court where the page does not say which one", () => {
    for (const printed of ["Board of Immigration Appeals (BIA)", "Department of Veteran Affairs", "District of California", "United States Tax Court"]) {
      expect(districtCourtNamed(printed), printed).toBeNull();
    }
    expect(bankruptcyCourtNamed("California - Fresno")).toBeNull();
  });

  it("maps a bankruptcy appellate panel's origin onto the bankruptcy court", () => {
    expect(bankruptcyCourtNamed("Nevada - Las Vegas")?.court_code).toBe("nvb");
    expect(bankruptcyCourtNamed("Central California - Los Angeles")?.court_code).toBe("cacb");
  });

  it("names the appellate court from its heading, else from its CM/ECF host", () => {
    expect(appellateCourtOf(["General Docket", "United States Court of Appeals for the District of Columbia Circuit"], [])).toBe("cadc");
    expect(appellateCourtOf(["U. S. Bankruptcy Appellate Panel for the Tenth Circuit"], [])).toBe("bap10");
    expect(appellateCourtOf([], ["https://ecf.ilnd.uscourts.gov/cgi-bin/DktRpt.pl?1", "https://ecf.ca7.uscourts.gov/cmecf/servlet/TransportRoom?servlet=x"])).toBe("ca7");
    expect(appellateCourtOf(["General Docket"], ["https://ecf.mad.uscourts.gov/cgi-bin/DktRpt.pl?1"])).toBeNull();
  });
});

describe.skipIf(!HAS_CORPUS)(`CM/ECF appellate dockets in the corpus${HAS_CORPUS ? "" : ` (${NO_CORPUS_MESSAGE})`}`, () => {
  it("refuses the PACER login page", () => {
    const result = readAppellateDocket(corpusText("pacer/authentication_samples/please_log_in.html"));
    expect(result).toMatchObject({ kind: "refused", reason: "login_required" });
  });

  it("reads the stub: number, title, dates, nature of suit, case type, court", () => {
    const { case: docket, courtCode } = read("ca1");
    expect(courtCode).toBe("ca1");
    expect(docket).toMatchObject({
      caseNumber: "10-1095",
      title: "Samuels v. Deutsche Bank National Trust C",
      dateFiled: "01/27/2010",
      dateTerminated: "05/24/2010",
      natureOfSuit: "3422 Appeal 28 USC 158",
      caseType: "civil, private, bankruptcy",
    });
    const open = read("ca5_212643").case;
    expect(open.caseNumber).toBe("23-30126");
    expect(open.dateTerminated).toBeNull();
    expect(open.caseType).toBe("Criminal (DCRIM), Direct Criminal");
  });

  it("names the court from the page heading, also where links go to another court's host", () => {
    // The Ninth Circuit's BAP serves documents from ecf.ca9; the Veterans Court from its own host.
    expect(read("bap9_15-1074").courtCode).toBe("bap9");
    expect(read("cavc_18-3815").courtCode).toBe("cavc");
    expect(read("cadc_1").courtCode).toBe("cadc");
    expect(read("ca11_2").courtCode).toBe("ca11");
  });

  it("reads parties with the court's role wording, terminated dates and attorneys", () => {
    const parties = read("ca1_2").case.parties;
    expect(parties.map((party) => [party.name, party.role])).toEqual([
      ["WESCLEY FONSECA PEREIRA", "Petitioner"],
      ["LORETTA E. LYNCH, Attorney General", "Respondent"],
      ["JEFFERSON B. SESSIONS, III, Attorney General", "Respondent"],
    ]);
    expect(parties[1]).toMatchObject({ dateTerminated: "07/31/2017", attorneys: [] });
    expect(parties[0]!.attorneys).toEqual([{ name: "Jeffrey Brian Rubin", firm: "Rubin Pomerleau PC", role: "COR NTC Retained" }]);
    expect(parties[2]!.attorneys!.map((attorney) => attorney.name)).toEqual([
      "LaTia N. Bing",
      "Jesse David Lorenz",
      "Benjamin C. Mizer",
      "Sarah Pergolizzi",
      "Kohsei Ugumori",
    ]);

    const criminal = read("ca6_1").case.parties;
    expect(criminal[1]).toMatchObject({ name: "RICARDO ALVARADO (#20575-509)", role: "Defendant - Appellant" });
    // A party representing itself has no firm: the line after its roles is its own address.
    expect(criminal[1]!.attorneys).toContainEqual({ name: "Ricardo Alvarado", firm: null, role: "NTC Pro Se" });
    // "(see above)": the attorney's firm is the one printed the first time.
    expect(criminal[3]!.attorneys).toEqual([{ name: "Joseph Greenlee", firm: "FPC Action Foundation", role: "COR LD NTC Retained" }]);
  });

  it("reads a long party list with the trailing comma of the role dropped", () => {
    const parties = read("ca9_2").case.parties;
    expect(parties).toHaveLength(153);
    expect(parties[0]).toMatchObject({ name: "STATE OF HAWAII", role: "Plaintiff - Appellee" });
    expect(parties.filter((party) => party.role === "Intervenor - Pending" && party.dateTerminated === "04/21/2017").length).toBeGreaterThan(0);
  });

  it("reads entries without numbers: date, full text, entered time, de_seq_num, docs1 id", () => {
    const entries = read("ca1").case.entries;
    expect(entries).toHaveLength(16);
    expect(entries[0]).toEqual({
      number: null,
      filed: "01/27/2010",
      entered: "01/27/2010 12:25 PM",
      sequence: "5412358",
      text: expect.stringMatching(/^CIVIL CASE docketed\. Notice of appeal \(doc\. #12\).*\[Entered: 01\/27\/2010 12:25 PM\]$/),
      documentId: "00106008873",
      documentUrl: "https://ecf.ca1.uscourts.gov/docs1/00106008873",
    });
    // An entry without a document has no id; the size line of the document cell is not a number.
    expect(entries[1]).toMatchObject({ number: null, documentId: null, sequence: "5412363" });
  });

  it("reads numbered entries, with and without a document link", () => {
    const entries = read("ca5_212643").case.entries;
    expect(entries[0]).toMatchObject({ number: 1, filed: "03/07/2023", documentId: "00506667755", sequence: "10057372" });
    expect(entries[3]).toMatchObject({ number: 6, documentId: null });
    const ninth = read("ca9_1").case.entries;
    expect(ninth[0]).toMatchObject({ number: 319, documentId: "009029155384", sequence: null });
    expect(ninth[0]!.text).toMatch(/^Supreme Court Case Info Case number: 16-1540 Filed on: 06\/26\/2017/);
  });

  it("keeps attachment lists out of the entries and the entry's own document id", () => {
    const entries = read("ca1_46307").case.entries;
    expect(entries).toHaveLength(corpusJson<{ docket_entries: unknown[] }>(`${FOLDER}/ca1_46307.json`).docket_entries.length);
    expect(entries[0]).toMatchObject({ documentId: "00107523228", sequence: "6301730" });
  });

  it("reads the BAP's docs4 document links as printed, and a docket with no entry section", () => {
    const bap = read("bap9_15-1074").case.entries;
    expect(bap[1]).toMatchObject({ number: 36, documentId: "0090284296" });
    expect(read("ca1_3").case.entries).toEqual([]);
    expect(read("ca9_293296").case.entries).toEqual([]);
  });

  it("reads the appellate object: appeal type, panel, originating court and number, oral argument", () => {
    expect(read("ca1").case.appellate).toEqual({
      appealType: "civil",
      panel: [],
      originatingCourt: { courtCode: "mad", caseId: "1:09-cv-11783", courtName: "U.S. District Court for the District of Massachusetts" },
      oralArgumentDate: null,
    });
    // The panel and its hearing date; an agency origin has no registry code, and the alien number printed
    // as its "case number" is restricted, so it is not repeated.
    expect(read("ca1_2").case.appellate).toEqual({
      appealType: "agency",
      panel: ["SLL", "KVL", "RT"],
      originatingCourt: { courtCode: "", caseId: "", courtName: "Board of Immigration Appeals (BIA)" },
      oralArgumentDate: "09/13/2016",
    });
    expect(read("ca5_212643").case.appellate?.originatingCourt).toMatchObject({ courtCode: "lawd", caseId: "6:21-cr-00138" });
    expect(read("bap9_15-1074").case.appellate?.originatingCourt).toMatchObject({ courtCode: "nvb", caseId: "14-16024" });
    expect(read("ca9_293296").case.appellate?.originatingCourt?.courtCode).toBe("cand");
    expect(read("cadc_1").case.appellate?.originatingCourt).toBeNull();
    expect(read("ca1").case.crossReferences).toEqual([{ relationship: "appeal_from", caseId: "1:09-cv-11783", courtCode: "mad", note: null }]);
  });

  it("reads a docketed sealed case as a case, not a refusal", () => {
    expect(read("cadc_1").case.title).toBe("In re: Sealed Case");
  });

  it("reads a docket whose number is printed with the clerk's team letters or padded, as it reads the plain one", () => {
    const page = corpusText(`${FOLDER}/ca11_1.html`);
    const printed = (number: string) => page.replace("<b>Court of Appeals Docket #: </b>18-90014", `<b>Court of Appeals Docket #: </b>${number}`);
    expect(printed("18-90014")).toBe(page);
    const at = new Date("2026-01-01T00:00:00Z");
    const plain = readSavedPage(SAVED_PAGE_READERS["pacer-appellate"]!, page, at) as { cases: CaseFull[] };
    for (const number of ["18-90014-J", "18-90014-DD", "18-090014"]) {
      // The case number shows what the court printed; everything else is the same reading.
      const variant = readSavedPage(SAVED_PAGE_READERS["pacer-appellate"]!, printed(number), at);
      expect(variant, number).toEqual({ cases: [{ ...plain.cases[0], case_number: number }] });
    }
  });

  it("reads the parties of the marked party section whatever width its cells are laid out with", () => {
    for (const name of ["ca1", "ca1_46307", "ca9_2"]) {
      const page = corpusText(`${FOLDER}/${name}.html`);
      const parties = read(name).case.parties;
      expect(parties.length, name).toBeGreaterThan(0);
      for (const width of ['width="45%"', "", 'WIDTH="50%"']) {
        const variant = page.replace(/\swidth=["']?50%["']?/gi, width ? ` ${width}` : "");
        const result = readAppellateDocket(variant);
        expect(result.kind === "case" ? result.case.parties : result, `${name} ${width || "no width"}`).toEqual(parties);
      }
    }
  });

  it("takes no row after the party section as a party when the page marks no section after it", () => {
    for (const name of ["ca1", "ca5_212643", "cadc_1"]) {
      const page = corpusText(`${FOLDER}/${name}.html`);
      // The sections after the party list left unmarked: what follows it (the caption, the entries, PACER's
      // receipt table) has two-cell rows that are no parties.
      const unmarked = page.replace(/<!--[^>]*NEW SECTION - (?:Case Caption|DOCKET ENTRIES)[^>]*-->/g, "");
      expect(unmarked, name).not.toBe(page);
      const result = readAppellateDocket(unmarked);
      expect(result.kind === "case" ? result.case.parties : result, name).toEqual(read(name).case.parties);
    }
  });

  it("reads every file without throwing, and each becomes a valid API case", () => {
    const files = corpusFiles(FOLDER, ".html");
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const result: DocketRead | PageRefusal = readAppellateDocket(corpusText(file));
      expect(result.kind, file).toBe("case");
      const output = readSavedPage(SAVED_PAGE_READERS["pacer-appellate"]!, corpusText(file), new Date("2026-11-23T00:00:00Z"));
      expect("cases" in output, file).toBe(true);
      if ("cases" in output) expect(() => caseFullSchema.parse(output.cases[0]), file).not.toThrow();
    }
  });

  it("refuses every non-docket page of the corpus", () => {
    for (const file of [...corpusFiles("pacer/not_dockets", ".html"), ...corpusFiles("pacer/authentication_samples", ".html")]) {
      expect(readAppellateDocket(corpusText(file)).kind, file).toBe("refused");
    }
  });
});
