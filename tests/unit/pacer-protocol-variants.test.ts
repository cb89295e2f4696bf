// The CM/ECF protocol page readers on forms of the real pages the corpus does not show. The free change signals
// (mobile_query.pl's entry count, iquery.pl's date of last filing) and the case lookup (possible_case_numbers.pl)
// are read from these pages before anything is paid for: a misread signal buys pages for nothing or misses a
// filing. Every record of ../shared/corpus/pacer/{case_queries,mobile_queries,possible_case_numbers} is rewritten
// the way other courts, CM/ECF versions, proxies or a saving browser write the same page (tag case, CRLF, &nbsp;
// for spaces, quoting, unclosed cells, XHTML breaks, <strong> for <b>; for the XML attribute order, quoting, an
// XML declaration, self-closing or empty elements, entities) and must read the same. Every refused page
// (not_dockets, authentication_samples) must still be refused for the same reason. Then pages of courts the
// corpus does not have, written by hand, each where a reader could misread.
import { describe, expect, it } from "vitest";
import { decodePage } from "@/lib/sources/decode-page";
import { chooseCase, chooseListedCase, unreadMayBe } from "@/lib/sources/pacer/choose-possible-case";
import { detectRefusal } from "@/lib/sources/pacer/detect-refusal";
import { caseQuerySignal, entryCountSignal } from "@/lib/sources/pacer/free-signal";
import { readCaseQuery } from "@/lib/sources/pacer/read-case-query";
import { readLoginResponse } from "@/lib/sources/pacer/read-login-response";
import { readMobileQuery } from "@/lib/sources/pacer/read-mobile-query";
import { readPossibleCaseNumbers } from "@/lib/sources/pacer/read-possible-case-numbers";
import { refuseQueryPage } from "@/lib/sources/pacer/refuse-query-page";
import { HAS_CORPUS, NO_CORPUS_MESSAGE, corpusFiles, corpusText } from "../helpers/corpus";
import { expectRewriteReadsTheSame } from "../helpers/rewritten-corpus";

type Rewrite = (text: string) => string;

/** Which rewrites change some of `files`: a rewrite a folder gives nothing to is left out there (that each
 * changes some record of some folder is tested under "the rewrites"). */
function changingSome(rewrites: Record<string, Rewrite>, files: readonly string[]): Array<[string, Rewrite]> {
  const texts = files.map((file) => corpusText(file));
  return Object.entries(rewrites).filter(([, rewrite]) => texts.some((text) => rewrite(text) !== text));
}

/** Text between tags only (markup, attribute values and scripts untouched). */
const inText = (html: string, change: Rewrite) =>
  html.replace(/(<(script|style)\b[\s\S]*?<\/\2\s*>)|>([^<]+)(?=<)/gi, (whole, script?: string, _name?: string, text?: string) => (script ? whole : `>${change(text!)}`));
/** Each attribute of each start tag, as name, value (without its quotes) and quote, written anew. */
const attributes = (html: string, write: (name: string, value: string, quote: string) => string) =>
  html.replace(/<([a-zA-Z][a-zA-Z0-9]*)((?:\s+[^\s"'<>\/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'<>=`]+))?)*)(\s*\/?)>/g, (_, name: string, list: string, end: string) => {
    const written = list.replace(/(\s+)([^\s"'<>\/=]+)(?:\s*=\s*("[^"]*"|'[^']*'|[^\s"'<>=`]+))?/g, (__, space: string, key: string, raw?: string) => {
      if (raw === undefined) return `${space}${key}`;
      const quote = raw.startsWith('"') || raw.startsWith("'") ? raw[0]! : "";
      return `${space}${write(key, quote ? raw.slice(1, -1) : raw, quote)}`;
    });
    return `<${name}${written}${end}>`;
  });
const tagNames = (html: string, change: Rewrite) => html.replace(/<(\/?)([a-zA-Z][a-zA-Z0-9]*)/g, (_, slash: string, name: string) => `<${slash}${change(name)}`);

const HTML_REWRITES: Record<string, Rewrite> = {
  "upper-case tags": (html) => tagNames(html, (name) => name.toUpperCase()),
  "lower-case tags": (html) => tagNames(html, (name) => name.toLowerCase()),
  "upper-case attribute names": (html) => attributes(html, (name, value, quote) => `${name.toUpperCase()}=${quote}${value}${quote}`),
  "CRLF line ends": (html) => html.replace(/\r?\n/g, "\r\n"),
  "no line breaks": (html) => html.replace(/\r?\n/g, " "),
  "tags on lines of their own": (html) => html.replace(/>\s*</g, ">\n    <"),
  "a newline after every break": (html) => html.replace(/(<br\s*\/?>)/gi, "$1\n"),
  "&#160; for &nbsp;": (html) => html.replace(/&nbsp;/gi, "&#160;"),
  "&#xA0; for &nbsp;": (html) => html.replace(/&nbsp;/gi, "&#xa0;"),
  "a space for &nbsp;": (html) => html.replace(/&nbsp;/gi, " "),
  "&nbsp; between the words of labels": (html) => html.replace(/(<b>|<strong>)([A-Za-z]+) ([A-Za-z ]+:\s*<\/(?:b|strong)>)/gi, (_, open: string, first: string, rest: string) => `${open}${first}&nbsp;${rest.replace(/ (?=\S)/g, "&nbsp;")}`),
  "&nbsp; after label colons": (html) => html.replace(/(:\s*<\/(?:b|strong)>)\s*/gi, "$1&nbsp;"),
  "&nbsp; between every two words": (html) => inText(html, (text) => text.replace(/(\S) (\S)/g, "$1&nbsp;$2")),
  "single-quoted attributes": (html) => attributes(html, (name, value, quote) => `${name}='${quote === "'" ? value : value.replace(/'/g, "&#39;")}'`),
  "double-quoted attributes": (html) => attributes(html, (name, value, quote) => `${name}="${quote === '"' ? value : value.replace(/"/g, "&quot;")}"`),
  "unquoted attributes": (html) => attributes(html, (name, value, quote) => (/^[^\s"'<>=`]+$/.test(value) ? `${name}=${value}` : `${name}=${quote}${value}${quote}`)),
  "spaces around =": (html) => attributes(html, (name, value, quote) => `${name} = ${quote}${value}${quote}`),
  "cells left unclosed": (html) => html.replace(/<\/td\s*>/gi, ""),
  "rows left unclosed": (html) => html.replace(/<\/tr\s*>/gi, ""),
  "paragraphs left unclosed": (html) => html.replace(/<\/p\s*>/gi, ""),
  "XHTML <br />": (html) => html.replace(/<br\s*\/?>/gi, "<br />"),
  "<br/>": (html) => html.replace(/<br\s*\/?>/gi, "<br/>"),
  "<strong> for <b>": (html) => html.replace(/<(\/?)b>/gi, "<$1strong>"),
  "<b> for <strong>": (html) => html.replace(/<(\/?)strong>/gi, "<$1b>"),
  "apostrophes as &#39;": (html) => inText(html, (text) => text.replace(/'/g, "&#39;")),
  "apostrophes as &apos;": (html) => inText(html, (text) => text.replace(/'/g, "&apos;")),
  "&#38; for &amp;": (html) => html.replace(/&amp;/gi, "&#38;"),
  "&amp; in links": (html) => attributes(html, (name, value, quote) => `${name}=${quote}${/^href$/i.test(name) ? value.replace(/&(?!amp;)/g, "&amp;") : value}${quote}`),
  "a bare & in links": (html) => attributes(html, (name, value, quote) => `${name}=${quote}${/^href$/i.test(name) ? value.replace(/&amp;/g, "&") : value}${quote}`),
  "&#035; for #, and # for &#035;": (html) => inText(html, (text) => text.replace(/&#0*35;/g, "\u0000").replace(/(?<!&)#/g, "&#035;").replace(/\u0000/g, "#")),
  "numeric character references for commas and periods": (html) => inText(html, (text) => text.replace(/,/g, "&#44;").replace(/\./g, "&#46;")),
  "byte order mark": (html) => `\ufeff${html}`,
  "comments between tags": (html) => html.replace(/(<br\s*\/?>)/gi, "$1<!-- line -->"),
  "a space before the closing >": (html) => html.replace(/<([a-zA-Z][^<>]*?)(\/?)>/g, (_, inside: string, slash: string) => `<${inside} ${slash}>`),
};

// --- The iquery.pl case summary -------------------------------------------------------------------------------

/** The text of each bold label ("<B>Date filed:</B>") changed. */
const boldLabels = (html: string, change: Rewrite) =>
  html.replace(/(<(b|strong)>)([^<>]+:\s*)(<\/\2>)/gi, (_, open: string, _name: string, label: string, close: string) => `${open}${change(label)}${close}`);

const CASE_QUERY_REWRITES: Record<string, Rewrite> = {
  ...HTML_REWRITES,
  "labels in Title Case": (html) => boldLabels(html, (label) => label.replace(/(^|\s|;)([a-z])/g, (_, before: string, letter: string) => `${before}${letter.toUpperCase()}`)),
  "labels in capitals": (html) => boldLabels(html, (label) => label.replace(/(&[a-z]+;)|[a-z]+/g, (word, entity?: string) => entity ?? word.toUpperCase())),
  "the colon outside the bold label": (html) => html.replace(/(<(?:b|strong)>)([^<:]+):(\s*)(<\/(?:b|strong)>)/gi, "$1$2$4:$3"),
  "each label on a line of its own": (html) => html.replace(/(\S)\s*(<(?:b|strong)>[^<:]+:\s*<\/(?:b|strong)>)/gi, "$1<br>$2"),
  "red notes with a hex colour": (html) => html.replace(/(<font\b[^>]*\bcolor\s*=\s*)["']?red["']?/gi, '$1"#FF0000"'),
  "red notes set by a style": (html) => html.replace(/<font\b([^>]*?)\s+color\s*=\s*["']?red["']?([^>]*)>/gi, '<font$1 style="color: red"$2>'),
  "the number in a <span> of a larger font": (html) => html.replace(/<font\s+size\s*=\s*["']?\+1["']?\s*>([^<]*)<\/font>/gi, '<span style="font-size:larger">$1</span>'),
  "<div align=center> for <center>": (html) => html.replace(/<center>/gi, '<div align="center">').replace(/<\/center>/gi, "</div>"),
  "the cookie set with single quotes": (html) => html.replace(/(["'])CASE_NUM\1\s*,\s*(["'])([^"']*)\2/g, "'CASE_NUM','$3'").replace(/"CASE_NUM=([^"]*)"/g, "'CASE_NUM=$1'"),
};

const CASE_QUERIES = HAS_CORPUS ? corpusFiles("pacer/case_queries", ".html") : [];

describe.skipIf(!HAS_CORPUS)(`iquery.pl case summaries, rewritten (${HAS_CORPUS ? "corpus" : NO_CORPUS_MESSAGE})`, () => {
  for (const [name, rewrite] of changingSome(CASE_QUERY_REWRITES, CASE_QUERIES)) {
    it(`reads the same with ${name}`, () => expectRewriteReadsTheSame(CASE_QUERIES, name, rewrite, readCaseQuery));
  }
});

// --- mobile_query.pl ------------------------------------------------------------------------------------------

const MOBILE_REWRITES: Record<string, Rewrite> = {
  ...HTML_REWRITES,
  "classes added by the page's script": (html) => html.replace(/class="ui-li-count"/g, 'class="ui-li-count ui-btn-up-c ui-btn-corner-all"'),
  "the count on the line of its link": (html) => html.replace(/Docket Entries\s*<span class="ui-li-count">\s*(\d+)\s*<\/span>/g, 'Docket Entries <span class="ui-li-count">$1</span>'),
};

const MOBILE = HAS_CORPUS ? corpusFiles("pacer/mobile_queries", ".html") : [];

describe.skipIf(!HAS_CORPUS)(`mobile_query.pl pages, rewritten (${HAS_CORPUS ? "corpus" : NO_CORPUS_MESSAGE})`, () => {
  for (const [name, rewrite] of changingSome(MOBILE_REWRITES, MOBILE)) {
    it(`reads the same with ${name}`, () => expectRewriteReadsTheSame(MOBILE, name, rewrite, readMobileQuery));
  }
});

// --- possible_case_numbers.pl ---------------------------------------------------------------------------------

/** Each element's attributes as a list of [name, value], changed and written anew in `quote`. */
const attributesOf = (xml: string, change: (attributes: Array<[string, string]>) => Array<[string, string]>, quote = '"') =>
  xml.replace(/<([a-zA-Z]+)((?:\s+[a-zA-Z_:-]+\s*=\s*(?:"[^"]*"|'[^']*'))+)\s*(\/?)>/g, (_, name: string, list: string, slash: string) => {
    const attributes = [...list.matchAll(/([a-zA-Z_:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)].map((m): [string, string] => [m[1]!, m[2] ?? m[3]!]);
    const written = change(attributes).map(([key, value]) => ` ${key}=${quote}${quote === "'" ? value.replace(/'/g, "&apos;") : value.replace(/"/g, "&quot;")}${quote}`);
    return `<${name}${written.join("")}${slash}>`;
  });
/** An attribute value's text with XML's escapes undone. */
const unescapeXml = (text: string) =>
  text.replace(/&#x([0-9a-f]+);|&#(\d+);|&(lt|gt|quot|apos|amp);/gi, (_, hex?: string, decimal?: string, name?: string) =>
    hex ? String.fromCodePoint(Number.parseInt(hex, 16)) : decimal ? String.fromCodePoint(Number(decimal)) : ({ lt: "<", gt: ">", quot: '"', apos: "'", amp: "&" } as Record<string, string>)[name!.toLowerCase()]!,
  );

const XML_REWRITES: Record<string, Rewrite> = {
  "attributes in reverse order": (xml) => attributesOf(xml, (attributes) => [...attributes].reverse()),
  "attributes sorted by name": (xml) => attributesOf(xml, (attributes) => [...attributes].sort(([a], [b]) => a.localeCompare(b))),
  "single-quoted attributes": (xml) => attributesOf(xml, (attributes) => attributes, "'"),
  "double-quoted attributes": (xml) => attributesOf(xml, (attributes) => attributes, '"'),
  "spaces around =": (xml) => xml.replace(/(<[^>]*)/g, (tag: string) => tag.replace(/([a-zA-Z])=(["'])/g, "$1 = $2")),
  "an XML declaration with an encoding": (xml) => `<?xml version="1.0" encoding="ISO-8859-1"?>\n${xml}`,
  "an XML declaration without an encoding": (xml) => `<?xml version="1.0"?>${xml}`,
  "an XML declaration and a doctype": (xml) => `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n<!DOCTYPE request>\r\n${xml}`,
  "byte order mark": (xml) => `\ufeff${xml}`,
  "CRLF line ends": (xml) => xml.replace(/\r?\n/g, "\r\n"),
  "no line breaks": (xml) => xml.replace(/\r?\n\s*/g, ""),
  "attributes on lines of their own": (xml) => xml.replace(/(<[^>]*)/g, (tag: string) => tag.replace(/\s+([a-zA-Z]+=)/g, "\n\t\t$1")),
  "tab indentation": (xml) => xml.replace(/^ +/gm, (spaces: string) => "\t".repeat(Math.ceil(spaces.length / 4))),
  "empty elements for self-closing ones": (xml) => xml.replace(/<([a-zA-Z]+)([^<>]*?)\s*\/>/g, "<$1$2></$1>"),
  "empty elements with a newline inside": (xml) => xml.replace(/<([a-zA-Z]+)([^<>]*?)\s*\/>/g, "<$1$2>\n    </$1>"),
  "a space before />": (xml) => xml.replace(/(\S)\/>/g, "$1 />"),
  "numeric references for & and '": (xml) =>
    attributesOf(xml, (attributes) => attributes.map(([key, value]) => [key, unescapeXml(value).replace(/&/g, "&#38;").replace(/'/g, "&#39;").replace(/"/g, "&#34;")])),
  "every character of titles escaped": (xml) =>
    attributesOf(xml, (attributes) => attributes.map(([key, value]) => [key, key === "title" ? [...unescapeXml(value)].map((c) => `&#x${c.codePointAt(0)!.toString(16)};`).join("") : value])),
  "a comment before the root": (xml) => `<!-- possible_case_numbers.pl -->\n${xml}`,
};

const POSSIBLE = HAS_CORPUS ? corpusFiles("pacer/possible_case_numbers", ".xml") : [];

/** The reading and, for every case it lists, the case chosen for that case's canonical number. */
function possibleReading(xml: string): unknown {
  const read = readPossibleCaseNumbers(xml);
  if (read.kind !== "cases") return read;
  return { read, chosen: read.cases.map((listed) => (listed.caseId ? chooseCase(read.cases, listed.caseId)?.pacerCaseId : null)) };
}

describe.skipIf(!HAS_CORPUS)(`possible_case_numbers.pl answers, rewritten (${HAS_CORPUS ? "corpus" : NO_CORPUS_MESSAGE})`, () => {
  for (const [name, rewrite] of changingSome(XML_REWRITES, POSSIBLE)) {
    it(`reads the same with ${name}`, () => expectRewriteReadsTheSame(POSSIBLE, name, rewrite, possibleReading));
  }
});

// --- Refused pages --------------------------------------------------------------------------------------------

const REFUSED = HAS_CORPUS ? [...corpusFiles("pacer/not_dockets", ".html"), ...corpusFiles("pacer/authentication_samples", ".html")] : [];
const reasonOf = (read: { kind: string; reason?: string }) => (read.kind === "refused" ? read.reason : `read as ${read.kind}`);

/** Why each reader refuses the page (each must). */
function refusals(html: string): Record<string, string | undefined> {
  const possible = readPossibleCaseNumbers(html);
  return {
    docket: detectRefusal(html)?.reason ?? "read as a docket",
    query: refuseQueryPage(html, "answer").reason,
    caseQuery: reasonOf(readCaseQuery(html)),
    mobile: reasonOf(readMobileQuery(html)),
    possible: possible.kind === "refused" ? possible.reason : possible.kind,
  };
}

describe.skipIf(!HAS_CORPUS)(`refused pages, rewritten (${HAS_CORPUS ? "corpus" : NO_CORPUS_MESSAGE})`, () => {
  it("every record is refused by every reader", () => {
    for (const file of REFUSED) {
      const read = refusals(corpusText(file));
      for (const [reader, reason] of Object.entries(read)) expect(reason, `${file} by ${reader}`).not.toMatch(/^read as|^cases$/);
    }
  });

  for (const [name, rewrite] of changingSome({ ...CASE_QUERY_REWRITES, ...MOBILE_REWRITES }, REFUSED)) {
    it(`refuses for the same reason with ${name}`, () => expectRewriteReadsTheSame(REFUSED, name, rewrite, refusals));
  }
});

describe.skipIf(!HAS_CORPUS)("pages of other kinds", () => {
  it("no docket record of the corpus is a case summary or an entry count (a docket's receipt names the number in a <font>)", () => {
    const dockets = ["district", "bankruptcy", "special", "appellate"].flatMap((folder) => corpusFiles(`pacer/${folder}`, ".html"));
    expect(dockets.length).toBeGreaterThan(50);
    for (const file of dockets) {
      const html = corpusText(file);
      expect(readCaseQuery(html).kind, file).toBe("refused");
      expect(readMobileQuery(html).kind, file).toBe("refused");
    }
  });
});

describe.skipIf(!HAS_CORPUS)("the rewrites", () => {
  it("each changes some record of the folders it is for", () => {
    const folders: Array<[Record<string, Rewrite>, string[]]> = [
      [{ ...CASE_QUERY_REWRITES, ...MOBILE_REWRITES }, [...CASE_QUERIES, ...MOBILE, ...REFUSED]],
      [XML_REWRITES, POSSIBLE],
    ];
    for (const [rewrites, files] of folders) {
      const idle = Object.keys(rewrites).filter((name) => !changingSome({ [name]: rewrites[name]! }, files).length);
      expect(idle).toEqual([]);
    }
  });
});

// --- Courts the corpus does not have ---------------------------------------------------------------------------

/** dcd's summary with its <center> block written anew: how another court could set the same case. */
function summaryPage(block: string): string {
  const page = corpusText("pacer/case_queries/dcd_134505.html");
  return page.replace(/<center>[\s\S]*?<\/center>/i, `<center><b><font size="+1">1:08-cv-02203-PLF</font></b> ${block}</center>`);
}
const DCD_DATES = { dateFiled: "2008-12-19", dateTerminated: "2010-06-22", dateOfLastFiling: "2010-06-22", judge: "Paul L. Friedman", pacerCaseId: "134505" };

describe.skipIf(!HAS_CORPUS)("case summaries of other courts", () => {
  it("the summary the others are written from reads as dcd's", () => {
    const block = "TABMAN v. FEDERAL BUREAU OF INVESTIGATION et al<br>Paul L. Friedman, presiding<br><b>Date filed:</b> 12/19/2008<br><b>Date terminated:</b> 06/22/2010<br><b>Date of last filing:</b> 06/22/2010<br>";
    expect(readCaseQuery(summaryPage(block))).toEqual(readCaseQuery(corpusText("pacer/case_queries/dcd_134505.html")));
  });

  it("the number in a block of its own inside the summary (a <div>, a table cell): the summary is the block around both", () => {
    const dates = "Paul L. Friedman, presiding<br><b>Date filed:</b> 12/19/2008<br><b>Date terminated:</b> 06/22/2010<br><b>Date of last filing:</b> 06/22/2010<br>";
    const page = corpusText("pacer/case_queries/dcd_134505.html");
    for (const center of [
      `<center><div><b><font size="+1">1:08-cv-02203-PLF</font></b></div>TABMAN v. FBI<br>${dates}</center>`,
      `<center><div align="center"><span style="font-size:larger">1:08-cv-02203-PLF</span></div>TABMAN v. FBI<br>${dates}</center>`,
      `<div align="center"><table><tr><td><b><font size="+1">1:08-cv-02203-PLF</font></b></td></tr></table>TABMAN v. FBI<br>${dates}</div>`,
    ]) {
      expect(readCaseQuery(page.replace(/<center>[\s\S]*?<\/center>/i, center)), center).toMatchObject({ ...DCD_DATES, caseNumberAsWritten: "1:08-cv-02203-PLF", caseName: "TABMAN v. FBI", notes: [] });
    }
  });

  it("a bankruptcy number with its office before a dash, as nyeb's docket headings print it ('8-10-70959-dte')", () => {
    const page = corpusText("pacer/case_queries/canb.html").replace(/(<font size="?\+1"?>)10-46652/i, "$14-10-46652-rle");
    expect(page).not.toBe(corpusText("pacer/case_queries/canb.html"));
    expect(readCaseQuery(page)).toMatchObject({ kind: "case_summary", caseNumber: "4:10-46652", office: "4", dateOfLastFiling: "2015-11-04" });
    expect(caseQuerySignal(readCaseQuery(page), "411430", "4:10-bk-46652")).toMatchObject({ dateOfLastFiling: "2015-11-04" });
    expect(caseQuerySignal(readCaseQuery(page), "411430", "1:10-bk-46652")).toBeNull();
  });

  it("lines the corpus does not show (a demand, the nature of suit, a red note, a magistrate) leave the dates and judge as they are", () => {
    const block =
      'TABMAN v. FEDERAL BUREAU OF INVESTIGATION et al<br><font color="red">SEALED DOCUMENTS ON FILE</font><br>Paul L. Friedman, presiding<br>' +
      "<b>Magistrate judge:</b> Alan Kay<br><b>Demand:</b> $75,000<br><b>Nature of suit:</b> 895 Freedom of Information Act: Other<br>" +
      "<b>Date filed:</b> 12/19/2008<br><b>Date terminated:</b> 06/22/2010<br><b>Date of last filing:</b> 06/22/2010<br><b>Jury demand:</b> None<br>";
    expect(readCaseQuery(summaryPage(block))).toMatchObject({ ...DCD_DATES, caseName: "TABMAN v. FEDERAL BUREAU OF INVESTIGATION et al", notes: ["SEALED DOCUMENTS ON FILE"] });
  });

  it("the fields in another order, judges after the dates, several labels on a line", () => {
    const block =
      "TABMAN v. FEDERAL BUREAU OF INVESTIGATION et al<br><b>Date of last filing:</b> 06/22/2010 <b>Date filed:</b> 12/19/2008<br>" +
      "<b>Date terminated:</b> 06/22/2010<br>Paul L. Friedman, presiding<br>";
    expect(readCaseQuery(summaryPage(block))).toMatchObject(DCD_DATES);
  });

  it("labels in plain text, a line each or several on a line", () => {
    const each = "TABMAN v. FBI<br>Paul L. Friedman, presiding<br>Date filed: 12/19/2008<br>Date terminated: 06/22/2010<br>Date of last filing: 06/22/2010<br>";
    const together = "TABMAN v. FBI<br>Paul L. Friedman, presiding<br>Date filed: 12/19/2008 Date terminated: 06/22/2010 Date of last filing: 06/22/2010<br>";
    for (const block of [each, together]) expect(readCaseQuery(summaryPage(block)), block).toMatchObject({ ...DCD_DATES, caseName: "TABMAN v. FBI" });
  });

  it("plain lines mixing dated labels with others: split at each label, the dates read", () => {
    const dates = "Date filed: 12/19/2008 Chapter: 7 Date terminated: 06/22/2010 Date of last filing: 06/22/2010";
    const page = summaryPage(`TABMAN v. FBI<br>Paul L. Friedman, presiding<br>${dates}<br>`);
    expect(readCaseQuery(page)).toMatchObject({ ...DCD_DATES, caseName: "TABMAN v. FBI", bankruptcy: { chapter: "7" }, notes: [] });
    expect(caseQuerySignal(readCaseQuery(page), "134505", "1:08-cv-2203")).toEqual({ dateOfLastFiling: "2010-06-22", dateTerminated: "2010-06-22" });
    // Values of words before the labels the reader reads; a value with a colon of its own stays whole.
    const bankruptcy =
      "TABMAN v. FBI<br>Case type: bk Chapter: 7 Asset: No Vol: v Judge: Paul L. Friedman Date filed: 12/19/2008<br>" +
      "Nature of suit: 895 Freedom of Information Act: Other Date terminated: 06/22/2010 Related case: 16cv1322-JAH Date of last filing: 06/22/2010<br>";
    const read = readCaseQuery(summaryPage(bankruptcy));
    expect(read).toMatchObject({ ...DCD_DATES, relatedCase: "16cv1322-JAH", bankruptcy: { caseType: "bk", chapter: "7", asset: "No", vol: "v" }, notes: [] });
    expect(read).toMatchObject({ labels: { "nature of suit": "895 Freedom of Information Act: Other" } });
  });

  it("'Filed:' for 'Date filed:' (and 'Terminated:', 'Last filing:'), bold or plain: the case is dated", () => {
    const bold = "TABMAN v. FBI<br>Paul L. Friedman, presiding<br><b>Filed:</b> 12/19/2008<br><b>Terminated:</b> 06/22/2010<br><b>Last filing:</b> 06/22/2010<br>";
    const plain = "TABMAN v. FBI<br>Paul L. Friedman, presiding<br>Filed: 12/19/2008 Terminated: 06/22/2010 Last filing: 06/22/2010<br>";
    for (const block of [bold, plain]) {
      expect(readCaseQuery(summaryPage(block)), block).toMatchObject({ kind: "case_summary", ...DCD_DATES });
      expect(caseQuerySignal(readCaseQuery(summaryPage(block)), "134505", "1:08-cv-2203"), block).toMatchObject({ dateOfLastFiling: "2010-06-22" });
    }
    // "Filed" without a date, or as a word of a text ("Amended Schedules filed:"), dates nothing: the block is no summary.
    for (const line of ["<b>Filed:</b> N/A", "<b>Filed:</b> see docket", "Filed: N/A", "Amended Schedules filed: 12/19/2008", "Document filed: 12/19/2008"]) {
      expect(readCaseQuery(summaryPage(`TABMAN v. FBI<br>Paul L. Friedman, presiding<br>${line}<br>Last filing: 06/22/2010<br>`)), line).toMatchObject({ kind: "refused" });
    }
  });

  it("a red note beside the name in any spelling of red a style or <font> may use; other colours are the name's", () => {
    const page = (attributes: string) =>
      summaryPage(`TABMAN v. FBI <span ${attributes}>DO NOT DOCKET</span><br>Paul L. Friedman, presiding<br><b>Date filed:</b> 12/19/2008<br><b>Date terminated:</b> 06/22/2010<br><b>Date of last filing:</b> 06/22/2010<br>`);
    for (const red of [
      'style="color: red !important"',
      'style="COLOR:RED!important;font-weight:bold"',
      'style="font-weight: bold; color: #ff0000"',
      'style="color:#F00"',
      'style="color: rgb(255,0,0)"',
      'style="color: rgb(255, 0, 0) !important"',
      'style="color: rgba(255, 0, 0, 1)"',
      'style="color: rgb(100%, 0%, 0%)"',
      'style="color: darkred"',
      'style="color: #cc0000"',
    ]) {
      expect(readCaseQuery(page(red)), red).toMatchObject({ ...DCD_DATES, caseName: "TABMAN v. FBI", notes: ["DO NOT DOCKET"] });
    }
    for (const other of ['style="color: #000"', 'style="color: rgb(0, 0, 255)"', 'style="background-color: red"', 'style="color: #ff8080"']) {
      expect(readCaseQuery(page(other)), other).toMatchObject({ ...DCD_DATES, caseName: "TABMAN v. FBI DO NOT DOCKET", notes: [] });
    }
  });

  it("the judge as a 'Judge:' label, as bankruptcy courts print it", () => {
    const block = "TABMAN v. FBI<br><b>Judge:</b> Paul L. Friedman<br><b>Date filed:</b> 12/19/2008<br><b>Date terminated:</b> 06/22/2010<br><b>Date of last filing:</b> 06/22/2010<br>";
    expect(readCaseQuery(summaryPage(block))).toMatchObject(DCD_DATES);
  });
});

describe.skipIf(!HAS_CORPUS)("a free signal speaks only for its own case", () => {
  const dcd = corpusText("pacer/case_queries/dcd_134505.html");
  const signal = (html: string, listed = "1:08-cv-2203") => caseQuerySignal(readCaseQuery(html), "134505", listed);

  it("the summary of the case: its date of last filing and termination", () => {
    expect(signal(dcd)).toEqual({ dateOfLastFiling: "2010-06-22", dateTerminated: "2010-06-22" });
    // A bankruptcy summary prints the number without office and type.
    expect(caseQuerySignal(readCaseQuery(corpusText("pacer/case_queries/canb.html")), "411430", "4:10-bk-46652")).toMatchObject({ dateOfLastFiling: "2015-11-04" });
  });

  it("a summary without a date of last filing says nothing (the court left it out, or it was not read)", () => {
    for (const page of [
      dcd.replace(/<b>Date of last filing:<\/b> 06\/22\/2010<br>/, ""),
      dcd.replace(/(Date of last filing:<\/b>) 06\/22\/2010/, "$1 N/A"),
      dcd.replace(/(Date of last filing:<\/b>) 06\/22\/2010/, "$1 06/22/2010 at 10:15 AM"),
    ]) {
      expect(page).not.toBe(dcd);
      expect(readCaseQuery(page)).toMatchObject({ kind: "case_summary", dateOfLastFiling: null });
      expect(signal(page)).toBeNull();
    }
  });

  it("a summary of another case says nothing: another PACER id, or another number where the page names no id", () => {
    expect(caseQuerySignal(readCaseQuery(dcd), "999999", "1:08-cv-2203")).toBeNull();
    const noIds = dcd.replace(/134505/g, "").replace(/setcookie\("CASE_NUM"[^)]*\)/g, "");
    expect(readCaseQuery(noIds)).toMatchObject({ kind: "case_summary", pacerCaseId: null });
    expect(signal(noIds)).toMatchObject({ dateOfLastFiling: "2010-06-22" });
    for (const other of ["1:08-cv-2204", "1:09-cv-2203", "2:08-cv-2203", "1:08-cr-2203"]) expect(signal(noIds, other), other).toBeNull();
  });

  it("a number with a suffix the grammar does not read (nysd's '1:15-mc-00105-P1', casb's '95-05684-PB7') is still the case's", () => {
    const printing = (number: string) => dcd.replace(/1:08-cv-02203-PLF/, number);
    expect(signal(printing("1:08-cv-02203-P1"))).toMatchObject({ dateOfLastFiling: "2010-06-22" });
    expect(signal(printing("1:08-cv-02203-P1"), "1:08-cv-02203-P1")).toMatchObject({ dateOfLastFiling: "2010-06-22" });
    expect(signal(printing("08-02203-PB7"), "1:08-bk-2203")).toMatchObject({ dateOfLastFiling: "2010-06-22" });
    for (const other of ["1:08-cv-2204", "1:08-cr-2203", "2:08-cv-2203"]) expect(signal(printing("1:08-cv-02203-P1"), other), other).toBeNull();
    expect(signal(printing("08-02203-PB7"), "1:09-bk-2203")).toBeNull();
    const mobile = corpusText("pacer/mobile_queries/dcd.html").replace(/(<div class="ui-block-a">\s*)1:16-cv-00745-ESH/, "$11:16-cv-00745-P1");
    expect(entryCountSignal(readMobileQuery(mobile), "178502", "1:16-cv-745")).toBe(143);
    expect(entryCountSignal(readMobileQuery(mobile), "178502", "1:16-cv-746")).toBeNull();
  });

  it("a bankruptcy summary printing the number without its type is the main case or the adversary proceeding its 'Case type' says", () => {
    // cob's adversary proceeding 20-03006; a main case 20-03006 may exist too (each kind has its own serials).
    const page = corpusText("pacer/case_queries/cob_case_query_error.html").replace(/204571/g, "").replace(/setcookie\("CASE_NUM"[^)]*\)/g, "");
    expect(readCaseQuery(page)).toMatchObject({ kind: "case_summary", caseNumberAsWritten: "20-03006", pacerCaseId: null, bankruptcy: { caseType: "ap" } });
    expect(caseQuerySignal(readCaseQuery(page), "204571", "3:20-ap-03006")).toMatchObject({ dateOfLastFiling: "2020-03-06" });
    expect(caseQuerySignal(readCaseQuery(page), "204571", "20-03006")).toMatchObject({ dateOfLastFiling: "2020-03-06" });
    expect(caseQuerySignal(readCaseQuery(page), "204571", "3:20-bk-03006")).toBeNull();
  });

  it("a refused page says nothing", () => {
    expect(signal(corpusText("pacer/case_queries/alsd.html"))).toBeNull();
    expect(signal(corpusText("pacer/authentication_samples/please_log_in.html"))).toBeNull();
  });

  it("the entry count: the case's own, not another id's or another number's", () => {
    const mobile = corpusText("pacer/mobile_queries/dcd.html");
    expect(entryCountSignal(readMobileQuery(mobile), "178502", "1:16-cv-745")).toBe(143);
    expect(entryCountSignal(readMobileQuery(mobile), "178503", "1:16-cv-745")).toBeNull();
    const noIds = mobile.replace(/caseid=178502&?/g, "").replace(/value="178502"/g, 'value=""');
    expect(readMobileQuery(noIds)).toMatchObject({ kind: "mobile_query", entryCount: 143, pacerCaseId: null });
    expect(entryCountSignal(readMobileQuery(noIds), "178502", "1:16-cv-745")).toBe(143);
    expect(entryCountSignal(readMobileQuery(noIds), "178502", "1:16-cv-746")).toBeNull();
    // The heading may say more than the number.
    const allDefendants = noIds.replace(/(<div class="ui-block-a">\s*)1:16-cv-00745-ESH/, "$1Case: 1:16-cv-00745-ESH All Defendants");
    expect(readMobileQuery(allDefendants)).toMatchObject({ caseNumber: "Case: 1:16-cv-00745-ESH All Defendants" });
    expect(entryCountSignal(readMobileQuery(allDefendants), "178502", "1:16-cv-745")).toBe(143);
    expect(entryCountSignal(readMobileQuery(allDefendants), "178502", "1:16-cv-746")).toBeNull();
    expect(entryCountSignal(readMobileQuery(corpusText("pacer/case_queries/alsd.html")), "178502", "1:16-cv-745")).toBeNull();
  });
});

describe("possible_case_numbers.pl answers of other courts", () => {
  const listed = (cases: string) => `<?xml version="1.0" encoding="UTF-8"?>\n<request number="20-00417">\n${cases}\n</request>\n`;
  const read = (xml: string) => readPossibleCaseNumbers(xml);
  const ids = (xml: string) => {
    const answer = read(xml);
    return answer.kind === "cases" ? answer.cases.map((c) => c.pacerCaseId) : answer;
  };

  it("several cases, attributes in any order and case: the exact office, year, type and serial", () => {
    const xml = listed(
      [
        `<case sortable='1:2020-cv-00417-ABC' title='1:20-cv-00417-ABC Smith &amp; Sons v. Jones' id='301' number='1:20-cv-417'/>`,
        `<case id="302" number="1:20-CR-417" title="1:20-cr-00417-ABC USA v. Doe"></case>`,
        `<case number="3:20-cv-417" id="303" title="3:20-cv-00417-XYZ Roe v. Wade (closed 01/05/2021)"/>`,
        `<case number="1:19-cv-417" id="299" title="1:19-cv-00417 Earlier v. Case"/>`,
      ].join("\n"),
    );
    const answer = read(xml);
    if (answer.kind !== "cases") throw new Error(JSON.stringify(answer));
    expect(answer.cases.map((c) => [c.pacerCaseId, c.caseId, c.caseName])).toEqual([
      ["301", "1:20-cv-00417", "Smith & Sons v. Jones"],
      ["302", "1:20-cr-00417", "USA v. Doe"],
      ["303", "3:20-cv-00417", "Roe v. Wade"],
      ["299", "1:19-cv-00417", "Earlier v. Case"],
    ]);
    expect(chooseCase(answer.cases, "1:20-cv-00417")?.pacerCaseId).toBe("301");
    expect(chooseCase(answer.cases, "1:20-cr-00417")?.pacerCaseId).toBe("302");
    expect(chooseCase(answer.cases, "3:20-cv-00417")?.pacerCaseId).toBe("303");
    expect(chooseCase(answer.cases, "2:20-cv-00417")).toBeNull();
    expect(chooseCase(answer.cases, "1:21-cv-00417")).toBeNull();
  });

  it("no case listed, or the message written as the element's text", () => {
    expect(read(listed(""))).toMatchObject({ kind: "not_found" });
    expect(read(`<request number="20-00417"/>`)).toMatchObject({ kind: "not_found" });
    expect(read(listed("<message>Cannot find case 20-00417</message>"))).toEqual({ kind: "not_found", message: "Cannot find case 20-00417" });
    expect(read(listed("<message text='Case Under Seal'></message>"))).toMatchObject({ kind: "sealed" });
    expect(read(listed('<message text="Please try again later"/>'))).toMatchObject({ kind: "refused", reason: "unreadable" });
  });

  it("a listed case it cannot read (no number, no numeric id) stands in the way only of the case it may be", () => {
    const good = `<case number="1:20-cv-417" id="301" title="1:20-cv-00417 Smith v. Jones"/>`;
    // Another case's, by its number or its title: the list still answers for 1:20-cv-00417, not for 1:20-cr-00417.
    for (const bad of [
      `<case number="1:20-cr-417" title="1:20-cr-00417 USA v. Doe"/>`,
      `<case number="1:20-cr-417" id="n/a" title="x"/>`,
      `<case id="302" title="1:20-cr-00417 USA v. Doe"/>`,
      `<case number="?" title="1:20-cr-00417 USA v. Doe"/>`,
    ]) {
      const answer = read(listed(`${good}\n${bad}`));
      if (answer.kind !== "cases") throw new Error(`${bad}: ${JSON.stringify(answer)}`);
      expect(answer.cases.map((c) => c.pacerCaseId), bad).toEqual(["301"]);
      expect(chooseCase(answer.cases, "1:20-cv-00417")?.pacerCaseId, bad).toBe("301");
      expect(unreadMayBe(answer.unread ?? [], "1:20-cv-00417"), bad).toBe(false);
      expect(unreadMayBe(answer.unread ?? [], "1:20-cr-00417"), bad).toBe(true);
      expect(read(listed(bad)), bad).toMatchObject({ kind: "refused", reason: "unreadable" });
    }
    // One that may be the case asked for: a number not read at all, or the case's own (its main docket beside a
    // defendant's, or one printed without office and type).
    for (const bad of [`<case title="Sealed"/>`, `<case number="1:20-cv-417" title="1:20-cv-00417 Smith v. Jones"/>`, `<case number="20-417" id=""/>`]) {
      const answer = read(listed(`${good}\n${bad}`));
      if (answer.kind !== "cases") throw new Error(`${bad}: ${JSON.stringify(answer)}`);
      expect(unreadMayBe(answer.unread ?? [], "1:20-cv-00417"), bad).toBe(true);
      // The case's own docket read is the choice all the same: an unread one could only be a defendant's docket.
      expect(chooseListedCase(answer.cases, answer.unread ?? [], "1:20-cv-00417"), bad).toMatchObject({ pacerCaseId: "301" });
      // Where only a defendant's docket was read, or none of this case, the unread one may be it: unsure.
      const defendant = read(listed(`<case number="1:20-cr-417-2" id="303" title="1:20-cr-00417-2 USA v. Roe"/>\n${bad.replace("cv-", "cr-")}`));
      if (defendant.kind !== "cases") throw new Error(`${bad}: ${JSON.stringify(defendant)}`);
      expect(chooseListedCase(defendant.cases, defendant.unread ?? [], "1:20-cr-00417"), bad).toBe("unsure");
    }
    const only = read(listed(good));
    if (only.kind !== "cases") throw new Error(JSON.stringify(only));
    expect(chooseListedCase(only.cases, [], "1:20-cr-00417")).toBe("not_found");
    expect(read(listed(good))).toEqual({ kind: "cases", cases: [expect.objectContaining({ pacerCaseId: "301" })] });
  });

  it("a title with accented letters, sent as UTF-8 or as the ISO-8859-1 its declaration names, or as references", () => {
    const title = "1:20-cv-00417 Peña v. Société Générale";
    const xml = (declaration: string, written: string) => `${declaration}<request number="20-00417"><case number="1:20-cv-417" id="301" title="${written}"/></request>`;
    const utf8 = decodePage(Buffer.from(xml('<?xml version="1.0" encoding="UTF-8"?>', title), "utf8"));
    const latin1 = decodePage(Buffer.from(xml('<?xml version="1.0" encoding="ISO-8859-1"?>', title), "latin1"));
    const references = xml("", title.replace(/[^\x00-\x7f]/g, (c) => `&#${c.codePointAt(0)};`));
    for (const text of [utf8, latin1, references]) expect(read(text)).toMatchObject({ kind: "cases", cases: [{ caseName: "Peña v. Société Générale", pacerCaseId: "301" }] });
  });

  it("an HTML page in place of the XML (a proxy's error, the login form) is no answer", () => {
    expect(read("<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body><h1>Bad Gateway</h1></body></html>")).toMatchObject({ kind: "refused", reason: "unreadable" });
    expect(read('<html><body><form action="https://pacer.login.uscourts.gov/csologin/login.jsf" method="post"><input type="text" name="loginForm:loginName"></form></body></html>')).toMatchObject({
      kind: "login_required",
    });
  });
});

describe.skipIf(!HAS_CORPUS)("mobile_query.pl pages of other courts", () => {
  const page = corpusText("pacer/mobile_queries/dcd.html");
  const withCount = (count: string) => page.replace(/(<span class="ui-li-count">)\s*143\s*(<\/span>)/, `$1${count}$2`);

  it("a count with a thousands separator", () => {
    expect(readMobileQuery(withCount("1,143"))).toMatchObject({ kind: "mobile_query", entryCount: 1143 });
  });

  it("no count, or a bubble that is not a number, is no count: refused (the case query or a paid read decides)", () => {
    for (const changed of [page.replace(/<span class="ui-li-count">\s*143\s*<\/span>/, ""), withCount("New"), withCount("143 of 150"), withCount("")]) {
      expect(changed).not.toBe(page);
      expect(readMobileQuery(changed)).toMatchObject({ kind: "refused" });
    }
  });

  it("what the page says it charged, however it sets the amount", () => {
    const footer = (text: string) => page.replace(/(<div class="ui-title"[^>]*>)/, `$1${text}`);
    for (const text of ["Pages: 1 Cost: 0.10", "Cost:&nbsp;$0.10", "<table><tr><th>Billable Pages:</th><td>1</td><th>Cost:</th><td>0.10</td></tr></table>", "<b>Cost:</b>\n 0.10"]) {
      expect(readMobileQuery(footer(text)), text).toMatchObject({ entryCount: 143, cost: 0.1 });
    }
  });
});

describe.skipIf(!HAS_CORPUS)("refusals worded as other courts word them", () => {
  const notice = (text: string) => `<html><head><title>CM/ECF</title></head><body><div id="cmecfMainContent"><h3>${text}</h3></div></body></html>`;
  it.each([
    ["Case is under seal.", "sealed"],
    ["This case has been SEALED.", "sealed"],
    ["No case found.", "case_not_found"],
    ["Not a valid case number.", "case_not_found"],
    ["Invalid case id.", "case_not_found"],
    ["Case&#160;not&#160;found&#46;", "case_not_found"],
    ["Cannot find case 1:20-cv-00417", "case_not_found"],
  ])("%s: %s for the docket and every query page", (text, reason) => {
    const html = notice(text);
    expect(detectRefusal(html)?.reason).toBe(reason);
    expect(readCaseQuery(html)).toMatchObject({ kind: "refused", reason });
    expect(readMobileQuery(html)).toMatchObject({ kind: "refused", reason });
  });

  it("the central PACER login form is a login page to every reader", () => {
    const html =
      '<html><body><form id="loginForm" action="https://pacer.login.uscourts.gov/csologin/login.jsf" method="post">' +
      '<input type="text" name="loginForm:loginName"><input type=PASSWORD name="loginForm:password"></form></body></html>';
    expect(refusals(html)).toEqual({ docket: "login_required", query: "login_required", caseQuery: "login_required", mobile: "login_required", possible: "login_required" });
  });
});

describe("the authentication service's answer, as other versions write it", () => {
  it.each([
    ['{"loginResult":"0","nextGenCSO":"abc","errorDescription":""}', { kind: "logged_in", token: "abc", notice: null }],
    ['{\r\n  "nextGenCSO" : "abc",\r\n  "loginResult" : 0\r\n}\r\n', { kind: "logged_in", token: "abc", notice: null }],
    ['{"loginResult":"0","nextGenCSO":"abc","errorDescription":null,"extra":{"a":1}}', { kind: "logged_in", token: "abc", notice: null }],
    ['{"errorDescription":"Invalid\\u0020username or password","loginResult":"1"}', { kind: "refused", message: "Invalid username or password", needsOneTimeCode: false }],
    ['{"loginResult":1,"errorDescription":"Required one-time passcode is missing"}', { kind: "refused", needsOneTimeCode: true }],
    ['{"loginResult":"0","nextGenCSO":"  "}', { kind: "unreadable" }],
    ["<html><body>Service Unavailable</body></html>", { kind: "unreadable" }],
  ])("%s", (body, expected) => {
    expect(readLoginResponse(body)).toMatchObject(expected);
  });
});
