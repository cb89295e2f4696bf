// The CM/ECF docket report reader (DktRpt.pl: district, bankruptcy, CIT, JPML) on the real records of
// ../shared/corpus: one test per layout the courts print, the header and its bankruptcy and criminal
// parts, attorneys, the mapping onto SourceCase, one refusal per reason, every corpus file, and speed.
// Layouts no corpus record shows (number merged into the text cell, a cell the heading does not announce)
// are built from a real record's own rows.
import { describe, expect, it } from "vitest";
import { entryRows, syntheticDocket } from "../helpers/synthetic-docket";
import { detectRefusal } from "@/lib/sources/pacer/detect-refusal";
import { type DocketReportDetails, readDocketReport, readDocketReportDetails } from "@/lib/sources/pacer/read-docket-report";
import { isSameCase, printedCaseNumbers } from "@/lib/sources/pacer/printed-case-number";
import { type CmEcfNumber, splitCmEcfNumber } from "@/lib/sources/pacer/split-cmecf-number";
import { SAVED_PAGE_READERS } from "@/lib/sources/saved-page-readers";
import type { PageRefusal, SourceCase } from "@/lib/sources/types";
import { HAS_CORPUS, NO_CORPUS_MESSAGE, corpusFiles, corpusJson, corpusText } from "../helpers/corpus";

function details(file: string, html = corpusText(file)): DocketReportDetails {
  const read = readDocketReportDetails(html);
  if ("kind" in read) throw new Error(`${file} refused: ${read.message}`);
  return read;
}

function sourceCase(file: string, html = corpusText(file)): SourceCase {
  const read = readDocketReport(html);
  if (read.kind !== "case") throw new Error(`${file} refused: ${read.message}`);
  return read.case;
}

/** The data rows of a page's first entries table (the <tr> after the "Docket Text" heading row, to </table>). */
describe("without the corpus", () => {
  it("is registered as pacer-docket, assuming a district court on CM/ECF", () => {
    expect(SAVED_PAGE_READERS["pacer-docket"]).toMatchObject({ kind: "docket", court: { kind: "us_district", system: "CM/ECF" } });
  });

  it("refuses an empty page or a page of another kind as not a docket", () => {
    expect(readDocketReport("")).toMatchObject({ kind: "refused", reason: "not_a_docket" });
    expect(readDocketReport("<html><body><p>Welcome to CM/ECF</p></body></html>")).toMatchObject({ kind: "refused", reason: "not_a_docket" });
  });
});

describe.skipIf(!HAS_CORPUS)(`docket report layouts (${HAS_CORPUS ? "corpus" : NO_CORPUS_MESSAGE})`, () => {
  it("several entry tables: a long bankruptcy docket continues in tables without a heading, all read in order", () => {
    const read = details("pacer/bankruptcy/casb.html");
    const expected = corpusJson<{ docket_entries: unknown[] }>("pacer/bankruptcy/casb.json").docket_entries;
    expect(read.entries).toHaveLength(expected.length);
    // 100 rows per table: #65 ends the first, #66 opens the second, #129 the third.
    expect(read.entries.map((entry) => entry.number)).toEqual(expect.arrayContaining([65, 66, 128, 129, 185]));
    expect(read.entries[100]).toMatchObject({ number: 66, dateFiled: "1997-02-24", dateEntered: "1997-02-27" });
    expect(read.entries.at(-1)).toMatchObject({ number: 185, dateFiled: "2010-01-28" });
  });

  it('"1 (38 pgs)": the page count after the number leaves the number', () => {
    const read = details("pacer/bankruptcy/txnb_420776.html");
    expect(read.entries[0]).toMatchObject({ number: 1, numberText: "1 (38 pgs)", documentId: "170030734191" });
    expect(read.entries[0]!.text).toMatch(/^Chapter 13 Voluntary Petition/);
    // The page links relatively: the link is made absolute with the court the page names.
    expect(read.entries[0]!.documentUrl).toBe("https://ecf.tnwb.uscourts.gov/doc1/170030734191");
  });

  it('"view multiple documents": the checkbox column is no number, attachment rows (no date) are no entries', () => {
    const read = details("pacer/district/cand_7.html");
    expect(read.entries.map((entry) => entry.number)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(read.entries[0]).toMatchObject({ dateFiled: "2023-09-05", documentId: "035023513538", sequence: "10" });
    expect(read.entries[0]!.text).toMatch(/^COMPLAINT against Microsoft Corporation/);
    expect(read.entries[0]!.attachments).toEqual([
      { number: 0, description: "Main Document", pages: 121 },
      { number: 1, description: "Civil Cover Sheet", pages: 2 },
    ]);
    expect(read.entries[1]).toMatchObject({ number: 2, documentId: null, attachments: [] });
  });

  it("rows without a date are skipped, the dated rows around them kept", () => {
    const html = corpusText("pacer/district/cand_2.html");
    const { before, rows, after } = entryRows(html);
    const undated = rows.map((row) => row.replace(/<td width='94' valign=top nowrap>[0-9/]+<\/td>/, "<td width='94' valign=top nowrap>&nbsp;</td>"));
    const page = before + [rows[0], undated[1], rows[2]].join("") + after;
    expect(details("cand_2 with an undated row", page).entries.map((entry) => entry.number)).toEqual([1, 3]);
  });

  it("number merged into the text cell (no # column): the leading number and its link are the entry's", () => {
    const html = corpusText("pacer/special/cit_2.html");
    const { before, rows, after } = entryRows(html);
    const merged = rows.map((row) => row.replace(/<td style='white-space:nowrap' valign='top' align='right'>([\s\S]*?)&nbsp;<\/td><td valign=top>/, "<td valign=top>$1 "));
    const page = before.replace("<th>#</th>", "") + merged.join("") + after;
    const expected = details("pacer/special/cit_2.html").entries;
    const read = details("cit_2 merged", page).entries;
    expect(read.map((entry) => [entry.number, entry.documentId, entry.sequence, entry.text])).toEqual(
      expected.map((entry) => [entry.number, entry.documentId, entry.sequence, entry.text]),
    );
  });

  it("a cell the heading does not announce (an extra column, a leading cell) is read by what the cells hold", () => {
    const html = corpusText("pacer/district/akd.html");
    const { before, rows, after } = entryRows(html);
    const extra = rows.map((row) => row.replace("<tr>", "<tr><td>&nbsp;</td>").replace(/(<td width='94'[^>]*>[0-9/]+<\/td>)/, "$1<td>x</td>"));
    const expected = details("pacer/district/akd.html").entries;
    const read = details("akd with extra cells", before + extra.join("") + after).entries;
    expect(read).toHaveLength(expected.length);
    expect(read.map((entry) => [entry.number, entry.dateFiled, entry.documentId, entry.text])).toEqual(
      expected.map((entry) => [entry.number, entry.dateFiled, entry.documentId, entry.text]),
    );
  });

  it("bankruptcy '#' spanning two cells, de_seq_num from the link's query or id, show_doc.pl links known by their dm_id", () => {
    const akb = details("pacer/bankruptcy/akb.html");
    expect(akb.entries[0]).toMatchObject({ number: 8781, documentId: "02201226343", sequence: "723233" });
    const azb = details("pacer/bankruptcy/azb_12.html");
    expect(azb.entries[0]).toMatchObject({ number: 1, documentId: "dm:13502055", sequence: "2" });
    expect(azb.entries[0]!.documentUrl).toMatch(/^https:\/\/ecf\.azb\.uscourts\.gov\/cgi-bin\/show_doc\.pl\?caseid=499673&de_seq_num=2/);
  });
});

describe.skipIf(!HAS_CORPUS)("header, parties and the SourceCase", () => {
  it("maps a district docket onto SourceCase", () => {
    const found = readDocketReport(corpusText("pacer/district/cand_2.html"));
    expect(found).toMatchObject({ kind: "case", courtCode: "cand" });
    const source = sourceCase("pacer/district/cand_2.html");
    expect(source).toMatchObject({
      caseNumber: "3:08-cv-00177-SI",
      title: "Brady et al v. Deloitte & Touche LLP et al",
      caseType: "cv",
      dateFiled: "2008-01-10",
      dateTerminated: "2016-12-16",
      judge: "Susan Illston",
      natureOfSuit: "790 Labor: Other",
      cause: "28:1331 Fed. Question",
      juryDemand: "Plaintiff",
    });
    expect(source.parties[0]).toMatchObject({ name: "James Brady", role: "Plaintiff", dateTerminated: null });
    expect(source.parties[0]!.attorneys![0]).toEqual({
      name: "Wayne Scott Kreger",
      firm: "Law Offices of Wayne Kreger",
      role: "LEAD ATTORNEY; ATTORNEY TO BE NOTICED",
      dateAction: "2009-06-22",
    });
    expect(source.entries[0]).toMatchObject({ number: 1, filed: "2008-01-10", entered: "2008-01-11", documentId: "03504235952", sequence: "7" });
    expect(source.entries[0]!.text).toMatch(/^COMPLAINT \(summons issued\).*\(Entered: 01\/11\/2008\)$/);
  });

  it("'(See above for address)' takes the contact and firm of the attorney's first listing", () => {
    const read = details("pacer/district/cand_2.html");
    const cavanagh = read.parties.find((party) => party.name === "Sarah Cavanagh")!;
    expect(cavanagh.extraInfo).toEqual(["individually and on behalf of all others similarly situated"]);
    const kreger = cavanagh.attorneys.find((attorney) => attorney.name === "Wayne Scott Kreger")!;
    expect(kreger).toMatchObject({ seeAbove: true, firm: "Law Offices of Wayne Kreger", roles: ["LEAD ATTORNEY", "ATTORNEY TO BE NOTICED"] });
    expect(kreger.contact).toContain("Email: wayne@kregerlaw.com");
  });

  it("the referral, the docket number's parts (office, type, judges' initials, defendant) and jurisdiction", () => {
    const almd = details("pacer/district/almd.html");
    expect(almd).toMatchObject({ assignedTo: "William Keith Watkins", referredTo: "Susan Russ Walker", jurisdiction: "Federal Question" });
    expect(almd.docketNumberParts).toMatchObject({ office: "1", year: "08", type: "cv", serial: "00901", judgeInitials: ["WKW", "SRW"], defendant: null });
    const cit = details("pacer/special/cit.html");
    expect(cit.panel).toEqual(["Gregory W. Carman", "Timothy C. Stanceu", "Leo M. Gordon"]);
    expect(cit.docketNumberParts?.judgeInitials).toEqual(["GWC", "TCS", "LMG"]);
    const jpml = details("pacer/district/jpml_1551542.html");
    expect(jpml.docketNumberParts).toMatchObject({ prefix: "NYS", office: "1", type: "cv", serial: "10283" });
    expect(details("pacer/district/cand_7.html").demand).toBe("$5,000,000,000");
  });

  it("bankruptcy header: chapter, converted, discharged, terminated; the debtor names the case", () => {
    expect(details("pacer/bankruptcy/akb.html")).toMatchObject({ recordKind: "Bankruptcy Petition", chapter: "7", previousChapter: "11", dateFiled: "1995-04-14", dateConverted: "1995-11-08" });
    expect(details("pacer/bankruptcy/azb_42.html")).toMatchObject({ dateDischarged: "2010-01-28" });
    expect(details("pacer/bankruptcy/flsb_2.html")).toMatchObject({ dateConverted: "2008-12-02", dateTerminated: "2012-06-29" });
    expect(sourceCase("pacer/bankruptcy/akb.html")).toMatchObject({ title: "Markair, Inc., an AK corporation", caseType: "bk", judge: "Herbert A. Ross" });
    expect(sourceCase("pacer/bankruptcy/akb.html").parties.map((party) => party.role)).toContain("Creditor Committee");
  });

  it("adversary proceeding: two-digit years, natures of suit, demand, named for the lead case", () => {
    const read = details("pacer/bankruptcy/cacb_7.html");
    expect(read).toMatchObject({
      dateFiled: "2009-08-31",
      demand: "$7000",
      leadCase: "09-14018",
      natureOfSuit: "61 Dischargeability - 523(a)(5), domestic support; 64 Dischargeability - 523(a)(15), divorce/sep property settlement/decree",
    });
    expect(sourceCase("pacer/bankruptcy/cacb_7.html")).toMatchObject({ title: "Gregory Duane Hill and Laurie Ann Hill - Adversary Proceeding", caseType: "ap" });
    expect(sourceCase("pacer/bankruptcy/deb_2.html").title).toBe("WJ Holdings Liquidating Company, Debtors i and Streambank LLC/Intellectual Property - Adversary Proceeding");
  });

  it("criminal sections: counts, complaints and offense levels under the defendant; judge from the parties table", () => {
    const read = details("pacer/district/casd_3.html");
    expect(read).toMatchObject({ caption: "USA v. Pacheco-Ramos", assignedTo: "Bernard G. Skomal", magistrateCaseNumber: "3:14-mj-04224-BGS" });
    expect(read.docketNumberParts?.defendant).toBe(1);
    const defendant = read.parties[0]!;
    expect(defendant).toMatchObject({ name: "Jose Alfredo Pacheco-Ramos", role: "Defendant", defendantNumber: "1", dateTerminated: "2015-02-12" });
    expect(defendant.criminal).toEqual({
      pendingCounts: [
        { name: "18:758-High Speed Flight from Immigration Checkpoint (1)", disposition: "Dismissed without prejudice on the government's oral motion" },
        { name: "18:111(a)(1) - Assault on a Federal Officer (Misdemeanor) (2)", disposition: "CBOP time served. Penalty assessment $25.00 waived; no fine" },
      ],
      terminatedCounts: [],
      complaints: [{ name: "18:111(a)(1); 18:758 - Assault on a Federal Officer; High Speed Flight from Immigration Checkpoint", disposition: null }],
      highestOffenseLevelOpening: "Felony",
      highestOffenseLevelTerminated: null,
    });
    expect(read.parties[1]).toMatchObject({ name: "USA", role: "Plaintiff", criminal: null });
  });

  it("a listing repeated word for word (counterclaims) is one party; different listings stay", () => {
    const parties = sourceCase("pacer/district/txed.html").parties;
    expect(parties.filter((party) => party.name === "Yahoo! Inc" && party.role === "Counter Claimant")).toHaveLength(2);
    expect(parties.filter((party) => party.name === "AOL LLC")).toHaveLength(1);
  });

  it("names no court when the page links to none", () => {
    expect(readDocketReport(corpusText("pacer/district/cand_4.html"))).toMatchObject({ kind: "case", courtCode: null });
  });
});

describe.skipIf(!HAS_CORPUS)("refusals, one per reason", () => {
  const refused = (file: string, html = corpusText(file)) => readDocketReport(html) as PageRefusal;

  it("login_required: the login page served when the session has expired", () => {
    expect(refused("pacer/authentication_samples/please_log_in.html")).toMatchObject({ kind: "refused", reason: "login_required" });
  });

  it("sealed", () => {
    // No sealed page in the corpus: a real error page with the sealed message CM/ECF prints.
    const page = corpusText("pacer/not_dockets/ned_43267.html").replace("Case not found.", "This case is SEALED.");
    expect(refused("sealed", page)).toMatchObject({ reason: "sealed", message: expect.stringMatching(/SEALED/) });
  });

  it("case_not_found", () => {
    expect(refused("pacer/not_dockets/ned_43267.html")).toMatchObject({ reason: "case_not_found", message: expect.stringMatching(/Case not found/) });
  });

  it("no_documents: no documents, administratively closed, still being opened", () => {
    expect(refused("pacer/not_dockets/vaed_357297_1.html")).toMatchObject({ reason: "no_documents", message: expect.stringMatching(/no documents in this case/) });
    expect(refused("pacer/not_dockets/flsd_516827.html")).toMatchObject({ reason: "no_documents", message: expect.stringMatching(/administratively closed/) });
    expect(refused("pacer/not_dockets/flsd_521715.html")).toMatchObject({ reason: "no_documents" });
  });

  it("error_page: query errors and server time-outs", () => {
    for (const name of ["cacd_628915", "dcd_191424", "mad_194918", "paed_457890", "pawd_166812", "vaed_357297"]) {
      expect(refused(`pacer/not_dockets/${name}.html`), name).toMatchObject({ reason: "error_page" });
    }
    expect(refused("pacer/district/dcd_2.html")).toMatchObject({ reason: "error_page", message: expect.stringMatching(/Invalid date_from/) });
  });

  it("not_a_docket: the query form, the 'may take a long time' interstitial, a page from elsewhere", () => {
    expect(refused("pacer/not_dockets/alsb_103785005735335.html")).toMatchObject({ reason: "not_a_docket" });
    expect(refused("pacer/not_dockets/cod_147282.html")).toMatchObject({ reason: "not_a_docket", message: expect.stringMatching(/may take a long time/) });
    expect(refused("pacer/district/canb_1.html")).toMatchObject({ reason: "not_a_docket" });
  });

  it("detectRefusal passes every docket and refuses every non-docket on its own", () => {
    for (const file of ["district", "special"].flatMap((folder) => corpusFiles(`pacer/${folder}`, ".html"))) {
      if (/canb_1|dcd_2/.test(file)) continue; // the two non-dockets kept among the district records
      expect(detectRefusal(corpusText(file)), file).toBeNull();
    }
    for (const file of corpusFiles("pacer/not_dockets", ".html")) expect(detectRefusal(corpusText(file)), file).not.toBeNull();
  });
});

describe.skipIf(!HAS_CORPUS)("every corpus record", () => {
  it("reads every district, bankruptcy and special record without throwing; each docket with its number and date", () => {
    const files = ["district", "bankruptcy", "special"].flatMap((folder) => corpusFiles(`pacer/${folder}`, ".html"));
    expect(files.length).toBeGreaterThan(80);
    for (const file of files) {
      const read = readDocketReport(corpusText(file));
      const expected = corpusJson<{ docket_number?: string; docket_entries?: unknown[] }>(file.replace(/\.html$/, ".json"));
      if (!expected.docket_number) continue; // juriscraper read nothing there either
      if (read.kind !== "case") throw new Error(`${file} refused: ${read.message}`);
      expect(read.case.caseNumber, file).toContain(expected.docket_number.split(":").at(-1)!.slice(0, 5));
      expect(read.case.dateFiled, file).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(read.case.entries.length, file).toBeGreaterThanOrEqual(Math.min(1, expected.docket_entries?.length ?? 0));
    }
  });

  it("refuses every not_dockets record", () => {
    for (const file of corpusFiles("pacer/not_dockets", ".html")) {
      expect(readDocketReport(corpusText(file)), file).toMatchObject({ kind: "refused" });
    }
  });
});

describe.skipIf(!HAS_CORPUS)("long dockets", () => {
  // Its speed (under 1 s) is measured by `npm run bench` (tests/bench/readers.ts), not here.
  it("reads every entry of a 20,000-entry page built from real rows", () => {
    const read = readDocketReport(syntheticDocket(corpusText("pacer/district/utd.html"), 20_000));
    expect(read.kind === "case" ? read.case.entries.length : 0).toBe(20_000);
  });
});

describe.skipIf(!HAS_CORPUS)(`the number a docket prints (${HAS_CORPUS ? "corpus" : NO_CORPUS_MESSAGE})`, () => {
  it("every corpus docket prints the number juriscraper reads for it, and no other record's: the fetcher's check passes each page for its own case and refuses it for every other", () => {
    // Juriscraper's docket_number for each record: read apart from our heading reader.
    const records = ["district", "bankruptcy", "special"]
      .flatMap((folder) => corpusFiles(`pacer/${folder}`, ".html"))
      .flatMap((file) => {
        const expected = corpusJson<{ docket_number?: string }>(file.replace(/\.html$/, ".json")).docket_number;
        const number = expected ? splitCmEcfNumber(expected) : null;
        return number && number.office && number.type ? [{ file, number, printed: printedCaseNumbers(corpusText(file)) }] : [];
      });
    expect(records.length).toBeGreaterThan(40);
    const passes = (printed: (typeof records)[number]["printed"], asked: CmEcfNumber) =>
      printed.length === 0 || printed.some((found) => found === null || isSameCase(found.number, asked, found.labelType));
    let refused = 0;
    for (const record of records) {
      expect(passes(record.printed, record.number), `${record.file} for its own number`).toBe(true);
      if (record.printed.some((found) => found === null)) continue;
      for (const other of records) {
        if (other.number.core === record.number.core) continue;
        expect(passes(record.printed, other.number), `${record.file} served for ${other.file}'s number`).toBe(false);
        refused += 1;
      }
    }
    expect(refused).toBeGreaterThan(1000);
  });

  it("a bankruptcy page is the main case or an adversary proceeding as its label says, typed or not: the check passes it as that kind and refuses it as the other", () => {
    // The kind from juriscraper's reading (its case name ends "- Adversary Proceeding"), apart from our labels.
    const records = corpusFiles("pacer/bankruptcy", ".html").map((file) => {
      const expected = corpusJson<{ docket_number: string; case_name: string }>(file.replace(/\.html$/, ".json"));
      const number = splitCmEcfNumber(expected.docket_number)!;
      return { file, number, kind: /- Adversary Proceeding$/.test(expected.case_name) ? "ap" : "bk", printed: printedCaseNumbers(corpusText(file)) };
    });
    expect(records.filter((record) => record.kind === "ap").length).toBeGreaterThanOrEqual(5);
    let untyped = 0;
    for (const { file, number, kind, printed } of records) {
      const askedAs = (type: string) => splitCmEcfNumber(`${number.office ?? "1"}:${number.year}-${type}-${number.serial}`)!;
      const passes = (asked: CmEcfNumber) => printed.length === 0 || printed.some((found) => found === null || isSameCase(found.number, asked, found.labelType));
      expect(passes(askedAs(kind)), `${file} as its own ${kind}`).toBe(true);
      if (printed.some((found) => found === null)) continue; // a number this check cannot parse ("95-05684-PB7") decides nothing
      // Before: a number printed without its type ("Adversary Proceeding #: 09-52094-KG") passed for either kind.
      expect(passes(askedAs(kind === "bk" ? "ap" : "bk")), `${file} as the other kind`).toBe(false);
      if (printed.every((found) => found!.number.type === null)) untyped += 1;
    }
    expect(untyped).toBeGreaterThan(20);
    // Where the label names no kind, the check stays lenient on the type.
    expect(isSameCase(splitCmEcfNumber("19-12345")!, splitCmEcfNumber("1:19-ap-12345")!)).toBe(true);
    expect(isSameCase(splitCmEcfNumber("19-12345")!, splitCmEcfNumber("1:19-ap-12345")!, "bk")).toBe(false);
    // The number's own type wins over the label's.
    expect(isSameCase(splitCmEcfNumber("8:09-ap-01514")!, splitCmEcfNumber("8:09-ap-01514")!, "bk")).toBe(true);
  });

  it("another year, serial, type or office is another case; padding, initials and a defendant are not", () => {
    const same = (a: string, b: string) => isSameCase(splitCmEcfNumber(a)!, splitCmEcfNumber(b)!);
    expect(same("2:09-cv-04380-KDE-JCW", "2:09-cv-4380")).toBe(true);
    expect(same("5:03-cr-00014-RLV-CH-3", "5:03-cr-00014")).toBe(true);
    expect(same("10-12863", "1:10-bk-12863")).toBe(true);
    expect(same("2:09-cv-04381", "2:09-cv-04380")).toBe(false);
    expect(same("2:08-cv-04380", "2:09-cv-04380")).toBe(false);
    expect(same("2:09-cr-04380", "2:09-cv-04380")).toBe(false);
    expect(same("3:09-cv-04380", "2:09-cv-04380")).toBe(false);
  });
});
