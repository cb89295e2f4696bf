// The CM/ECF docket report reader on forms of the real pages it has not seen: every district, bankruptcy and
// special record of ../shared/corpus rewritten mechanically the way other courts, CM/ECF versions or
// proxies write the same page (tag case, CRLF, unclosed cells, &nbsp; in labels, bold and italics nested the
// other way round...). The reading must stay the same in every field the scorer compares (case name, number,
// dates, judge, cause, nature of suit, jury demand, parties with roles and attorneys, entries with number,
// date, text and document id). Then the single rules those rewrites found, each on one record.
import { describe, expect, it } from "vitest";
import { balanceTableTags } from "@/lib/sources/pacer/docket-dom";
import { type DocketReportDetails, readDocketReport, readDocketReportDetails } from "@/lib/sources/pacer/read-docket-report";
import { HAS_CORPUS, NO_CORPUS_MESSAGE, corpusFiles, corpusText } from "../helpers/corpus";
import { expectRewriteReadsTheSame } from "../helpers/rewritten-corpus";

const squeeze = (text: unknown) => String(text ?? "").normalize("NFKD").toLowerCase().replace(/[^a-z0-9]+/g, "");

/** What the scorer compares of one reading, texts on letters and digits only (as it does). */
function scored(html: string): unknown {
  const read = readDocketReport(html);
  if (read.kind !== "case") return { refused: read.reason };
  const source = read.case;
  return {
    title: squeeze(source.title),
    number: source.caseNumber,
    dates: [source.dateFiled, source.dateTerminated],
    judge: squeeze(source.judge),
    cause: squeeze(source.cause),
    nature: squeeze(source.natureOfSuit),
    jury: squeeze(source.juryDemand),
    parties: source.parties.map((party) => [squeeze(party.name), squeeze(party.role), (party.attorneys ?? []).map((attorney) => squeeze(attorney.name))]),
    entries: source.entries.map((entry) => [entry.number, entry.filed, squeeze(entry.text), entry.documentId]),
  };
}

const REWRITES: Record<string, (html: string) => string> = {
  "upper-case tags": (html) => html.replace(/<(\/?)([a-zA-Z][a-zA-Z0-9]*)/g, (_, slash: string, name: string) => `<${slash}${name.toUpperCase()}`),
  "lower-case tags": (html) => html.replace(/<(\/?)([a-zA-Z][a-zA-Z0-9]*)/g, (_, slash: string, name: string) => `<${slash}${name.toLowerCase()}`),
  "CRLF line ends": (html) => html.replace(/\r?\n/g, "\r\n"),
  "no line breaks in the markup": (html) => html.replace(/\r?\n/g, " "),
  "cells left unclosed": (html) => html.replace(/<\/td\s*>/gi, ""),
  "cells and their <font> left unclosed": (html) => html.replace(/<\/font>\s*<\/td\s*>/gi, ""),
  "rows left unclosed": (html) => html.replace(/<\/tr\s*>/gi, ""),
  "no tbody": (html) => html.replace(/<\/?tbody[^>]*>/gi, ""),
  "single-quoted attributes": (html) => html.replace(/\b(href|colspan|align|valign|width)="([^"']*)"/gi, (_, name: string, value: string) => `${name}='${value}'`),
  "attributes split over lines": (html) => html.replace(/<(td|tr|table|a)\s+/gi, (_, name: string) => `<${name}\n    `),
  "href written last": (html) => html.replace(/<a\s+href="([^"]*)"\s*([^>]*)>/gi, (_, href: string, rest: string) => `<a ${rest.trim()} href="${href}">`),
  "&nbsp; inside labels": (html) => html.replace(/(Date|Docket|Assigned|Nature|Jury|Filing) (Filed|filed|Text|to|of Suit|Demand|Date)/g, "$1&nbsp;$2"),
  "&nbsp; after labels": (html) => html.replace(/(Date Filed|Date filed|Assigned to|Cause|Jury Demand|Date Terminated):\s*/g, "$1:&nbsp;"),
  "&#160; for &nbsp;": (html) => html.replace(/&nbsp;/g, "&#160;"),
  "&nbsp; between every two words": (html) => html.replace(/>([^<]*)</g, (_, text: string) => `>${text.replace(/(\S) (\S)/g, "$1&nbsp;$2")}<`),
  "&nbsp; after dates": (html) => html.replace(/(>\s*\d{2}\/\d{2}\/\d{4})(\s*<)/g, "$1&nbsp;$2"),
  "&nbsp; after the number sign": (html) => html.replace(/#:\s*/g, "#:&nbsp;"),
  "<strong> for <b>": (html) => html.replace(/<(\/?)b>/gi, "<$1strong>"),
  "comments in cells": (html) => html.replace(/<td([^>]*)>/gi, "<td$1><!-- cell -->"),
  "<font> in every cell": (html) => html.replace(/<td([^>]*)>/gi, '<td$1><font size="+0">').replace(/<\/td>/gi, "</font></td>"),
  "headings in <th>": (html) => html.replace(/<td([^>]*)>(\s*(?:Date Filed|Docket Text|#|Filing Date)\s*)<\/td>/gi, "<th$1>$2</th>"),
  "headings in <td>": (html) => html.replace(/<th([^>]*)>([\s\S]*?)<\/th>/gi, "<td$1>$2</td>"),
  "headings in bold": (html) => html.replace(/<(t[hd])([^>]*)>(Date Filed|Docket Text|#|Filing Date)<\/\1>/gi, "<$1$2><b>$3</b></$1>"),
  "'Filing Date' heading": (html) => html.replace(/>(\s*)Date Filed(\s*)</g, ">$1Filing Date$2<"),
  "'Date Filed' heading": (html) => html.replace(/>(\s*)Filing Date(\s*)</g, ">$1Date Filed$2<"),
  "a 'Date Entered' column": (html) =>
    html
      .replace(/(<t[dh][^>]*>\s*(?:Date Filed|Filing Date)\s*<\/t[dh]>)/gi, "$1<th>Date Entered</th>")
      .replace(/(<td[^>]*>\s*(\d{2}\/\d{2}\/\d{4})\s*<\/td>)(?=\s*<td)/gi, "$1<td>$2</td>"),
  "&#039; for apostrophes": (html) => html.replace(/([a-z])'([a-z])/g, "$1&#039;$2"),
  "page wrapped in <center>": (html) => html.replace(/<body([^>]*)>/i, "<body$1><center>").replace(/<\/body>/i, "</center></body>"),
  "page wrapped in a layout table": (html) => html.replace(/<body([^>]*)>/i, '<body$1><table width="100%"><tr><td>').replace(/<\/body>/i, "</td></tr></table></body>"),
  "'Doc. Number' number heading": (html) => html.replace(/<(t[hd])([^>]*)>\s*#\s*<\/\1>/gi, "<$1$2>Doc. Number</$1>"),
  "'No.' number heading": (html) => html.replace(/<(t[hd])([^>]*)>\s*#\s*<\/\1>/gi, "<$1$2>No.</$1>"),
  "XHTML <br />": (html) => html.replace(/<br\s*\/?>/gi, "<br />"),
  "byte order mark": (html) => `\ufeff${html}`,
  "heading in <center> rather than <h3>": (html) => html.replace(/<h3([^>]*)>([\s\S]*?)<\/h3>/gi, '<center><b><font size="+1">$2</font></b></center>'),
  "heading in <h2>": (html) => html.replace(/<(\/?)h3\b/gi, "<$1h2"),
  "heading in a <div>": (html) => html.replace(/<h3([^>]*)>([\s\S]*?)<\/h3>/gi, '<div style="text-align:center;font-weight:bold">$2</div>'),
  "<div align=center> for <center>": (html) => html.replace(/<center>([\s\S]*?)<\/center>/gi, '<div align="center">$1</div>'),
  "party headings <u><b>": (html) => html.replace(/<b><u>([\s\S]*?)<\/u><\/b>/gi, "<u><b>$1</b></u>"),
  "bold outside italics": (html) => html.replace(/<i><b>([^<]*)<\/b><\/i>/gi, "<b><i>$1</i></b>"),
  "a space before label colons": (html) => html.replace(/(Date Filed|Date filed|Assigned to|Date Terminated|Date terminated):/g, "$1 :"),
};

const FILES = HAS_CORPUS ? ["district", "bankruptcy", "special"].flatMap((folder) => corpusFiles(`pacer/${folder}`, ".html")) : [];

describe.skipIf(!HAS_CORPUS)(`every record, rewritten (${HAS_CORPUS ? "corpus" : NO_CORPUS_MESSAGE})`, () => {
  for (const [name, rewrite] of Object.entries(REWRITES)) {
    it(`reads the same with ${name}`, () => expectRewriteReadsTheSame(FILES, name, rewrite, scored));
  }

  it("refuses every not_dockets record after the same rewrites", () => {
    for (const file of corpusFiles("pacer/not_dockets", ".html")) {
      for (const [name, rewrite] of Object.entries(REWRITES)) {
        expect(readDocketReport(rewrite(corpusText(file))), `${file} with ${name}`).toMatchObject({ kind: "refused" });
      }
    }
  });
});

function details(html: string): DocketReportDetails {
  const read = readDocketReportDetails(html);
  if ("kind" in read) throw new Error(`refused: ${read.message}`);
  return read;
}

describe.skipIf(!HAS_CORPUS)("rules the rewrites found", () => {
  it("'Assigned to' and 'Referred to' in one cell of the parties table, a line each: each judge to its own field", () => {
    // ned prints "Assigned to: Senior Judge Richard G. Kopf<br>Referred to: Magistrate Judge Cheryl R. Zwart" in one cell.
    expect(details(corpusText("pacer/district/ned.html"))).toMatchObject({ assignedTo: "Richard G. Kopf", referredTo: "Cheryl R. Zwart" });
    expect(details(corpusText("pacer/district/gasd.html"))).toMatchObject({ assignedTo: "J. Randal Hall", referredTo: "Brian K. Epps" });
  });

  it("a page whose 'Date filed' label is written with &nbsp; is a docket", () => {
    const html = corpusText("pacer/district/cand_2.html").replace("Date Filed: 01/10/2008", "Date&nbsp;Filed:&nbsp;01/10/2008");
    expect(details(html)).toMatchObject({ dateFiled: "2008-01-10", docketNumber: "3:08-cv-00177-SI" });
  });

  it("entries whose 'Docket Text' heading cell is left unclosed are read", () => {
    const html = corpusText("pacer/district/cand_2.html");
    const entries = details(html).entries;
    expect(entries.length).toBeGreaterThan(0);
    expect(details(html.replace(/(Docket Text)<\/td>/i, "$1")).entries).toEqual(entries);
  });

  it("a bankruptcy party's role in <b><i> (rather than <i><b>) is its role, the bold name its name", () => {
    const html = corpusText("pacer/bankruptcy/moeb.html").replace(/<I><B>(Debtor|Trustee|U\.S\. Trustee)<\/B><\/I>/g, "<B><I>$1</I></B>");
    const read = readDocketReport(html);
    expect(read).toMatchObject({ kind: "case", case: { title: "Willie Coffman" } });
    const parties = read.kind === "case" ? read.case.parties : [];
    expect(parties.map((party) => [party.name, party.role])).toEqual([
      ["Willie Coffman", "Debtor"],
      ["Marian L. Coffman", "Debtor"],
      ["Tracy A. Brown", "Trustee"],
      ["Office of U.S. Trustee", "U.S. Trustee"],
    ]);
  });

  it("a parties table known by its <b><i> roles alone (no 'represented by' on the page)", () => {
    const html = corpusText("pacer/bankruptcy/moeb.html")
      .replace(/<I><B>(Debtor|Trustee|U\.S\. Trustee)<\/B><\/I>/g, "<B><I>$1</I></B>")
      .replace(/represented by/g, "&nbsp;");
    const read = readDocketReport(html);
    expect(read.kind === "case" ? read.case.parties.map((party) => [party.name, party.role]) : []).toEqual([
      ["Willie Coffman", "Debtor"],
      ["Marian L. Coffman", "Debtor"],
      ["Tracy A. Brown", "Trustee"],
      ["Office of U.S. Trustee", "U.S. Trustee"],
    ]);
  });

  it("an attorney's role in <b><i> is a role, not another attorney", () => {
    const html = corpusText("pacer/special/cit.html");
    const attorneys = (page: string) => details(page).parties.map((party) => party.attorneys.map((attorney) => [attorney.name, attorney.roles]));
    expect(attorneys(html.replace(/<I><B>([^<]*)<\/B><\/I>/g, "<B><I>$1</I></B>"))).toEqual(attorneys(html));
  });

  it("the heading is the innermost block naming the number: a <div> around the <h3> and the header lines is not", () => {
    const html = corpusText("pacer/district/cand_2.html").replace(
      /<h3([^>]*)>([\s\S]*?)<\/h3>\s*<TABLE[\s\S]*?<\/table>/i,
      "<div><h3$1>$2</h3>Brady et al v. Deloitte &amp; Touche LLP et al<br>Assigned to: Hon. Susan Illston<br>Date Filed: 01/10/2008</div>",
    );
    expect(details(html)).toMatchObject({ caption: "Brady et al v. Deloitte & Touche LLP et al", assignedTo: "Susan Illston", dateFiled: "2008-01-10", docketNumber: "3:08-cv-00177-SI" });
  });

  it("a block before the heading naming another number ('Receipt #: 12345') is not the heading, nor a wrapper it opens", () => {
    const html = corpusText("pacer/district/laed_127926.html");
    const notice = '<div class="notice">Receipt #: 12345<br>Printed 01/01/2020</div>';
    const before = html.replace(/<h3\b/i, `${notice}<h3`);
    const wrapped = html.replace(/<h3\b/i, `<div>${notice}<h3`).replace(/<\/h3>/i, "</h3></div>");
    for (const page of [before, wrapped]) {
      expect(page).not.toBe(html);
      expect(details(page)).toMatchObject({ docketNumber: "2:08-cv-04256-HGB-SS", caption: "Dediol v. Best Chevrolet et al" });
      expect(readDocketReport(page)).toMatchObject({ kind: "case", case: { caseNumber: "2:08-cv-04256-HGB-SS", caseType: "cv" } });
    }
  });

  it("an unquoted attribute value with an apostrophe (title=O'Brien) ends at the tag's '>', as a browser reads it", () => {
    const html = corpusText("pacer/district/laed_127926.html");
    let row = 0;
    const page = html.replace(/<td([^>]*)>(\d\d\/\d\d\/\d{4})/gi, (cell, attributes: string, date: string) => (++row === 10 ? `<td${attributes} title=O'Brien>${date}` : cell));
    expect(page).not.toBe(html);
    // The quote opened no value: the rows up to the next apostrophe in the text were taken for one tag (20 entries lost).
    expect(scored(page)).toEqual(scored(html));
    // Nor does the table balancing see a cell there that the parser does not (it closed it a second time).
    const cells = "<table><tr><td title=O'Brien>x</td></tr><tr><td>it's</td></tr></table>";
    expect(balanceTableTags(cells)).toBe(cells);
  });

  it("a record of another kind than petition or adversary proceeding ('Miscellaneous Proceeding #:') is a docket", () => {
    const html = corpusText("pacer/bankruptcy/moeb.html").replace("Bankruptcy Petition #:", "Miscellaneous Proceeding #:");
    expect(details(html)).toMatchObject({ recordKind: "Miscellaneous Proceeding", docketNumber: "09-51436", dateFiled: "2009-11-10" });
    expect(readDocketReport(html)).toMatchObject({ kind: "case", case: { caseType: "mp", title: "Willie Coffman" } });
  });

  it("a stray </tr> in a nested parties table ends nothing outside it; an unclosed cell ends at the next", () => {
    // deb_2 prints "<TD>V.</TD></TR></TR><TR>": the second </TR> closes no row of its table.
    const html = corpusText("pacer/bankruptcy/deb_2.html");
    const names = (page: string) => details(page).parties.map((party) => party.name);
    expect(names(html)).toEqual(["Whitehall Jewelers Holdings, Inc. et al., Debtors in Possession", "Schulte Roth & Zabel LLP"]);
    expect(names(html.replace(/<BODY([^>]*)>/i, "<BODY$1><TABLE><TR><TD>"))).toEqual(names(html));
    // Cells left open around an open <font>: each cell still ends where the next begins.
    const unclosed = corpusText("pacer/bankruptcy/moeb.html").replace(/<\/FONT><\/TD>/g, "");
    expect(details(unclosed).parties.map((party) => [party.name, party.role, party.attorneys.map((attorney) => attorney.name)])).toEqual(
      details(corpusText("pacer/bankruptcy/moeb.html")).parties.map((party) => [party.name, party.role, party.attorneys.map((attorney) => attorney.name)]),
    );
  });

  it("a case name with a colon in it is the case name, not a label", () => {
    const html = corpusText("pacer/district/cand_2.html");
    for (const name of ["In the Matter of the Search of: 1234 Main Street", "Brady et al v. Deloitte & Touche LLP: Plan Trustee"]) {
      expect(details(html.replace("Brady et al v. Deloitte & Touche LLP et al", name)), name).toMatchObject({ caption: name, assignedTo: "Susan Illston" });
    }
  });
});
