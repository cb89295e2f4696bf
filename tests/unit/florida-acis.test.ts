// The ACIS readers (Florida Supreme Court and District Courts of Appeal) checked field by field against
// juriscraper's readings of the real answers in ../shared/corpus/state/florida (no scorer folder exists for
// Florida): case headers (the case endpoint and the case search), parties, docket entries; the pieces put
// together into one case; refusals. juriscraper's names are mapped to ours here, never in the product.
import { describe, expect, it } from "vitest";
import { harmonizeCaseName } from "@/lib/sources/normalize/harmonize-case-name";
import { normalizeCase } from "@/lib/sources/normalize/normalize-case";
import { ACIS_NUMBER } from "@/lib/sources/florida/acis-courts";
import { combineAcisCase } from "@/lib/sources/florida/combine-acis-case";
import { readAcisCase } from "@/lib/sources/florida/read-acis-case";
import { readAcisDocketEntries } from "@/lib/sources/florida/read-acis-docket-entries";
import { readAcisParties } from "@/lib/sources/florida/read-acis-parties";
import { readSavedPage } from "@/lib/sources/read-saved-page";
import { SAVED_PAGE_READERS } from "@/lib/sources/saved-page-readers";
import type { DocketRead, PartialDocketRead, SourceCase } from "@/lib/sources/types";
import type { CourtRecord } from "@/lib/courts/types";
import { corpusFiles, corpusJson, corpusText, HAS_CORPUS } from "@/tests/helpers/corpus";

const FOLDER = "state/florida";

/** juriscraper's reading of a case header. */
interface ExpectedCase {
  docket_number: string;
  case_name: string;
  case_uuid: string;
  closed_flag: boolean;
  datetime_filed: string;
  docket_type_raw: string[];
  originating_cases: Array<{ case_number: string; court_name: string }>;
}
interface ExpectedParty {
  name: string;
  party_type: string;
  party_subtype: string;
  party_type_raw: string;
  representatives: Array<{ name: string; primary_flag: boolean }>;
}
interface ExpectedEntry {
  datetime_filed: string;
  docket_entry_uuid: string;
  entry_name: string;
  entry_description: string;
  outcome_status: string;
  document_count: number;
  submitted_by: Array<{ display_name: string }>;
}

/** A Florida court as the registry will list one; the tests need its kind and zone, not its code. */
const DCA: CourtRecord = {
  court_code: "fldca-test",
  name: "Fourth District Court of Appeal",
  jurisdiction_country: "US",
  language: "en",
  case_id_format: { pattern: ".*", example: "4D2026-0606" },
  coverage: "full",
  refresh_cadence_seconds: 3600,
  case_management_system: "ACIS",
  notes: null,
  kind: "us_state",
  region: "FL",
};

/** The court's local calendar date of an instant (Florida's appellate courts keep Eastern time). */
const easternDate = (instant: string) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York", year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date(instant));

function cases(json: string): DocketRead[] {
  const result = readAcisCase(json);
  if ("kind" in result && result.kind === "refused") throw new Error(`refused: ${result.message}`);
  return Array.isArray(result) ? result : [result as DocketRead];
}
function piece(result: ReturnType<typeof readAcisParties>): PartialDocketRead {
  if (result.kind !== "partial") throw new Error(`refused: ${result.message}`);
  return result;
}

function expectHeader(source: SourceCase, want: ExpectedCase, where: string) {
  expect(source.caseNumber, where).toBe(want.docket_number);
  // juriscraper drops a trailing "et al"; so does the API's case-name harmonizing (the reader keeps the court's
  // title). A case ACIS gives no title is named by its number.
  expect(harmonizeCaseName(source.title), where).toBe(want.case_name || want.docket_number);
  expect(source.dateFiled, where).toBe(easternDate(want.datetime_filed));
  expect(source.closed, where).toBe(want.closed_flag);
  expect(source.caseType, where).toBe(want.docket_type_raw.join(" - "));
  const [origin] = want.originating_cases;
  if (origin) expect(source.appellate?.originatingCourt, where).toMatchObject({ caseId: origin.case_number.replace(/;$/, ""), courtName: origin.court_name });
  else expect(source.appellate?.originatingCourt, where).toBeNull();
}

describe("ACIS readers: number forms, refusals, pieces put together", () => {
  it("are in the parse command's table: the case as a docket, parties and entries as pieces", () => {
    expect(SAVED_PAGE_READERS["florida-case"]).toMatchObject({ kind: "docket", court: { kind: "us_state", system: "ACIS" } });
    expect(SAVED_PAGE_READERS["florida-parties"]).toMatchObject({ kind: "partial" });
    expect(SAVED_PAGE_READERS["florida-docket-entries"]).toMatchObject({ kind: "partial" });
  });

  it("knows the Supreme Court's and the six districts' numbers", () => {
    for (const number of ["4D2026-0606", "SC2026-0703", "1D2022-0045", "6D2025-1515", "2D1982-0416"]) expect(ACIS_NUMBER.test(number), number).toBe(true);
    for (const number of ["7D2026-0001", "01-25-00011-CV", "16-1362"]) expect(ACIS_NUMBER.test(number), number).toBe(false);
  });

  it("refuses what is not an ACIS answer, and says when the court has no such case", () => {
    expect(readAcisCase("<html><body>Service Unavailable</body></html>")).toMatchObject({ kind: "refused", reason: "not_a_docket" });
    expect(readAcisCase('{"caseHeader": {')).toMatchObject({ kind: "refused", reason: "unreadable" });
    expect(readAcisCase(JSON.stringify({ timestamp: "2026-01-01T00:00:00Z", status: 404, error: "Not Found", path: "/courts/x/cms/cases/y" }))).toMatchObject({ kind: "refused", reason: "case_not_found" });
    expect(readAcisCase(JSON.stringify({ timestamp: "2026-01-01T00:00:00Z", status: 503, error: "Service Unavailable" }))).toMatchObject({ kind: "refused", reason: "error_page" });
    expect(readAcisCase(JSON.stringify({ page: { size: 50, totalElements: 0, totalPages: 0, number: 0 } }))).toMatchObject({ kind: "refused", reason: "case_not_found" });
    expect(readAcisCase(JSON.stringify({ caseHeader: { caseTitle: "No number" } }))).toMatchObject({ kind: "refused", reason: "not_a_docket" });
    expect(readAcisParties(JSON.stringify({ items: [] }))).toMatchObject({ kind: "refused", reason: "not_a_docket" });
    expect(readAcisDocketEntries("not json")).toMatchObject({ kind: "refused", reason: "unreadable" });
  });

  it("refuses entries of another layout rather than drop them; an empty list is still empty", () => {
    const item = (header: Record<string, unknown>) => ({ docketEntryHeader: { docketEntryUUID: "e1", docketEntryType: "Notice", docketEntrySubType: "Notice of Appeal", ...header } });
    const list = (items: unknown[], extra: Record<string, unknown> = {}) =>
      JSON.stringify({ _embedded: { results: items }, page: { size: 50, totalElements: items.length, totalPages: 1, number: 0 }, ...extra });
    expect(readAcisDocketEntries(list([item({ filedDate: "2026-03-05T16:17:31.000+00:00" })]))).toMatchObject({ kind: "partial", entries: [{ sequence: "e1" }] });
    expect(readAcisDocketEntries(list([item({ entryFiledDate: "2026-03-05T16:17:31.000+00:00" })]))).toMatchObject({ kind: "refused", reason: "unreadable" });
    expect(readAcisDocketEntries(list([item({ filedDate: "03/05/2026 at noon" })]))).toMatchObject({ kind: "refused", reason: "unreadable" });
    expect(readAcisDocketEntries(list([item({ filedDate: null, docketEntryStatus: "Docketed" })]))).toMatchObject({ kind: "refused", reason: "unreadable" });
    // An entry ACIS says is not docketed yet, without a time: not on the docket yet, skipped (the case still reads).
    const pending = item({ docketEntryUUID: "e2", filedDate: null, docketEntryStatus: "Pending Review" });
    expect(readAcisDocketEntries(list([item({ filedDate: "2026-03-05T16:17:31.000+00:00", docketEntryStatus: "Docketed" }), pending]))).toMatchObject({ kind: "partial", entries: [{ sequence: "e1" }] });
    expect(readAcisDocketEntries(list([{ docketEntryHeader: { docketEntryUUID: "e1", filedDate: "2026-03-05T16:17:31.000+00:00" } }]))).toMatchObject({ kind: "refused", reason: "unreadable" });
    // The page says it holds an entry, and no results can be read: the list was renamed, it is not empty.
    const renamed = JSON.stringify({ _embedded: { entries: [item({ filedDate: "2026-03-05T16:17:31.000+00:00" })] }, page: { size: 50, totalElements: 1, totalPages: 1, number: 0 } });
    expect(readAcisDocketEntries(renamed)).toMatchObject({ kind: "refused" });
    expect(readAcisDocketEntries(JSON.stringify({ page: { size: 50, totalElements: 0, totalPages: 0, number: 0 } }))).toMatchObject({ kind: "partial", entries: [] });
  });

  it("reads a time without an offset as the court's wall time and a bare date as the court's day, whatever the machine's zone", () => {
    const item = (id: string, filedDate: string) => ({ docketEntryHeader: { docketEntryUUID: id, docketEntryType: "Notice", docketEntrySubType: "Notice of Appeal", filedDate } });
    const list = JSON.stringify({
      _embedded: { results: [item("a", "2026-03-05T16:17:31.000+00:00"), item("b", "2026-03-05T11:17:31.000"), item("c", "2026-03-05 11:17:31-05:00"), item("d", "2026-03-05T16:17:31.000+0000"), item("e", "2026-03-05")] },
      page: { size: 50, totalElements: 5, totalPages: 1, number: 0 },
    });
    const read = readAcisDocketEntries(list);
    expect(read.kind === "partial" ? read.entries!.map((entry) => [entry.sequence, entry.filed]) : read).toEqual([
      ["a", "2026-03-05T11:17:31-05:00"],
      ["b", "2026-03-05T11:17:31-05:00"],
      ["c", "2026-03-05T11:17:31-05:00"],
      ["d", "2026-03-05T11:17:31-05:00"],
      // No time of day: the day as ACIS gave it, not UTC midnight (7 pm the evening before in Florida).
      ["e", "2026-03-05"],
    ]);
    const header = (filedDate: string) => cases(JSON.stringify({ caseHeader: { caseNumber: "4D2026-0001", caseTitle: "A v. B", closedFlag: false, filedDate } }))[0]!.case.dateFiled;
    expect([header("2026-03-05"), header("2026-03-05T23:30:00"), header("2026-03-06T03:30:00.000+00:00"), header("March 5, 2026")]).toEqual(["2026-03-05", "2026-03-05", "2026-03-05", null]);
  });

  it("refuses a time with an offset that is not on the calendar or the clock, as it refuses one without (never rolled over to another day)", () => {
    const item = (filedDate: string) => ({ docketEntryHeader: { docketEntryUUID: "e1", docketEntryType: "Notice", docketEntrySubType: "Notice of Appeal", filedDate } });
    const list = (filedDate: string) => JSON.stringify({ _embedded: { results: [item(filedDate)] }, page: { size: 50, totalElements: 1, totalPages: 1, number: 0 } });
    // Date.parse takes each of these and names another day (2 March, 1 March, 1 May, 6 March).
    for (const filedDate of ["2026-02-30T10:00:00Z", "2026-02-29T10:00:00.000+00:00", "2026-04-31T10:00:00-04:00", "2026-03-05T24:00:00Z"]) {
      expect(readAcisDocketEntries(list(filedDate)), filedDate).toMatchObject({ kind: "refused", reason: "unreadable" });
      expect(readAcisDocketEntries(list(filedDate.replace(/(Z|[+-]\d{2}:\d{2})$/, ""))), filedDate).toMatchObject({ kind: "refused", reason: "unreadable" });
    }
    expect(readAcisDocketEntries(list("2024-02-29T10:00:00.000+00:00"))).toMatchObject({ kind: "partial", entries: [{ filed: "2024-02-29T05:00-05:00" }] });
    const header = (filedDate: string) => cases(JSON.stringify({ caseHeader: { caseNumber: "4D2026-0001", caseTitle: "A v. B", closedFlag: false, filedDate } }))[0]!.case.dateFiled;
    expect(header("2026-02-30T03:30:00.000+00:00")).toBeNull();
  });

  it("keeps an entry once when two pages overlap, sorts by instant, and dates a closed case by its disposition", () => {
    const header: SourceCase = { caseNumber: "2D2025-0001", title: "A v. B", closed: true, parties: [], entries: [] };
    const entry = (id: string, filed: string, text: string) => ({ sequence: id, filed, text });
    const first: PartialDocketRead = { kind: "partial", entries: [entry("c", "2025-03-01T10:00:00-05:00", "Mandate - Mandate"), entry("b", "2025-02-01T10:00:00-05:00", "Disposition - Affirmed")], page: null };
    const second: PartialDocketRead = { kind: "partial", entries: [entry("b", "2025-02-01T10:00:00-05:00", "Disposition - Affirmed"), entry("a", "2025-01-01T10:00:00-05:00", "Notice - Notice of Appeal")], page: null };
    const combined = combineAcisCase(header, [first, second, { kind: "partial", parties: [{ name: "A", role: "Appellant" }], page: null }]);
    expect(combined.entries.map((item) => item.sequence)).toEqual(["a", "b", "c"]);
    expect(combined.dateTerminated).toBe("2025-03-01");
    expect(combined.parties).toEqual([{ name: "A", role: "Appellant" }]);
    // Closed without a disposition or mandate on the docket: closed, with no date.
    const undated = combineAcisCase(header, [{ kind: "partial", entries: [entry("a", "2025-01-01T10:00:00-05:00", "Notice - Notice of Appeal")], page: null }]);
    expect(undated.dateTerminated).toBeNull();
    expect(normalizeCase(DCA, "2D2025-0001", undated).header).toMatchObject({ status: "closed", date_terminated: null });
    expect(normalizeCase(DCA, "2D2025-0001", { ...undated, closed: false }).header.status).toBe("open");
  });

  it("puts an entry ACIS dated without a time of day at the start of that day in Florida, not at UTC midnight", () => {
    const header: SourceCase = { caseNumber: "2D2025-0001", title: "A v. B", closed: true, parties: [], entries: [] };
    const entry = (id: string, filed: string, text: string) => ({ sequence: id, filed, text });
    // The mandate's bare date (March 5) comes after the disposition filed at 8 pm on March 4, Eastern time.
    const piece: PartialDocketRead = {
      kind: "partial",
      entries: [entry("m", "2025-03-05", "Mandate - Mandate"), entry("d", "2025-03-04T20:00:00-05:00", "Disposition - Affirmed"), entry("n", "2025-03-01T10:00:00-05:00", "Notice - Notice of Appeal")],
      page: null,
    };
    const combined = combineAcisCase(header, [piece]);
    expect(combined.entries.map((item) => item.sequence)).toEqual(["n", "d", "m"]);
    expect(combined.dateTerminated).toBe("2025-03-05");
  });
});

describe.skipIf(!HAS_CORPUS)("ACIS readers on the corpus, field by field against juriscraper", () => {
  it("reads the case endpoint's header", () => {
    const [docket] = cases(corpusText(`${FOLDER}/case_info/4D2026-0606.compare.json`));
    const want = corpusJson<ExpectedCase>(`${FOLDER}/case_info/4D2026-0606.json`);
    expectHeader(docket!.case, want, "case_info");
    expect(docket!.case.appellate?.appealType).toBe("NOA Final - Circuit Criminal - Habeas Corpus Denial");
  });

  it("reads every header of the case search's pages (Supreme Court and districts)", () => {
    const files = corpusFiles(`${FOLDER}/cases`, ".compare.json");
    expect(files.length).toBeGreaterThan(0);
    let checked = 0;
    for (const file of files) {
      const reads = cases(corpusText(file));
      const want = corpusJson<ExpectedCase[]>(file.replace(/\.compare\.json$/, ".json"));
      expect(reads, file).toHaveLength(want.length);
      want.forEach((expected, index) => {
        expectHeader(reads[index]!.case, expected, `${file} #${index}`);
        checked += 1;
      });
    }
    expect(checked).toBeGreaterThan(100);
  });

  it("reads every party: name, role, attorneys and the primary one", () => {
    for (const file of corpusFiles(`${FOLDER}/parties`, ".compare.json")) {
      const parties = piece(readAcisParties(corpusText(file)));
      const want = corpusJson<ExpectedParty[]>(file.replace(/\.compare\.json$/, ".json"));
      expect(parties.parties, file).toHaveLength(want.length);
      expect(parties.page, file).toMatchObject({ number: 0, size: 50, totalPages: 2 });
      want.forEach((expected, index) => {
        const mine = parties.parties![index]!;
        expect(mine.name, file).toBe(expected.name);
        expect(mine.role, file).toBe(expected.party_subtype || expected.party_type_raw);
        expect(mine.attorneys?.map((attorney) => [attorney.name, attorney.role === "Primary"]), `${file}: ${expected.name}`).toEqual(
          expected.representatives.map((representative) => [representative.name, representative.primary_flag]),
        );
      });
    }
  });

  it("gives each party the API's type: juriscraper's, except that a friend of the court is an amicus", () => {
    const file = corpusFiles(`${FOLDER}/parties`, ".compare.json")[0]!;
    const output = readSavedPage(SAVED_PAGE_READERS["florida-parties"]!, corpusText(file));
    if (!("partial" in output)) throw new Error(JSON.stringify(output));
    const want = corpusJson<ExpectedParty[]>(file.replace(/\.compare\.json$/, ".json"));
    const ours = output.partial.parties!;
    want.forEach((expected, index) => {
      const type = /amicus/i.test(expected.party_subtype) ? "amicus" : expected.party_type === "unknown" ? "other" : expected.party_type;
      expect(ours[index]!.type, expected.name).toBe(type);
    });
    expect(ours.some((party) => party.type === "amicus")).toBe(true);
  });

  it("reads every docket entry: instant, id, type and sub-type, description, outcome, documents, filer", () => {
    for (const file of corpusFiles(`${FOLDER}/docket_entries`, ".compare.json")) {
      const entries = piece(readAcisDocketEntries(corpusText(file)));
      const want = corpusJson<ExpectedEntry[]>(file.replace(/\.compare\.json$/, ".json"));
      expect(entries.entries, file).toHaveLength(want.length);
      want.forEach((expected, index) => {
        const mine = entries.entries![index]!;
        expect(Date.parse(mine.filed), `${file} #${index}`).toBe(Date.parse(expected.datetime_filed));
        expect(mine.filed, `${file} #${index}`).toMatch(/-0[45]:00$/); // rendered in the court's zone
        // A time to the minute (ACIS writes most so) keeps no seconds: it stands for any moment of that minute.
        const toMinute = Date.parse(expected.datetime_filed) % 60_000 === 0;
        expect(mine.filed, `${file} #${index}`).toMatch(toMinute ? /T\d{2}:\d{2}-/ : /T\d{2}:\d{2}:\d{2}(\.\d+)?-/);
        expect(mine.sequence, `${file} #${index}`).toBe(expected.docket_entry_uuid);
        expect(mine.text.startsWith(expected.entry_name), `${file} #${index}`).toBe(true);
        expect(mine.text, `${file} #${index}`).toContain(expected.entry_description.replace(/\s+/g, " "));
        if (expected.outcome_status) expect(mine.text.endsWith(`(${expected.outcome_status})`), `${file} #${index}`).toBe(true);
        expect(mine.documentId, `${file} #${index}`).toBe(expected.document_count > 0 ? expected.docket_entry_uuid : null);
        expect(mine.filedBy ?? null, `${file} #${index}`).toBe(expected.submitted_by.length > 0 ? expected.submitted_by.map((filer) => filer.display_name).join("; ") : null);
      });
    }
  });

  it("refuses answers of other endpoints given to the wrong reader", () => {
    expect(readAcisCase(corpusText(`${FOLDER}/courts/courts.compare.json`))).toMatchObject({ kind: "refused", reason: "not_a_docket" });
    expect(readAcisDocketEntries(corpusText(`${FOLDER}/documents/66de2144.compare.json`))).toMatchObject({ kind: "refused", reason: "not_a_docket" });
    expect(readAcisParties(corpusText(`${FOLDER}/docket_entries/4D2026-0606.compare.json`))).toMatchObject({ kind: "refused", reason: "not_a_docket" });
  });

  it("puts a case together from its header and its entries, and normalizes it as the API answers", () => {
    const [header] = cases(corpusText(`${FOLDER}/case_info/4D2026-0606.compare.json`));
    const entries = piece(readAcisDocketEntries(corpusText(`${FOLDER}/docket_entries/4D2026-0606.compare.json`)));
    const combined = combineAcisCase(header!.case, [entries]);
    expect(combined.entries.map((entry) => entry.text)).toEqual(["Letter - Acknowledgment Letter", "Notice - Notice of Appeal"]);
    const normalized = normalizeCase(DCA, "4D2026-0606", combined);
    expect(normalized.header).toMatchObject({ case_type: "appellate", status: "open", date_filed: "2026-03-05" });
    expect(normalized.header.appellate?.originating_court).toMatchObject({ case_id: "062016CF013112A88810", court_name: "Circuit Court for the Seventeenth Judicial Circuit, Broward County" });
    expect(normalized.entries.map((entry) => [entry.filed_at, entry.filing_type, entry.document_identifier_type])).toEqual([
      ["2026-03-05T11:43:31-05:00", "notice", "state_doc_id"],
      ["2026-03-05T11:57:55-05:00", "notice", "state_doc_id"],
    ]);
    // One filed at 09:49 to the minute: rendered 09:49:00, but it may have appeared at any moment of that minute.
    const minute = normalizeCase(DCA, "4D2026-0606", { ...combined, entries: [{ ...combined.entries[0]!, filed: "2026-05-07T09:49-04:00" }] }).entries[0]!;
    expect([minute.filed_at, minute.docketed_at]).toEqual(["2026-05-07T09:49:00-04:00", "2026-05-07T13:49:59.999Z"]);
  });
});
