// The TAMES reader (Texas Supreme Court, Court of Criminal Appeals, courts of appeals) on the real pages of
// ../shared/corpus/state/texas against juriscraper's readings, constructed pages for what the corpus lacks
// (refusals, a remand), the court-name matching it relies on, and the measure the issue names: score-sources
// ≥ 0.99 on the Texas folders.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readSavedPage } from "@/lib/sources/read-saved-page";
import { SAVED_PAGE_READERS } from "@/lib/sources/saved-page-readers";
import { describeCourtName, stateCourtNamed } from "@/lib/sources/state-court-named";
import { readTamesCase } from "@/lib/sources/texas/read-tames-case";
import { CCA_NUMBER, COA_NUMBER, courtOfAppealsOf } from "@/lib/sources/texas/tames-courts";
import { tamesClosing } from "@/lib/sources/texas/tames-status";
import type { SourceCase } from "@/lib/sources/types";
import { CORPUS_DIR, corpusFiles, corpusJson, corpusText, HAS_CORPUS } from "@/tests/helpers/corpus";

const norm = (text: unknown) => String(text ?? "").normalize("NFKD").toLowerCase().replace(/[^a-z0-9]+/g, "");
const FOLDERS = ["state/texas/sc", "state/texas/coca", "state/texas/coa"];

function caseOf(html: string): SourceCase {
  const result = readTamesCase(html);
  if (result.kind !== "case") throw new Error(`refused: ${result.message}`);
  return result.case;
}

interface Attachment { description: string; document_url: string; media_id: string }
interface Expected {
  case_name: string;
  docket_number: string;
  date_filed: string;
  case_type: string;
  parties: Array<{ name: string; type: string; representatives: string[] }>;
  case_events: Array<{ date: string; type: string; disposition: string; remarks?: string; attachments: Attachment[] }>;
  appellate_briefs: Array<{ date: string; type: string; description: string; attachments: Attachment[] }> | null;
  originating_court: { case: string; county: string; name: string };
  appeals_court?: { case_number: string[] };
  transfer_from?: { court_id: string; date: string | null; origin_docket: string } | null;
  transfer_to?: { court_id: string; date: string | null } | null;
}

/** Our entry text is "type (disposition) — remarks": split back into the court's columns. */
function columns(text: string): { type: string; disposition: string; remarks: string } {
  const match = /^(.*?)(?: \(([^()]*)\))?(?: — (.*))?$/.exec(text)!;
  return { type: match[1]!, disposition: match[2] ?? "", remarks: match[3] ?? "" };
}

/** A minimal TAMES page: the case panel, the events given, and the briefs and parties grids empty (as a real page has them). */
function tamesPage(fields: Record<string, string>, events: Array<[string, string, string]> = []): string {
  const row = (label: string, value: string) =>
    `<div class="row-fluid"><div class="span2"><label class="form1">${label}:</label></div><div class="span10">${value}&nbsp;</div></div>`;
  const eventRows = events.map(([date, type, disposition]) => `<tr class="rgRow"><td>${date}</td><td>${type}</td><td>${disposition}</td><td></td></tr>`).join("");
  return `<html><head><title>Case Detail</title></head><body><div id="MainContent"><div id="main-panel-content">
    <div id="main-content-head" class="panel-heading">Case: ${fields.Case ?? ""}</div>
    <div id="case" class="row-fluid"><div class="span2"><label class="form1">Case:</label></div><div class="span10"><div><strong>${fields.Case ?? ""}</strong></div></div></div>
    ${Object.entries(fields).filter(([label]) => label !== "Case").map(([label, value]) => row(label, value)).join("")}
    <table id="ctl00_ContentPlaceHolder1_grdBriefs_ctl00"><thead><tr><th>Date</th><th>Event Type</th><th>Description</th><th>Document</th></tr></thead>
    <tbody><tr class="rgNoRecords"><td colspan="4">No briefs.</td></tr></tbody></table>
    <table id="ctl00_ContentPlaceHolder1_grdEvents_ctl00"><thead><tr><th>Date</th><th>Event Type</th><th>Disposition</th><th>Document</th></tr></thead>
    <tbody>${eventRows || '<tr class="rgNoRecords"><td colspan="4">No results</td></tr>'}</tbody></table>
    <table id="ctl00_ContentPlaceHolder1_grdParty_ctl00"><thead><tr><th>Party</th><th>PartyType</th><th>Representative</th></tr></thead>
    <tbody><tr class="rgNoRecords"><td colspan="3">No Party.</td></tr></tbody></table>
    <a href="Case.aspx?cn=${fields.Case ?? ""}&amp;coa=coa03">print</a></div></div></body></html>`;
}

describe("TAMES reader: number forms, status, courts, refusals", () => {
  it("is in the parse command's table as a docket reader for state courts", () => {
    expect(SAVED_PAGE_READERS.texas).toMatchObject({ kind: "docket", court: { kind: "us_state", system: "TAMES" } });
  });

  it("knows each court's number form", () => {
    for (const number of ["01-25-00011-CV", "15-25-00230-CV", "01-18-00277-CR"]) expect(COA_NUMBER.test(number), number).toBe(true);
    for (const number of ["PD-0975-25", "WR-70,849-04", "WR-82,851-01", "AP-77,129"]) expect(CCA_NUMBER.test(number), number).toBe(true);
    for (const number of ["25-1066", "A-4369-A", "4D2026-0606"]) expect(COA_NUMBER.test(number) || CCA_NUMBER.test(number), number).toBe(false);
    expect(courtOfAppealsOf("14-25-00552-CV")).toMatchObject({ name: expect.stringMatching(/14th|Fourteenth/) });
    expect(courtOfAppealsOf("25-1066")).toBeNull();
  });

  it("reads a constructed page: number, style, case type, events oldest first", () => {
    const page = tamesPage(
      { Case: "03-24-00001-CV", "Date Filed": "01/02/2024", "Case Type": "Contract", Style: "Acme, Inc.; and Beta LLC", "v.": "Gamma Co." },
      [["03/01/2024", "Order entered", "DENIED"], ["01/02/2024", "Notice of appeal filed in court of appeals", ""]],
    );
    const docket = caseOf(page);
    expect(docket).toMatchObject({ caseNumber: "03-24-00001-CV", title: "Acme, Inc. v. Gamma Co.", caseType: "Contract", dateFiled: "2024-01-02" });
    expect(docket.entries.map((entry) => [entry.filed, entry.text])).toEqual([
      ["2024-01-02", "Notice of appeal filed in court of appeals"],
      ["2024-03-01", "Order entered (DENIED)"],
    ]);
  });

  it("ends a case on its mandate, transfer, void or final action, and reopens it on a remand", () => {
    const at = (filed: string, text: string) => ({ filed, text });
    expect(tamesClosing([at("2019-01-11", "Mandate issued")])).toEqual({ terminated: "2019-01-11", reopened: null });
    expect(tamesClosing([at("2016-08-10", "ACTION TAKEN (Dismissed -- Non-compliance)")]).terminated).toBe("2016-08-10");
    expect(tamesClosing([at("1988-03-23", "PDR DISP (Refused)")]).terminated).toBe("1988-03-23");
    expect(tamesClosing([at("2025-12-01", "EXT PDR DISP/NFE (Granted)")]).terminated).toBeNull();
    expect(tamesClosing([at("2025-12-02", "Motion for Extension of Time to File Petition for Review disposed (Filing granted)")]).terminated).toBeNull();
    expect(tamesClosing([at("2019-01-11", "Mandate issued"), at("2020-02-01", "Case remanded from higher court")])).toEqual({ terminated: "2019-01-11", reopened: "2020-02-01" });
    expect(tamesClosing([at("2019-01-11", "Mandate issued"), at("2020-02-01", "Case remanded from higher court"), at("2020-09-01", "Mandate issued")])).toEqual({ terminated: "2020-09-01", reopened: null });
  });

  it("refuses what is not a TAMES case", () => {
    expect(readTamesCase("<html><head><title>Search</title></head><body><form>Case Search</form></body></html>")).toMatchObject({ kind: "refused", reason: "not_a_docket" });
    expect(readTamesCase("<html><head><title>Runtime Error</title></head><body>Server Error in '/' Application.</body></html>")).toMatchObject({ kind: "refused", reason: "error_page" });
    expect(readTamesCase(tamesPage({ Case: "" }))).toMatchObject({ kind: "refused", reason: "case_not_found" });
  });

  it("refuses a page of another layout rather than read it short: a grid missing, an event it cannot date", () => {
    const page = tamesPage({ Case: "03-24-00001-CV" }, [["03/01/2024", "Order entered", "DENIED"]]);
    expect(caseOf(page).entries).toHaveLength(1);
    for (const grid of ["grdEvents", "grdBriefs", "grdParty"]) {
      expect(readTamesCase(page.replace(`${grid}_ctl00`, `${grid}New_ctl00`)), grid).toMatchObject({ kind: "refused", reason: "unreadable" });
    }
    expect(readTamesCase(tamesPage({ Case: "03-24-00001-CV" }, [["2024-03-01", "Order entered", "DENIED"]]))).toMatchObject({ kind: "refused", reason: "unreadable" });
    expect(readTamesCase(tamesPage({ Case: "03-24-00001-CV" }, [["03/01/2024", "", "DENIED"]]))).toMatchObject({ kind: "refused", reason: "unreadable" });
  });

  it("matches Texas court names to the registry by state, kind, number and county", () => {
    expect(describeCourtName("Crim Dist Ct 2", { region: "TX", county: "Tarrant" })).toEqual({ region: "TX", level: "criminal-district", ordinal: "2", county: "tarrant" });
    expect(describeCourtName("Court of Appeals for the Fourteenth District of Texas")).toMatchObject({ region: "TX", level: "appeals", ordinal: "14" });
    expect(describeCourtName("354th Judicial District Court", { region: "TX", county: "Hunt" })).toMatchObject({ level: "district", ordinal: "354", county: "hunt" });
    expect(describeCourtName("Supreme Court of the State of New York, New York County")).toMatchObject({ region: null, level: "supreme", county: "new york" });
    // The registry's "District Courts of Harris County, Texas" stands for every numbered district court there.
    expect(stateCourtNamed("55th District Court", { region: "TX", county: "Harris" })?.court_code).toBe("txharris");
    expect(stateCourtNamed("Supreme Court of Texas")?.court_code).toBe("txsupct");
    expect(stateCourtNamed("236th District Court", { region: "TX", county: "Tarrant" })).toBeNull();
    expect(stateCourtNamed("Business Court Division 11A", { region: "TX", county: "Harris" })).toBeNull();
  });
});

describe.skipIf(!HAS_CORPUS)("TAMES reader on the corpus", () => {
  const records = FOLDERS.flatMap((folder) => corpusFiles(folder, ".html")).map((file) => ({
    file,
    expected: corpusJson<Expected>(file.replace(/\.html$/, ".json")),
    source: caseOf(corpusText(file)),
  }));

  it("reads every page of the three kinds of court, through the API's normalization too", () => {
    for (const folder of FOLDERS) expect(records.some((record) => record.file.startsWith(folder)), folder).toBe(true);
    for (const { file } of records) expect(readSavedPage(SAVED_PAGE_READERS.texas!, corpusText(file)), file).toHaveProperty("cases");
  });

  it("agrees with juriscraper on the number in every form, the date filed and the case type", () => {
    const numbers = records.map((record) => record.source.caseNumber);
    for (const form of [/^\d{2}-\d{2}-\d{5}-C[VR]$/, /^PD-\d{4}-\d{2}$/, /^WR-\d{2},\d{3}-\d{2}$/, /^AP-\d{2},\d{3}$/, /^\d{2}-\d{4}$/, /^[A-Z]-\d{4}(?:-[A-Z])?$/]) {
      expect(numbers.some((number) => form.test(number)), String(form)).toBe(true);
    }
    for (const { file, expected, source } of records) {
      expect(source.caseNumber, file).toBe(expected.docket_number);
      expect(source.dateFiled, file).toBe(expected.date_filed);
      expect(source.caseType, file).toBe(expected.case_type);
      expect(source.appellate?.appealType, file).toBe(expected.case_type);
    }
  });

  it("finds every party with its type and representatives", () => {
    for (const { file, expected, source } of records) {
      expect(source.parties, file).toHaveLength(expected.parties.length);
      for (const party of expected.parties) {
        const mine = source.parties.find((candidate) => norm(candidate.name) === norm(party.name));
        expect(mine?.role, `${file}: ${party.name}`).toBe(party.type);
        expect((mine?.attorneys ?? []).map((attorney) => attorney.name), `${file}: ${party.name}`).toEqual(party.representatives.filter(Boolean));
      }
    }
  });

  it("keeps every case event: date, type, disposition, remarks, documents with their links", () => {
    for (const { file, expected, source } of records) {
      const key = (date: string, type: string, disposition: string) => `${date}|${norm(type)}|${norm(disposition)}`;
      const ours = source.entries.map((entry) => ({ entry, key: key(entry.filed, columns(entry.text).type, columns(entry.text).disposition) }));
      // Every event once; anything more is a brief the events grid does not list (it names its filer).
      const left = [...ours];
      for (const event of expected.case_events) {
        const at = left.findIndex((item) => item.key === key(event.date, event.type, event.disposition) && (event.attachments.length === 0 || item.entry.documentId === event.attachments[0]!.media_id));
        expect(at, `${file}: ${event.date} ${event.type}`).toBeGreaterThanOrEqual(0);
        left.splice(at, 1);
      }
      expect(left.every((item) => item.entry.filedBy), file).toBe(true);
      for (const event of expected.case_events.filter((item) => item.remarks)) {
        expect(source.entries.some((entry) => columns(entry.text).remarks === event.remarks), `${file}: ${event.remarks}`).toBe(true);
      }
      for (const entry of source.entries.filter((item) => item.documentUrl)) {
        const url = new URL(entry.documentUrl!);
        expect(url.origin + url.pathname, file).toBe("https://search.txcourts.gov/SearchMedia.aspx");
        expect(url.searchParams.get("MediaID"), file).toBe(entry.documentId);
      }
    }
  });

  it("names who filed each brief, from the briefs grid", () => {
    const shaffer = records.find((record) => record.file.endsWith("01-25-00011-CV.html"))!;
    for (const brief of shaffer.expected.appellate_briefs ?? []) {
      const entry = shaffer.source.entries.find((item) => item.filed === brief.date && item.documentId === brief.attachments[0]?.media_id);
      expect(entry?.filedBy, brief.date).toBe(brief.description);
    }
  });

  it("takes the originating court from the court of appeals for a petition, else the trial court", () => {
    for (const { file, expected, source } of records) {
      const origin = source.appellate?.originatingCourt;
      const coaCases = expected.appeals_court?.case_number ?? [];
      if (coaCases.length > 0 && /^(?:PD-|\d{2}-\d{4}$)/.test(source.caseNumber)) {
        expect(origin?.caseId, file).toBe(coaCases[0]);
      } else if (expected.originating_court.name || expected.originating_court.case) {
        expect(origin?.caseId, file).toBe(expected.originating_court.case);
        expect(origin?.courtName, file).toContain(expected.originating_court.name);
        if (expected.originating_court.county) expect(origin?.courtName, file).toContain(`${expected.originating_court.county} County`);
      } else {
        expect(origin, file).toBeNull();
      }
    }
    // Harris County's district courts are in the registry; the others are not yet.
    const harris = records.find((record) => record.file.endsWith("01-25-00011-CV.html"))!.source;
    expect(harris.appellate?.originatingCourt).toEqual({ courtCode: "txharris", caseId: "2024-34116", courtName: "55th District Court, Harris County" });
    expect(harris.crossReferences).toContainEqual({ relationship: "appeal_from", caseId: "2024-34116", courtCode: "txharris", note: "55th District Court, Harris County" });
  });

  it("records transfers between courts of appeals as cross references", () => {
    for (const { file, expected, source } of records) {
      const from = source.crossReferences?.find((reference) => reference.relationship === "transferred_from");
      const to = source.crossReferences?.find((reference) => reference.relationship === "transferred_to");
      expect(Boolean(from), file).toBe(Boolean(expected.transfer_from));
      expect(Boolean(to), file).toBe(Boolean(expected.transfer_to));
      if (expected.transfer_from) expect(from?.caseId, file).toBe(expected.transfer_from.origin_docket);
      if (expected.transfer_from?.date) expect(from?.note, file).toContain(expected.transfer_from.date.slice(0, 10));
      if (expected.transfer_to?.date) expect(to?.note, file).toContain(expected.transfer_to.date.slice(0, 10));
    }
  });

  it("refuses a real page whose layout changed or that came cut short, and still reads one with an empty events grid", () => {
    const whole = corpusText("state/texas/coa/03-18-00261-CV.html");
    expect(caseOf(whole).entries).toHaveLength(124);
    expect(readTamesCase(whole.replaceAll("grdEvents", "grdCaseEvents"))).toMatchObject({ kind: "refused", reason: "unreadable" });
    expect(readTamesCase(whole.replace(/>\s*(\d{2})\/(\d{2})\/(\d{4})\s*</g, ">$3-$1-$2<"))).toMatchObject({ kind: "refused", reason: "unreadable" });
    // Cut anywhere (mid-table, before the parties, just short of its end): never read as the whole case.
    const events = whole.indexOf("grdEvents_ctl00");
    for (const at of [events + 20_000, whole.indexOf("grdParty_ctl00"), whole.lastIndexOf("</body>"), whole.trimEnd().length - 3]) {
      expect(readTamesCase(whole.slice(0, at)), `cut at ${at}`).toMatchObject({ kind: "refused", reason: "unreadable" });
    }
    // A real page with every grid present and empty: a case with no events and no parties (1982).
    expect(caseOf(corpusText("state/texas/coa/02-82-00084-CV.html"))).toMatchObject({ caseNumber: "02-82-00084-CV", entries: [], parties: [] });
  });

  it("reads the status from the events", () => {
    const status = (name: string) => {
      const { source } = records.find((record) => record.file.endsWith(name))!;
      return [source.dateTerminated, source.dateReopened ?? null];
    };
    expect(status("01-18-00277-CR.html")).toEqual(["2019-01-11", null]); // mandate issued
    expect(status("03-20-00601-CV.html")).toEqual(["2021-01-13", null]); // transferred out
    expect(status("WR-09,671-03.html")).toEqual(["2016-08-10", null]); // final action on the writ
    expect(status("01-25-00011-CV.html")).toEqual([null, null]); // set for submission, pending
  });
});

const SCORER = path.resolve(CORPUS_DIR, "../tools/score-sources.mjs");
describe.skipIf(!HAS_CORPUS || !existsSync(SCORER))("score-sources on the Texas corpus", () => {
  it("agrees with juriscraper on at least 0.99 of the fields", { timeout: 180_000 }, () => {
    const run = spawnSync(process.execPath, [SCORER, "--only", "texas", "--min", "0.99"], { cwd: process.cwd(), encoding: "utf8", timeout: 170_000 });
    const out = `${run.stdout}${run.stderr}`;
    console.log(out.split("\n").filter((line) => /^\s+state\/texas|^records/.test(line)).join("\n"));
    expect(out).not.toMatch(/skipped|gave no result/);
    expect(run.status, out.slice(-2000)).toBe(0);
  });
});
