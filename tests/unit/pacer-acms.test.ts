// The ACMS reader (Second and Ninth Circuits): case details + docket entries JSON, on the real records of
// ../shared/corpus/pacer/acms against juriscraper's readings, plus constructed JSON for what the corpus
// lacks (a sealed case, an entry without its creation time, pages that are not ACMS cases).
import { describe, expect, it } from "vitest";
import { acmsCourtCode } from "@/lib/sources/pacer/acms-court";
import { originatingCourtCode } from "@/lib/sources/pacer/acms-originating-court";
import { findCourt } from "@/lib/courts/registry";
import { courtTimezone } from "@/lib/courts/timezone";
import { toTimestamp } from "@/lib/sources/normalize/normalize-date";
import { readAcmsCase } from "@/lib/sources/pacer/read-acms-case";
import { instantToZonedIso } from "@/lib/sources/zoned-time";
import { readSavedPage } from "@/lib/sources/read-saved-page";
import { SAVED_PAGE_READERS } from "@/lib/sources/saved-page-readers";
import type { DocketRead, SourceCase } from "@/lib/sources/types";
import { corpusFiles, corpusJson, corpusText, HAS_CORPUS } from "@/tests/helpers/corpus";

const FOLDER = "pacer/acms";
const norm = (text: unknown) => String(text ?? "").normalize("NFKD").toLowerCase().replace(/[^a-z0-9]+/g, "");

function read(json: string): DocketRead {
  const result = readAcmsCase(json);
  if (result.kind !== "case") throw new Error(`refused: ${result.message}`);
  return result;
}

const caseOf = (relative: string): SourceCase => read(corpusText(relative)).case;

/** A minimal ACMS JSON in the browser-mapped shape. */
function acmsJson(details: Record<string, unknown>, docket: Record<string, unknown>): string {
  return JSON.stringify({ caseDetails: { caseNumber: "23-1234", name: "Doe v. Roe", ...details }, docketInfo: { isCaseSealed: false, docketEntries: [], ...docket } });
}

interface Expected {
  parties: Array<{ name: string; type?: string; date_terminated?: string; attorneys: Array<{ name: string }> }>;
  docket_entries: Array<{ document_number: number; date_filed: string; description: string; pacer_doc_id: string }>;
}

describe("ACMS refusals and constructed cases", () => {
  it("is in the parse command's table as a docket reader for appellate courts", () => {
    expect(SAVED_PAGE_READERS.acms).toMatchObject({ kind: "docket", court: { kind: "us_appellate", system: "ACMS" } });
  });

  it("refuses a sealed case", () => {
    const sealed = acmsJson({}, { isCaseSealed: true });
    expect(readAcmsCase(sealed)).toMatchObject({ kind: "refused", reason: "sealed" });
  });

  it("reads an entry's number, documents and filing day in each JSON form they take", () => {
    const text = "<p>ORDER, FILED. [Entered: 10/02/2023 01:05 PM]</p>";
    const json = acmsJson({}, {
      docketEntries: [
        // The filing day (09/29) is not the entered day (10/02): the day must come from the date fields.
        { entryNumber: 1, endDate: "2023-09-29", docketEntryId: "a", docketEntryText: text, documentCount: 1 },
        { entryNumber: "2", endDate: "2023-09-29T00:00:00", docketEntryId: "b", docketEntryText: text, documentCount: "1" },
        { entryNumber: 3, endDate: "2023-09-29T00:00:00Z", docketEntryId: "c", docketEntryText: text, documentCount: "0" },
        { entryNumber: 4, endDate: null, endDateFormatted: "09/29/2023", docketEntryId: "d", docketEntryText: text },
        { entryNumber: "five", docketEntryId: "e", docketEntryText: text, documentCount: 2 },
      ],
    });
    expect(read(json).case.entries.map((entry) => [entry.number, entry.filed, entry.documentId])).toEqual([
      [1, "2023-09-29", "a"],
      [2, "2023-09-29", "b"],
      [3, "2023-09-29", null],
      [4, "2023-09-29", null],
      // No number and no date field: unnumbered, dated by its entered stamp.
      [null, "2023-10-02", "e"],
    ]);
  });

  it("refuses what is not an ACMS case", () => {
    expect(readAcmsCase('{"results": []}')).toMatchObject({ kind: "refused", reason: "not_a_docket" });
    expect(readAcmsCase("<html><body>Login</body></html>")).toMatchObject({ kind: "refused", reason: "not_a_docket" });
    expect(readAcmsCase('{"caseDetails": {"caseNumber": ')).toMatchObject({ kind: "refused", reason: "unreadable" });
    expect(readAcmsCase(JSON.stringify({ caseDetails: { name: "No number" } }))).toMatchObject({ kind: "refused" });
  });

  it("takes the entered time from the text's stamp, and the creation instant only where the text has none", () => {
    const json = acmsJson({}, {
      docketEntries: [
        { entryNumber: 2, endDate: "2023-10-02", docketEntryId: "b", docketEntryText: "<p>ORDER, FILED. [Entered: 10/02/2023 01:05:09 PM]</p>" },
        { entryNumber: 1, endDate: "2023-09-29", docketEntryId: "a", docketEntryText: "<p>NOTICE, FILED. [Entered: 10/02/2023 11:17 AM]</p>", createdOn: "2023-10-02T15:10:22Z" },
        { entryNumber: 3, endDate: "2023-10-03", docketEntryId: "c", docketEntryText: "<p>NOTICE, FILED.</p>", createdOn: "2023-10-03T15:10:22Z", documentCount: 1 },
        // A stamp that contradicts itself (00 in the afternoon, 13 on a 12-hour clock) is no stamp: was 12:05 / 13:05.
        { entryNumber: 4, endDate: "2023-10-04", docketEntryId: "d", docketEntryText: "<p>NOTICE. [Entered: 10/04/2023 00:05 PM]</p>", createdOn: "2023-10-04T15:10:22Z" },
        { entryNumber: 5, endDate: "2023-10-04", docketEntryId: "e", docketEntryText: "<p>NOTICE. [Entered: 10/04/2023 13:05 AM]</p>", createdOn: "2023-10-04T16:10:22Z" },
      ],
    });
    const entries = read(json).case.entries;
    expect(entries.map((entry) => [entry.number, entry.filed, entry.entered, entry.sequence])).toEqual([
      // The stamp is to the minute: no seconds are made up.
      [1, "2023-09-29", "2023-10-02T11:17", "a"],
      [2, "2023-10-02", "2023-10-02T13:05:09", "b"],
      [3, "2023-10-03", "2023-10-03T15:10:22Z", "c"],
      [4, "2023-10-04", "2023-10-04T15:10:22Z", "d"],
      [5, "2023-10-04", "2023-10-04T16:10:22Z", "e"],
    ]);
    // The entry GUID is the handle on an entry's documents: only an entry with documents has one.
    expect(entries.map((entry) => entry.documentId)).toEqual([null, null, "c", null, null]);
  });

  it("dates an entry with neither endDate nor stamp by its creation instant, not by that instant's UTC day", () => {
    // 03:10 UTC on 3 October is the evening of 2 October in New York (and in San Francisco): the UTC date is the next day.
    const json = acmsJson({}, { docketEntries: [{ entryNumber: 1, docketEntryId: "a", docketEntryText: "<p>NOTICE, FILED.</p>", createdOn: "2023-10-03T03:10:22Z" }] });
    const [entry] = read(json).case.entries;
    expect(entry!.filed).not.toBe("2023-10-03");
    // As served: the stored instant rendered in the court's zone (lib/cases/read-cached-case.ts).
    for (const code of ["ca2", "ca9"]) {
      const zone = courtTimezone(findCourt(code)!);
      expect(instantToZonedIso(Date.parse(toTimestamp(entry!.filed, zone)), zone).slice(0, 10), code).toBe("2023-10-02");
    }
  });

  it("maps district court names to registry codes only where the name says which district", () => {
    expect(originatingCourtCode("S.D.N.Y . (NEW YORK CITY)")).toBe("nysd");
    expect(originatingCourtCode("E.D.N.Y.")).toBe("nyed");
    expect(originatingCourtCode("D. Conn.")).toBe("ctd");
    expect(originatingCourtCode("San Diego, Southern California")).toBe("casd");
    expect(originatingCourtCode("Tacoma, Western Washington")).toBe("wawd");
    expect(originatingCourtCode("District of Oregon")).toBe("ord");
    expect(originatingCourtCode("Seattle, Washington")).toBe(""); // two districts, none named
    expect(originatingCourtCode("Board of Immigration Appeals")).toBe("");
    expect(originatingCourtCode("Department of Justice")).toBe("");
  });

  it("tells the circuit by the originating court, the court's own words, or its clock", () => {
    expect(acmsCourtCode({ places: ["D. Vt."], texts: [], clock: [] })).toBe("ca2");
    expect(acmsCourtCode({ places: [null, "Phoenix, Arizona"], texts: [], clock: [] })).toBe("ca9");
    expect(acmsCourtCode({ places: [], texts: ["All briefs pursuant to 9th Cir. R. 31-2.1."], clock: [] })).toBe("ca9");
    // 13:16 Pacific daylight time is 20:16 UTC: the stamp was written on a Pacific clock.
    const pacific = { createdOn: "2023-09-26T20:14:03Z", enteredLocal: { year: 2023, month: 9, day: 26, hour: 13, minute: 16 } };
    expect(acmsCourtCode({ places: [], texts: [], clock: [pacific] })).toBe("ca9");
    expect(acmsCourtCode({ places: [], texts: [], clock: [] })).toBeNull();
  });

  it("tells only the circuits that run ACMS: another circuit's place or citation is no evidence", () => {
    // The Tax Court sits in Washington; the case is the Ninth Circuit's, as its entries say.
    const ninth = "Court of Appeals for the Ninth Circuit";
    expect(acmsCourtCode({ places: [null, "Washington, District of Columbia"], texts: [ninth], clock: [] })).toBe("ca9");
    // An order citing the Fifth Circuit twice is still the Second Circuit's.
    expect(acmsCourtCode({ places: [], texts: ["As the Fifth Circuit held, and the Fifth Circuit again", "Second Circuit Local Rule 31.2"], clock: [] })).toBe("ca2");
    expect(acmsCourtCode({ places: ["D. Mass."], texts: [], clock: [] })).toBeNull();
  });
});

describe.skipIf(!HAS_CORPUS)("ACMS reader on the corpus", () => {
  const files = corpusFiles(FOLDER, ".acms_json");

  it("reads every record without an exception, through the API's normalization too", () => {
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const output = readSavedPage(SAVED_PAGE_READERS.acms!, corpusText(file));
      expect(output, file).toHaveProperty("cases");
    }
  });

  it("reads the header, the court and the originating court", () => {
    const raji = read(corpusText(`${FOLDER}/ca2_23-7222.acms_json`));
    expect(raji.courtCode).toBe("ca2");
    expect(raji.case).toMatchObject({
      caseNumber: "23-7222",
      title: "United States of America v. Raji",
      caseType: "Criminal, Direct Criminal",
      dateFiled: "2023-10-02",
      appellate: { appealType: "Criminal, Direct Criminal", originatingCourt: { courtCode: "nysd", courtName: "S.D.N.Y . (NEW YORK CITY)" } },
    });
    const prisoner = read(corpusText(`${FOLDER}/ca9_23-2435.acms_json`));
    expect(prisoner.courtCode).toBe("ca9");
    expect(prisoner.case.caseType).toBe("Prisoner, Private, Civil Rights");
    expect(prisoner.case.appellate?.originatingCourt).toEqual({ courtCode: "casd", caseId: "3:18-cv-01122-AGS", courtName: "San Diego, Southern California" });
    // An agency case: the agency is not a district court; the hearing place tells the circuit.
    const immigration = read(corpusText(`${FOLDER}/ca9_22-22.acms_json`));
    expect(immigration.courtCode).toBe("ca9");
    expect(immigration.case.appellate?.originatingCourt).toMatchObject({ courtCode: "", courtName: "Board of Immigration Appeals, San Francisco Northern California" });
    // Nothing but the entries' clock says where a Department of Justice petition is.
    expect(read(corpusText(`${FOLDER}/ca2_23-7246.acms_json`)).courtCode).toBe("ca2");
  });

  it("reads the party table: names, role wording, terminations, attorneys with firm and role", () => {
    const [usa, raji] = caseOf(`${FOLDER}/ca2_23-7222.acms_json`).parties;
    expect(usa).toMatchObject({ name: "UNITED STATES OF AMERICA", role: "Appellee USA" });
    expect(usa?.attorneys).toEqual([
      { name: "Won S. Shin", firm: "United States Attorney's Office for the Southern District of New York", role: "US Attorney", dateAction: null },
    ]);
    // The alias line is neither the name nor the role.
    expect(raji).toMatchObject({ name: "MUSTAPHA RAJI", role: "Appellant", dateTerminated: null });
    expect(raji?.attorneys?.[0]).toMatchObject({ name: "Jeremy Schneider", firm: "Rothman, Schneider, Soloway & Stern, LLP", role: "CJA Appointment" });

    const doj = caseOf(`${FOLDER}/ca2_23-7246.acms_json`).parties.find((party) => party.name === "UNITED STATES DEPARTMENT OF JUSTICE");
    expect(doj).toMatchObject({ role: "Respondent", dateTerminated: "10/06/2023" });
    expect(doj?.attorneys?.map((lawyer) => [lawyer.name, lawyer.role, lawyer.dateAction])).toEqual([
      ["Urja Mittal", "US Attorney; Terminated", "10/06/2023"],
      ["Mark B. Stern", "US Attorney; Terminated", "10/06/2023"],
      ["Benjamin H. Torrance", "US Attorney; Terminated", "10/05/2023"],
      ["Lena D Watkins", "US Attorney; Terminated", "10/05/2023"],
    ]);

    // A pro se party lists an address, not a firm; the restricted alien number appears nowhere.
    const mythong = caseOf(`${FOLDER}/ca9_23-2412.acms_json`).parties[0];
    expect(mythong).toMatchObject({ name: "ROT MYTHONG", role: "Petitioner" });
    expect(mythong?.attorneys).toEqual([{ name: "Rot Mythong", firm: null, role: "Pro Se", dateAction: null }]);
    expect(JSON.stringify(mythong)).not.toContain("A023-780-088");
  });

  it("finds every party and attorney juriscraper found, with its role", () => {
    for (const file of files) {
      const ours = caseOf(file).parties;
      const expected = corpusJson<Expected>(file.replace(/\.acms_json$/, ".json"));
      for (const party of expected.parties) {
        const mine = ours.find((candidate) => norm(candidate.name) === norm(party.name));
        expect(mine, `${file}: ${party.name}`).toBeDefined();
        if (party.type) expect(norm(mine?.role), `${file}: ${party.name}`).toBe(norm(party.type));
        for (const lawyer of party.attorneys) {
          expect(mine?.attorneys?.some((candidate) => norm(lawyer.name).startsWith(norm(candidate.name))), `${file}: ${lawyer.name}`).toBe(true);
        }
      }
    }
  });

  it("keeps every entry of an out-of-order list with its own number, dates and id", () => {
    const file = `${FOLDER}/ca2_23-7246.acms_json`;
    const raw = corpusJson<{ docketInfo: { docketEntries: Array<{ entryNumber: number; endDate: string; docketEntryId: string; createdOn: string }> } }>(file);
    const numbers = raw.docketInfo.docketEntries.map((entry) => entry.entryNumber);
    expect(numbers).not.toEqual([...numbers].sort((a, b) => a - b)); // the record really is out of order
    const entries = caseOf(file).entries;
    expect(entries).toHaveLength(raw.docketInfo.docketEntries.length);
    for (const given of raw.docketInfo.docketEntries) {
      const mine = entries.filter((entry) => entry.sequence === given.docketEntryId);
      expect(mine).toHaveLength(1);
      expect(mine[0]).toMatchObject({ number: given.entryNumber, filed: given.endDate });
      expect(mine[0]!.entered).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/);
    }
    expect(entries.map((entry) => entry.number)).toEqual([...numbers].sort((a, b) => a - b));
  });

  it("agrees with juriscraper on every entry's number, filing date and text, whatever the order", () => {
    for (const file of files) {
      const entries = caseOf(file).entries;
      const expected = corpusJson<Expected>(file.replace(/\.acms_json$/, ".json")).docket_entries;
      expect(entries, file).toHaveLength(expected.length);
      for (const want of expected) {
        const mine = entries.find((entry) => entry.number === want.document_number);
        expect(mine, `${file} #${want.document_number}`).toMatchObject({ filed: want.date_filed.slice(0, 10), sequence: want.pacer_doc_id });
        // Plain text, every word kept (the "[Entered: ...]" stamp included).
        expect(mine?.text).not.toMatch(/<[a-z/]/i);
        expect(norm(mine?.text)).toBe(norm(want.description));
      }
    }
  });

  it("keeps the line breaks of a multi-paragraph entry", () => {
    const notice = caseOf(`${FOLDER}/ca9_23-2412.acms_json`).entries.find((entry) => entry.number === 6);
    expect(notice?.text.split("\n").length).toBeGreaterThan(1);
    expect(notice?.text).toMatch(/^SCHEDULE NOTICE\. Certified Administrative Record due 10\/31\/2023/);
    expect(notice?.text).toMatch(/\[Entered: 09\/26\/2023 01:19 PM\]$/);
  });
});
