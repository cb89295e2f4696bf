// The Supreme Court readers (docket JSON and docket HTML page) on the real records of ../shared/corpus/scotus
// against juriscraper's readings, plus constructed dockets for what the corpus lacks (an original action, a
// pending rehearing, pages that are not dockets), and the measure the issue names: score-sources ≥ 0.99.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readSavedPage } from "@/lib/sources/read-saved-page";
import { SAVED_PAGE_READERS } from "@/lib/sources/saved-page-readers";
import { readScotusHtml } from "@/lib/sources/scotus/read-scotus-html";
import { readScotusJson } from "@/lib/sources/scotus/read-scotus-json";
import { docketNumberIn, monthDate } from "@/lib/sources/scotus/scotus-docket";
import { lowerCourtOf } from "@/lib/sources/scotus/scotus-courts";
import { findCourt } from "@/lib/courts/registry";
import { normalizeCase } from "@/lib/sources/normalize/normalize-case";
import type { DocketRead, SourceCase } from "@/lib/sources/types";
import { CORPUS_DIR, corpusFiles, corpusJson, corpusText, HAS_CORPUS } from "@/tests/helpers/corpus";

const norm = (text: unknown) => String(text ?? "").normalize("NFKD").toLowerCase().replace(/[^a-z0-9]+/g, "");

function read(result: ReturnType<typeof readScotusJson>): DocketRead {
  if (result.kind !== "case") throw new Error(`refused: ${result.message}`);
  return result;
}
const fromJson = (relative: string): SourceCase => read(readScotusJson(corpusText(relative))).case;
const fromHtml = (relative: string): SourceCase => read(readScotusHtml(corpusText(relative))).case;

interface Expected {
  case_name: string;
  docket_number: string;
  date_filed: string;
  links: string;
  lower_court: string;
  lower_court_case_numbers: string[];
  parties: Array<{ name: string; type: string; attorneys: Array<{ name: string; title: string | null; is_counsel_of_record: boolean }> }>;
  docket_entries: Array<{ date_filed: string; description: string; document_number: number | null; attachments: Array<{ document_url: string; document_number: number }> }>;
}

/** A minimal docket JSON in the court's shape. */
function docketJson(fields: Record<string, unknown>): string {
  return JSON.stringify({
    CaseNumber: "24-1234 ",
    PetitionerTitle: "Jane Roe, Petitioner",
    RespondentTitle: "John Doe",
    DocketedDate: "March 3, 2025",
    ProceedingsandOrder: [],
    ...fields,
  });
}

describe("Supreme Court readers: number forms, status, courts, refusals", () => {
  it("are in the parse command's table as docket readers", () => {
    expect(SAVED_PAGE_READERS["scotus-json"]).toMatchObject({ kind: "docket", court: { kind: "us_national" } });
    expect(SAVED_PAGE_READERS["scotus-html"]).toMatchObject({ kind: "docket", court: { kind: "us_national" } });
  });

  it("reads every docket number form the court prints", () => {
    expect(docketNumberIn("16-1362 ")).toBe("16-1362");
    expect(docketNumberIn("23A999 *** CAPITAL CASE ***")).toBe("23A999");
    expect(docketNumberIn("No. 16-1014  ")).toBe("16-1014");
    expect(docketNumberIn("22O141")).toBe("22O141");
    expect(docketNumberIn("24a1")).toBe("24A1");
    expect(docketNumberIn("Docket Search")).toBeNull();
    expect(monthDate("Mar 30 2017")).toBe("2017-03-30");
    expect(monthDate("February 21, 2017")).toBe("2017-02-21");
    expect(monthDate("Feb 30 2017")).toBeNull();
  });

  it("reads an original action as a case of the Court itself, with no lower court", () => {
    const docket = read(readScotusJson(docketJson({
      CaseNumber: "22O141",
      PetitionerTitle: "Texas, Plaintiff",
      RespondentTitle: "New Mexico and Colorado",
      ProceedingsandOrder: [{ Date: "Jan 08 2013", Text: "Motion for leave to file a bill of complaint filed by Texas." }],
    }))).case;
    expect(docket).toMatchObject({ caseNumber: "22O141", caseType: "Original action", appellate: null });
  });

  it("closes on denial, judgment issued or the application's own disposition; a rehearing petition reopens", () => {
    const entries = (rows: Array<[string, string]>) => rows.map(([date, text]) => ({ Date: date, Text: text }));
    const denied = read(readScotusJson(docketJson({ ProceedingsandOrder: entries([["Mar 01 2025", "Petition for a writ of certiorari filed."], ["Apr 21 2025", "Petition DENIED."]]) }))).case;
    expect(denied).toMatchObject({ dateTerminated: "2025-04-21", dateReopened: null });
    const rehearing = read(readScotusJson(docketJson({
      ProceedingsandOrder: entries([["Apr 21 2025", "Petition DENIED."], ["May 15 2025", "Petition for Rehearing filed."]]),
    }))).case;
    expect(rehearing).toMatchObject({ dateTerminated: "2025-04-21", dateReopened: "2025-05-15" });
    // An extension granted inside a petition's docket is not the petition's end.
    const extension = read(readScotusJson(docketJson({ ProceedingsandOrder: entries([["Jan 14 2025", "Application (24A671) granted by Justice Kagan extending the time to file until March 17, 2025."]]) }))).case;
    expect(extension.dateTerminated).toBeNull();
    const application = read(readScotusJson(docketJson({
      CaseNumber: "24A671",
      ProceedingsandOrder: entries([["Jan 14 2025", "Application (24A671) granted by Justice Kagan extending the time to file until March 17, 2025."]]),
    }))).case;
    expect(application.dateTerminated).toBe("2025-01-14");
  });

  it("maps lower courts the registry lists, and leaves the others without a code", () => {
    expect(lowerCourtOf("United States Court of Appeals for the Ninth Circuit", "(22-16375, 22-16622)")).toEqual({
      court: { code: "ca9", name: "U.S. Court of Appeals for the Ninth Circuit" },
      caseIds: ["22-16375", "22-16622"],
    });
    expect(lowerCourtOf("United States District Court for the District of Columbia", "(1:20-cv-00001)").court?.code).toBe("dcd");
    // State courts by what their names say (the registry lists every state's courts since 2.1)...
    expect(lowerCourtOf("Court of Appeals of North Carolina", "(COA16-723)")).toEqual({
      court: { code: "ncctapp", name: "Court of Appeals of North Carolina" },
      caseIds: ["COA16-723"],
    });
    // ...and a court the registry does not list: the printed name, no code.
    expect(lowerCourtOf("Texas Court of Military Review", "(1)").court).toEqual({ code: "", name: "Texas Court of Military Review" });
  });

  it("refuses a docket of another layout rather than read it short: no proceedings list, a proceeding it cannot date or read", () => {
    const entries = [{ Date: "Mar 01 2025", Text: "Petition for a writ of certiorari filed." }];
    expect(read(readScotusJson(docketJson({ ProceedingsandOrder: entries }))).case.entries).toHaveLength(1);
    // Present and empty: a docket with nothing entered yet reads, with no entries.
    expect(read(readScotusJson(docketJson({ ProceedingsandOrder: [] }))).case.entries).toEqual([]);
    const renamed = JSON.parse(docketJson({})) as Record<string, unknown>;
    delete renamed.ProceedingsandOrder;
    expect(readScotusJson(JSON.stringify({ ...renamed, ProceedingsAndOrders: entries }))).toMatchObject({ kind: "refused", reason: "unreadable" });
    expect(readScotusJson(docketJson({ ProceedingsandOrder: [{ Date: "2025-03-01", Text: "Petition for a writ of certiorari filed." }] }))).toMatchObject({ kind: "refused", reason: "unreadable" });
    expect(readScotusJson(docketJson({ ProceedingsandOrder: [...entries, { ProceedingDate: "Mar 02 2025", Text: "Response requested." }] }))).toMatchObject({ kind: "refused", reason: "unreadable" });
    expect(readScotusJson(docketJson({ ProceedingsandOrder: [{ Date: "Mar 01 2025", Description: "Petition filed." }] }))).toMatchObject({ kind: "refused", reason: "unreadable" });
  });

  it("reads an entry's HTML text with every character reference decoded, and its linked opinion however the link is quoted", () => {
    const docket = read(readScotusJson(docketJson({
      ProceedingsandOrder: [
        { Date: "Jan 05 2024", Text: "Brief of Texas A&amp;M University filed under 28 U.S.C. &sect; 2101(f); the Court&#8217;s &lt;sealed&gt; order, caf&eacute;." },
        { Date: "Jun 5, 2024", Text: "Judgment REVERSED. Kagan, J., delivered the <A HREF=https://www.supremecourt.gov/opinions/23pdf/23-1234_abcd.pdf?a=1&amp;b=2>opinion</A> of the Court." },
      ],
    }))).case;
    expect(docket.entries.map((entry) => entry.text)).toEqual([
      "Brief of Texas A&M University filed under 28 U.S.C. § 2101(f); the Court’s <sealed> order, café.",
      "Judgment REVERSED. Kagan, J., delivered the opinion of the Court.",
    ]);
    expect(docket.entries[1]).toMatchObject({ documentId: "23-1234_abcd", documentUrl: "https://www.supremecourt.gov/opinions/23pdf/23-1234_abcd.pdf?a=1&b=2" });
  });

  it("refuses what is not a Supreme Court docket", () => {
    expect(readScotusJson("<html><body>Access Denied</body></html>")).toMatchObject({ kind: "refused", reason: "not_a_docket" });
    expect(readScotusJson('{"CaseNumber": ')).toMatchObject({ kind: "refused", reason: "unreadable" });
    expect(readScotusJson(JSON.stringify({ Message: "An error has occurred." }))).toMatchObject({ kind: "refused", reason: "not_a_docket" });
    expect(readScotusHtml("<html><body><h1>Search</h1><p>No results</p></body></html>")).toMatchObject({ kind: "refused", reason: "not_a_docket" });
    expect(readScotusHtml("<html><body><h1>Docket not found</h1></body></html>")).toMatchObject({ kind: "refused", reason: "case_not_found" });
  });
});

describe.skipIf(!HAS_CORPUS)("Supreme Court readers on the corpus", () => {
  const records = [
    ...corpusFiles("scotus/json", ".compare.json").map((file) => ({ file, expected: file.replace(/\.compare\.json$/, ".json"), source: fromJson(file) })),
    ...corpusFiles("scotus/html", ".html").map((file) => ({ file, expected: file.replace(/\.html$/, ".json"), source: fromHtml(file) })),
  ];

  it("reads both forms: the JSON's records and both layouts of the page", () => {
    expect(records.filter((record) => record.file.endsWith(".compare.json")).length).toBeGreaterThan(0);
    expect(records.filter((record) => record.file.endsWith(".html")).length).toBeGreaterThan(0);
    for (const { file } of records) {
      const reader = file.endsWith(".html") ? SAVED_PAGE_READERS["scotus-html"]! : SAVED_PAGE_READERS["scotus-json"]!;
      expect(readSavedPage(reader, corpusText(file)), file).toHaveProperty("cases");
    }
  });

  it("agrees with juriscraper on the number, the docketed date, the lower court's numbers and linked cases", () => {
    for (const { file, expected, source } of records) {
      const want = corpusJson<Expected>(expected);
      expect(source.caseNumber, file).toBe(want.docket_number);
      expect(source.dateFiled, file).toBe(want.date_filed);
      const lower = source.crossReferences?.filter((reference) => reference.relationship === "appeal_from").map((reference) => reference.caseId) ?? [];
      const origin = source.appellate?.originatingCourt;
      expect(origin?.caseId, file).toBe(want.lower_court_case_numbers[0]);
      // Every lower-court number is kept where the court is one the registry lists.
      if (origin?.courtCode) expect(lower, file).toEqual(want.lower_court_case_numbers);
      else expect(origin?.courtName, file).toBe(want.lower_court);
      const linked = source.crossReferences?.filter((reference) => reference.relationship === "linked").map((reference) => reference.caseId) ?? [];
      // juriscraper keeps a cut-short "Linked with 2"; only docket numbers are cases.
      expect(linked, file).toEqual(/^\d{2}(?:-|A)\d+$/.test(want.links) ? [want.links] : []);
    }
  });

  it("finds every party and attorney on its side, counsel of record marked", () => {
    for (const { file, expected, source } of records) {
      for (const party of corpusJson<Expected>(expected).parties) {
        const mine = source.parties.find((candidate) => norm(candidate.name) === norm(party.name) && candidate.role === party.type);
        expect(mine, `${file}: ${party.name}`).toBeDefined();
        for (const lawyer of party.attorneys) {
          const attorney = mine?.attorneys?.find((candidate) => norm(candidate.name) === norm(lawyer.name));
          expect(attorney, `${file}: ${lawyer.name}`).toBeDefined();
          expect(attorney?.role === "Counsel of Record", `${file}: ${lawyer.name}`).toBe(lawyer.is_counsel_of_record);
          // The firm is the court's title line; a street address is never one (16-1014: "54 Florence Street").
          expect(norm(attorney?.firm), `${file}: ${lawyer.name}'s firm`).toBe(norm(lawyer.title));
        }
      }
    }
  });

  it("keeps every proceeding in order with its date, its words, and its documents' folder and link", () => {
    for (const { file, expected, source } of records) {
      const want = corpusJson<Expected>(expected).docket_entries;
      expect(source.entries, file).toHaveLength(want.length);
      want.forEach((entry, index) => {
        const mine = source.entries[index]!;
        expect(mine.filed, `${file} #${index}`).toBe(entry.date_filed);
        expect(norm(mine.text), `${file} #${index}`).toBe(norm(entry.description));
        const first = entry.attachments[0];
        if (first) expect(mine, `${file} #${index}`).toMatchObject({ documentId: String(first.document_number), documentUrl: first.document_url });
      });
    }
  });

  it("reads the status, the kind of proceeding and the argument from the proceedings", () => {
    const encino = fromJson("scotus/json/16-1362.compare.json");
    expect(encino).toMatchObject({ dateTerminated: "2018-05-04", caseType: "Petition for a writ of certiorari" });
    expect(encino.appellate).toMatchObject({ oralArgumentDate: "2018-01-17", originatingCourt: { courtCode: "ca9", caseId: "13-55323" } });
    // The opinion linked inside the text is the entry's document, known by its file name.
    const opinion = encino.entries.find((entry) => entry.text.startsWith("Judgment REVERSED"));
    expect(opinion).toMatchObject({ documentId: "16-1362_gfbh", documentUrl: "https://www.supremecourt.gov/opinions/17pdf/16-1362_gfbh.pdf" });
    expect(opinion?.text).not.toMatch(/<a\b/);
    expect(fromJson("scotus/json/24-999.compare.json").dateTerminated).toBeNull(); // held in abeyance, pending
    expect(fromJson("scotus/json/23A999.compare.json")).toMatchObject({ caseNumber: "23A999", caseType: "Application", dateTerminated: "2024-05-09" });
    // Denied, then rehearing asked and denied: closed on the rehearing's denial.
    expect(fromHtml("scotus/html/16-1014.html")).toMatchObject({ dateTerminated: "2017-10-02", dateReopened: null });
  });

  it("dates the argument by the docket's latest word on it: a postponed argument set again, a case restored for reargument", () => {
    const argument = (proceedings: Array<[string, string]>) =>
      read(readScotusJson(docketJson({ ProceedingsandOrder: proceedings.map(([Date, Text]) => ({ Date, Text })) }))).case.appellate?.oralArgumentDate;
    // Postponed (as in spring 2020), then set for another day: the new day, not the one that did not happen.
    expect(argument([["Jan 10 2020", "SET FOR ARGUMENT ON Monday, March 30, 2020."], ["Apr 13 2020", "SET FOR ARGUMENT ON Monday, May 4, 2020."]])).toBe("2020-05-04");
    // Argued, restored to the calendar for reargument and set again: the reargument's day, then the day it was reargued.
    const restored: Array<[string, string]> = [
      ["Jan 10 2025", "SET FOR ARGUMENT on Monday, March 24, 2025."],
      ["Mar 24 2025", "Argued. For appellants: A. For appellees: B."],
      ["Jun 27 2025", "Case restored to the calendar for reargument."],
      ["Aug 01 2025", "SET FOR ARGUMENT on Wednesday, October 15, 2025."],
    ];
    expect(argument(restored)).toBe("2025-10-15");
    expect(argument([...restored, ["Oct 15 2025", "Reargued. For appellants: A. For appellees: B."]])).toBe("2025-10-15");
    expect(argument([["Jan 10 2025", "SET FOR ARGUMENT on Monday, March 24, 2025."], ["Mar 24 2025", "Argued. For petitioner: A."]])).toBe("2025-03-24");
  });

  it("a further application on an application's docket opens it again until it is decided (16A982)", () => {
    const whole = fromHtml("scotus/html/16A982.html");
    expect(whole.entries.map((entry) => entry.filed)).toEqual(["2017-04-13", "2017-04-17", "2017-05-10", "2017-05-15"]);
    expect(whole).toMatchObject({ dateTerminated: "2017-05-15" });
    // The docket as it stood on 2017-05-10: granted on 04-17, then "Application (16A982) to extend further the
    // time ... submitted to Justice Ginsburg." — pending again, not closed on the first grant.
    const proceedings = whole.entries.slice(0, 3).map((entry) => ({ Date: new Date(`${entry.filed}T00:00:00Z`).toUTCString().slice(5, 16).replace(/^(\d{2}) (\w{3})/, "$2 $1"), Text: entry.text }));
    const pending = read(readScotusJson(docketJson({ CaseNumber: "16A982", ProceedingsandOrder: proceedings }))).case;
    expect(pending).toMatchObject({ dateTerminated: "2017-04-17", dateReopened: "2017-05-10" });
    expect(normalizeCase(findCourt("scotus")!, "16A982", pending).header).toMatchObject({ status: "open", date_terminated: null });
    expect(normalizeCase(findCourt("scotus")!, "16A982", whole).header).toMatchObject({ status: "closed", date_terminated: "2017-05-15" });
  });

  it("takes an entry's documents from the page's links in both layouts", () => {
    const link = "https://www.supremecourt.gov/DocketPDF/16/16-1014/12345/20170216120000000_Petition.pdf";
    // The current layout lists an entry's documents in its `.documentlinks` span.
    const current = corpusText("scotus/html/16-1014.html").replace(
      /(Petition for a writ of certiorari filed\.[^<]*<br>\s*<span class="documentlinks">)/,
      `$1<span><a href="${link}">Petition</a></span>`,
    );
    const petition = read(readScotusHtml(current)).case.entries.find((entry) => entry.text.startsWith("Petition for a writ"));
    expect(petition).toMatchObject({ documentId: "12345", documentUrl: link, text: "Petition for a writ of certiorari filed. (Response due March 23, 2017)" });
    // The older layout puts the links in the entry's cell.
    const older = corpusText("scotus/html/16-1265.html").replace(
      /(<td>Petition for a writ of certiorari filed\.[^<]*)(<\/td>)/,
      `$1<br><a href="${link}">Main Document</a>$2`,
    );
    const filed = read(readScotusHtml(older)).case.entries.find((entry) => entry.text.startsWith("Petition for a writ"));
    expect(filed).toMatchObject({ documentId: "12345", documentUrl: link, text: "Petition for a writ of certiorari filed. (Response due May 22, 2017)" });
  });

  it("answers through the API's normalization: an appellate case with closed status and appellate document ids", () => {
    const output = readSavedPage(SAVED_PAGE_READERS["scotus-json"]!, corpusText("scotus/json/23-7483.compare.json"));
    if (!("cases" in output)) throw new Error(JSON.stringify(output));
    const [docket] = output.cases;
    expect(docket).toMatchObject({ case_number: "23-7483", case_type: "appellate", status: "closed", date_terminated: "2025-07-22" });
    const petition = docket!.docket_history.find((entry) => entry.description.startsWith("Petition for a writ of certiorari"));
    expect(petition).toMatchObject({ filing_type: "complaint", document_identifier: "309612", document_identifier_type: "appellate_doc_id" });
    expect(petition?.external_url).toMatch(/^https:\/\/www\.supremecourt\.gov\/DocketPDF\/23\/23-7483\/309612\//);
    expect(docket!.docket_history.find((entry) => entry.description === "Judgment Issued.")?.filing_type).toBe("judgment");
  });
});

const SCORER = path.resolve(CORPUS_DIR, "../tools/score-sources.mjs");
describe.skipIf(!HAS_CORPUS || !existsSync(SCORER))("score-sources on the Supreme Court corpus", () => {
  it("agrees with juriscraper on at least 0.99 of the fields", { timeout: 180_000 }, () => {
    const run = spawnSync(process.execPath, [SCORER, "--only", "scotus", "--min", "0.99"], { cwd: process.cwd(), encoding: "utf8", timeout: 170_000 });
    const out = `${run.stdout}${run.stderr}`;
    console.log(out.split("\n").filter((line) => /^\s+scotus\/|^records/.test(line)).join("\n"));
    expect(out).not.toMatch(/skipped|gave no result/);
    expect(run.status, out.slice(-2000)).toBe(0);
  });
});
