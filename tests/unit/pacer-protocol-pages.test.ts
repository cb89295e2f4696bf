// The small CM/ECF protocol pages the PACER fetcher reads before (or instead of) paying for a docket:
// possible_case_numbers.pl (number → PACER case id), the free iquery.pl case summary and the
// mobile_query.pl entry count, on the real records of ../shared/corpus/pacer against juriscraper's readings.
import { describe, expect, it } from "vitest";
import { chooseCase } from "@/lib/sources/pacer/choose-possible-case";
import { readCaseQuery, type CaseQuerySummary } from "@/lib/sources/pacer/read-case-query";
import { readMobileQuery } from "@/lib/sources/pacer/read-mobile-query";
import { readPossibleCaseNumbers, type PossibleCase } from "@/lib/sources/pacer/read-possible-case-numbers";
import { splitCmEcfNumber } from "@/lib/sources/pacer/split-cmecf-number";
import { usDateToIso } from "@/lib/sources/pacer/us-date";
import { SAVED_PAGE_READERS } from "@/lib/sources/saved-page-readers";
import { corpusFiles, corpusJson, corpusText, HAS_CORPUS } from "@/tests/helpers/corpus";

const POSSIBLE = "pacer/possible_case_numbers";
const QUERIES = "pacer/case_queries";
const MOBILE = "pacer/mobile_queries";
const LOGIN_PAGE = "pacer/authentication_samples/please_log_in.html";

describe("CM/ECF number shapes", () => {
  it.each([
    ["2:02-cv-01431-SJO-RC", { office: "2", type: "cv", core: "2:02-cv-01431", judgeInitials: ["SJO", "RC"], defendant: null }],
    ["5:03-cr-00014-RLV-CH-3", { office: "5", type: "cr", core: "5:03-cr-00014", judgeInitials: ["RLV", "CH"], defendant: 3 }],
    ["1:22-cr-00123-1", { office: "1", type: "cr", core: "1:22-cr-00123", judgeInitials: [], defendant: 1 }],
    ["2:16-cv-1152", { office: "2", type: "cv", core: "2:16-cv-01152", judgeInitials: [], defendant: null }],
    ["2:2016-cv-01152-JJT", { office: "2", type: "cv", core: "2:16-cv-01152", judgeInitials: ["JJT"], defendant: null }],
    // A bankruptcy number's trailing number is its chapter, not a defendant.
    ["10-15790-JMC-13", { office: null, type: null, core: "10-15790", judgeInitials: ["JMC"], defendant: null }],
    ["4:25-crcor-00029", { office: "4", type: "crcor", core: "4:25-crcor-00029", judgeInitials: [], defendant: null }],
  ])("%s", (raw, expected) => {
    expect(splitCmEcfNumber(raw)).toMatchObject(expected);
  });

  it("dates become ISO calendar days; placeholders and impossible dates become null", () => {
    expect(usDateToIso("06/09/2017")).toBe("2017-06-09");
    expect(usDateToIso("2/29/2016")).toBe("2016-02-29");
    expect(usDateToIso("02/29/2017")).toBeNull();
    expect(usDateToIso("N/A")).toBeNull();
  });

  it("the three readers are in the parse command's table as protocol readers", () => {
    for (const name of ["pacer-possible-case-numbers", "pacer-case-query", "pacer-mobile-query"]) {
      expect(SAVED_PAGE_READERS[name]?.kind).toBe("protocol");
    }
  });
});

describe.skipIf(!HAS_CORPUS)("possible_case_numbers.pl on the corpus", () => {
  const casesOf = (relative: string): PossibleCase[] => {
    const read = readPossibleCaseNumbers(corpusText(relative));
    if (read.kind !== "cases") throw new Error(`${relative}: ${JSON.stringify(read)}`);
    return read.cases;
  };

  it("every listed answer with juriscraper's reading: the case it chose is the one we choose", () => {
    const withExpected = corpusFiles(POSSIBLE, ".json");
    expect(withExpected.length).toBeGreaterThan(0);
    for (const expectedFile of withExpected) {
      const expected = corpusJson<{ docket_number: string; pacer_case_id: string; title: string }>(expectedFile);
      const cases = casesOf(expectedFile.replace(/\.json$/, ".xml"));
      const canonical = splitCmEcfNumber(expected.docket_number)!.core;
      const chosen = chooseCase(cases, canonical);
      expect(chosen, expectedFile).not.toBeNull();
      expect(chosen!.pacerCaseId).toBe(expected.pacer_case_id);
      expect(chosen!.title).toBe(expected.title);
      expect(chosen!.number).toBe(expected.docket_number);
    }
  });

  it("many cases for a short number: office, type and number decide; judge initials never count", () => {
    const cases = casesOf(`${POSSIBLE}/armes-v-hot-pizzas.xml`);
    expect(cases).toHaveLength(4);
    expect(cases[3]).toMatchObject({
      number: "4:16-cr-1152",
      pacerCaseId: "985777",
      caseId: "4:16-cr-01152",
      caseName: "USA v. Martinez",
      judgeInitials: ["RCC", "LCK"],
      closedOn: "2017-01-05",
      sortable: "4:2016-cr-01152",
    });
    expect(chooseCase(cases, "2:16-cv-01152")?.pacerCaseId).toBe("977547");
    expect(chooseCase(cases, "2:16-cv-01152-JJT")?.pacerCaseId).toBe("977547");
    expect(chooseCase(cases, "2:16-cv-01152-XYZ")?.pacerCaseId).toBe("977547");
    expect(chooseCase(cases, "2:16-cr-01152")?.pacerCaseId).toBe("1000068"); // type
    expect(chooseCase(cases, "2:16-mj-01152")?.pacerCaseId).toBe("969094");
    expect(chooseCase(cases, "4:16-cr-01152")?.pacerCaseId).toBe("985777"); // office
    expect(chooseCase(cases, "3:16-cv-01152")).toBeNull(); // no such office
    expect(chooseCase(cases, "2:16-cv-01153")).toBeNull(); // no such number
    expect(chooseCase(cases, "2:15-cv-01152")).toBeNull(); // no such year
    expect(chooseCase(cases, "not a number")).toBeNull();
  });

  it("a criminal case's per-defendant dockets: the main case, else the lowest defendant", () => {
    // The real armes list with dockets per defendant added the way CM/ECF lists them (a `defendant`
    // attribute and a `-N` after the number); no record of the corpus has such a list yet.
    const real = corpusText(`${POSSIBLE}/armes-v-hot-pizzas.xml`);
    const withDefendants = real.replace(
      "</request>",
      `<case number="2:16-cr-1152" id="1000066" defendant="2" title="2:16-cr-01152-JZB-2 USA v. Second" sortable="2:2016-cr-01152-2"/>
       <case number="4:16-cr-1152" id="985779" title="4:16-cr-01152-RCC-LCK-3 USA v. Third" sortable="4:2016-cr-01152-3"/>
       <case number="4:16-cr-1152" id="985778" title="4:16-cr-01152-RCC-LCK-2 USA v. Second" sortable="4:2016-cr-01152-2"/>
       </request>`,
    );
    const read = readPossibleCaseNumbers(withDefendants);
    if (read.kind !== "cases") throw new Error(JSON.stringify(read));
    expect(read.cases.find((c) => c.pacerCaseId === "1000066")?.defendantNumber).toBe(2);
    expect(read.cases.find((c) => c.pacerCaseId === "985779")?.defendantNumber).toBe(3);
    // The case itself (no defendant number) wins over a defendant's docket, even one with a lower id.
    expect(chooseCase(read.cases, "2:16-cr-01152")?.pacerCaseId).toBe("1000068");
    expect(chooseCase(read.cases, "4:16-cr-01152")?.pacerCaseId).toBe("985777");
    // Only defendants' dockets listed: the lowest defendant.
    const onlyDefendants = read.cases.filter((c) => c.pacerCaseId !== "985777");
    expect(chooseCase(onlyDefendants, "4:16-cr-01152")?.pacerCaseId).toBe("985778");
  });

  it("one case, not found, sealed, logged out, and anything else", () => {
    expect(casesOf(`${POSSIBLE}/veterans-legal-services.xml`)).toEqual([
      {
        number: "1:16-cv-745",
        pacerCaseId: "178502",
        title: "1:16-cv-00745-ESH NATIONAL VETERANS LEGAL SERVICES PROGRAM et al v. UNITED STATES OF AMERICA",
        sortable: "1:2016-cv-00745-ESH",
        caseId: "1:16-cv-00745",
        caseName: "NATIONAL VETERANS LEGAL SERVICES PROGRAM et al v. UNITED STATES OF AMERICA",
        judgeInitials: ["ESH"],
      },
    ]);
    expect(readPossibleCaseNumbers(corpusText(`${POSSIBLE}/no_results.xml`))).toEqual({ kind: "not_found", message: "Cannot find case 8202055" });
    expect(readPossibleCaseNumbers(corpusText(`${POSSIBLE}/sealed_case.xml`))).toEqual({ kind: "sealed", message: "Case Under Seal" });
    expect(readPossibleCaseNumbers(`<request number="1"><message text="Not logged in. Please log in."/></request>`)).toMatchObject({ kind: "login_required" });
    expect(readPossibleCaseNumbers(corpusText(LOGIN_PAGE))).toMatchObject({ kind: "login_required" });
    expect(readPossibleCaseNumbers("<html><body>Service unavailable</body></html>")).toMatchObject({ kind: "refused", reason: "unreadable" });
  });
});

/** juriscraper's case-query field → ours. Its `court_id` is the test harness's input, not a reading of the
 * page, and its `case_name` is its own cleaned form ("USA" → "United States"): we compare the page's
 * wording (`case_name_raw`). It files the page's "Debtor discharged:" date under `date_debtor_dismissed`. */
const CASE_QUERY_FIELDS: Record<string, (ours: CaseQuerySummary) => unknown> = {
  docket_number: (o) => o.caseNumber,
  case_name_raw: (o) => o.caseName,
  assigned_to_str: (o) => o.judge,
  referred_to_str: (o) => o.referredTo,
  date_filed: (o) => o.dateFiled,
  date_terminated: (o) => o.dateTerminated,
  date_last_filing: (o) => o.dateOfLastFiling,
  related_cases_str: (o) => o.relatedCase,
  case_type: (o) => o.bankruptcy?.caseType,
  chapter: (o) => o.bankruptcy?.chapter,
  asset: (o) => o.bankruptcy?.asset,
  vol: (o) => o.bankruptcy?.vol,
  date_plan_confirmed: (o) => o.bankruptcy?.planConfirmed,
  date_debtor_dismissed: (o) => o.bankruptcy?.dateDischarged ?? o.bankruptcy?.dateDismissed,
  date_joint_debtor_dismissed: (o) => o.bankruptcy?.jointDebtorDischarged ?? o.bankruptcy?.jointDebtorDismissed,
  related_bankruptcy: (o) => o.bankruptcy?.relatedBankruptcy,
  federal_dn_office_code: (o) => o.office,
  federal_dn_case_type: (o) => o.caseTypeCode,
  federal_dn_judge_initials_assigned: (o) => o.judgeInitials[0],
  federal_dn_judge_initials_referred: (o) => o.judgeInitials[1],
  federal_defendant_number: (o) => o.defendantNumber,
};
const NOT_COMPARED = new Set(["court_id", "case_name"]);
const filled = (v: unknown) => v !== null && v !== undefined && String(v).trim() !== "";
const squash = (v: unknown) => String(v ?? "").replace(/\s+/g, " ").trim();

describe.skipIf(!HAS_CORPUS)("iquery.pl case summaries on the corpus", () => {
  const pages = corpusFiles(QUERIES, ".html");

  it("agrees with juriscraper field by field on every summary (≥ 99 %)", () => {
    expect(pages.length).toBeGreaterThan(0);
    const tally = new Map<string, [number, number]>();
    const misses: string[] = [];
    const unmapped = new Set<string>();
    for (const page of pages) {
      const expected = corpusJson<Record<string, unknown>>(page.replace(/\.html$/, ".json"));
      const read = readCaseQuery(corpusText(page));
      for (const [field, want] of Object.entries(expected)) {
        if (!filled(want) || NOT_COMPARED.has(field)) continue;
        const ours = CASE_QUERY_FIELDS[field];
        if (!ours) {
          unmapped.add(field);
          continue;
        }
        const got = read.kind === "case_summary" ? ours(read) : undefined;
        const ok = filled(got) && squash(got) === squash(want);
        const t = tally.get(field) ?? [0, 0];
        tally.set(field, [t[0] + (ok ? 1 : 0), t[1] + 1]);
        if (!ok) misses.push(`${page} ${field}: want ${JSON.stringify(want)} got ${JSON.stringify(got)}`);
      }
    }
    let agree = 0;
    let total = 0;
    const lines = [...tally].sort().map(([field, [a, n]]) => {
      agree += a;
      total += n;
      return `  ${field.padEnd(36)} ${a}/${n}`;
    });
    const score = total ? agree / total : 0;
    console.log(
      [`case_queries: agreement ${score.toFixed(4)} over ${total} fields`, ...lines, ...misses.map((m) => `  miss ${m}`)]
        .concat(unmapped.size ? [`  not compared (no field of ours): ${[...unmapped].join(", ")}`] : [])
        .join("\n"),
    );
    expect(total).toBeGreaterThan(100);
    expect(score).toBeGreaterThanOrEqual(0.99);
  });

  it("reads the summaries juriscraper could not, and refuses the 'Case not found.' pages", () => {
    for (const page of pages) {
      const html = corpusText(page);
      const read = readCaseQuery(html);
      if (/<h3>\s*Case not found/i.test(html)) {
        expect(read, page).toEqual({ kind: "refused", reason: "case_not_found", message: "Case not found." });
      } else {
        expect(read.kind, page).toBe("case_summary");
        if (read.kind === "case_summary") expect(read.dateFiled, page).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      }
    }
  });

  it("keeps the court's notes out of the case name, and panels, ids and courts as the page states them", () => {
    const transferred = readCaseQuery(corpusText(`${QUERIES}/txsd_3.html`));
    expect(transferred).toMatchObject({
      caseName: "RFC Drilling, LLC v. Cheyenne Petroleum Company",
      notes: ["DO NOT DOCKET. Case electronically transferred to Northern District of Texas, Fort Worth Division"],
    });
    // An unclosed red <b><font> swallows the rest of the block: the judges and dates are still read.
    expect(readCaseQuery(corpusText(`${QUERIES}/txsd_2.html`))).toMatchObject({
      caseName: "Whitfield",
      judge: "Janis Graham Jack",
      referredTo: "Jason B Libby",
      dateTerminated: "2008-03-13",
    });
    expect(readCaseQuery(corpusText(`${QUERIES}/txsd_5.html`))).toMatchObject({ caseName: "Copy Requests", judge: null });
    expect(readCaseQuery(corpusText(`${QUERIES}/ctd.html`))).toMatchObject({
      judge: "Janet Bond Arterton",
      panel: ["Janet Bond Arterton", "Peter W. Hall", "John M Walker, Jr"],
    });
    // A criminal "All Defendants" summary: the case queried, not the first defendant's docket its links name.
    expect(readCaseQuery(corpusText(`${QUERIES}/akd_58813.html`))).toMatchObject({ pacerCaseId: "58813", courtCode: "akd" });
    expect(readCaseQuery(corpusText(`${QUERIES}/cacd_26872.html`))).toMatchObject({ pacerCaseId: "26872", courtCode: "cacd" });
  });

  it("refuses the login page and pages of other kinds", () => {
    expect(readCaseQuery(corpusText(LOGIN_PAGE))).toMatchObject({ kind: "refused", reason: "login_required" });
    expect(readCaseQuery(corpusText(`${MOBILE}/dcd.html`))).toMatchObject({ kind: "refused" });
  });
});

describe.skipIf(!HAS_CORPUS)("mobile_query.pl on the corpus", () => {
  it("the docket entry count of every page, and a cost only where the page charged", () => {
    const pages = corpusFiles(MOBILE, ".html");
    expect(pages.length).toBeGreaterThan(0);
    for (const page of pages) {
      const expected = corpusJson<{ entry_count: number; cost?: string }>(page.replace(/\.html$/, ".json"));
      const read = readMobileQuery(corpusText(page));
      if (read.kind !== "mobile_query") throw new Error(`${page}: ${JSON.stringify(read)}`);
      expect(read.entryCount, page).toBe(expected.entry_count);
      if (filled(expected.cost)) expect(read.cost, page).toBe(Number(String(expected.cost).replace(/[^0-9.]/g, "")));
      else expect(read.cost, page).toBeUndefined();
    }
    expect(readMobileQuery(corpusText(`${MOBILE}/dcd.html`))).toMatchObject({
      caseNumber: "1:16-cv-00745-ESH",
      dateFiled: "2016-04-21",
      pacerCaseId: "178502",
    });
  });

  it("a page that charged says so", () => {
    const charged = corpusText(`${MOBILE}/dcd.html`).replace(
      /(<div class="ui-title"[^>]*>)/,
      "$1 Pages: 1 Cost: 0.10",
    );
    expect(readMobileQuery(charged)).toMatchObject({ entryCount: 143, cost: 0.1 });
  });

  it("refuses the login page and a page without a count", () => {
    expect(readMobileQuery(corpusText(LOGIN_PAGE))).toMatchObject({ kind: "refused", reason: "login_required" });
    expect(readMobileQuery(corpusText(`${QUERIES}/alsd.html`))).toMatchObject({ kind: "refused", reason: "case_not_found" });
    expect(readMobileQuery(corpusText(`${QUERIES}/cacd_26872.html`))).toMatchObject({ kind: "refused" });
  });
});
