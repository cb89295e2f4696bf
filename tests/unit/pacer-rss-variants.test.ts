// The CM/ECF RSS reader on forms of the feeds the corpus does not show: every feed of ../shared/corpus/pacer/rss
// rewritten the way other courts' generators or proxies write the same XML (CRLF, CDATA sections, named
// rather than numeric escapes, numeric zones, no weekday, no XML declaration, an Atom self link...). The
// reading must stay the same in what the scorer compares: case number and name, entries' number, time, text
// and document id.
import { describe, expect, it } from "vitest";
import { readRssFeedDockets } from "@/lib/sources/pacer/read-rss-feed";
import { HAS_CORPUS, NO_CORPUS_MESSAGE, corpusFiles } from "../helpers/corpus";
import { expectRewriteReadsTheSame } from "../helpers/rewritten-corpus";

const squeeze = (text: unknown) => String(text ?? "").normalize("NFKD").toLowerCase().replace(/[^a-z0-9]+/g, "");

function scored(xml: string): unknown {
  const read = readRssFeedDockets(xml);
  if (!Array.isArray(read)) return { refused: read.reason };
  return read.map((docket) => [
    docket.courtCode,
    docket.case.caseNumber,
    squeeze(docket.case.title),
    docket.case.entries.map((entry) => [entry.number, entry.filed, squeeze(entry.text), entry.documentId]),
  ]);
}

/** The text an element's escaped content stands for (what a CDATA section would hold as is). */
const unescape = (text: string) =>
  text.replace(/&#x([0-9a-f]+);|&#(\d+);|&(lt|gt|quot|apos|amp);/gi, (_, hex?: string, decimal?: string, name?: string) =>
    hex ? String.fromCodePoint(Number.parseInt(hex, 16)) : decimal ? String.fromCodePoint(Number(decimal)) : ({ lt: "<", gt: ">", quot: '"', apos: "'", amp: "&" } as Record<string, string>)[name!.toLowerCase()]!,
  );
const isCdata = (text: string) => text.trimStart().startsWith("<![CDATA[");

const REWRITES: Record<string, (xml: string) => string> = {
  "CRLF line ends": (xml) => xml.replace(/\r?\n/g, "\r\n"),
  "no line breaks": (xml) => xml.replace(/\r?\n/g, ""),
  "descriptions in CDATA": (xml) => xml.replace(/<description>([\s\S]*?)<\/description>/g, (whole, inner: string) => (isCdata(inner) ? whole : `<description><![CDATA[${unescape(inner)}]]></description>`)),
  "named escapes": (xml) =>
    xml.replace(/<description>([\s\S]*?)<\/description>/g, (whole, inner: string) =>
      isCdata(inner) ? whole : `<description>${unescape(inner).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;")}</description>`,
    ),
  "numeric zones": (xml) => xml.replace(/(<pubDate>[^<]*?) GMT</g, "$1 +0000<"),
  "no weekday": (xml) => xml.replace(/<pubDate>[A-Z][a-z]{2}, /g, "<pubDate>"),
  "titles on their own lines": (xml) => xml.replace(/<title>([^<]*)<\/title>/g, (_, title: string) => `<title>\n  ${title}  \n</title>`),
  "no XML declaration": (xml) => xml.replace(/<\?xml[^>]*\?>\s*/, ""),
  "an Atom self link": (xml) =>
    xml.replace(/<rss([^>]*)>/, '<rss$1 xmlns:atom="http://www.w3.org/2005/Atom">').replace(/<channel>/, '<channel><atom:link href="https://example.org/rss" rel="self" type="application/rss+xml"/>'),
  "guid not a permalink": (xml) => xml.replace(/<guid isPermaLink="true">/g, '<guid isPermaLink="false">'),
};

const FILES = HAS_CORPUS ? corpusFiles("pacer/rss", ".xml") : [];

describe.skipIf(!HAS_CORPUS)(`every feed, rewritten (${HAS_CORPUS ? "corpus" : NO_CORPUS_MESSAGE})`, () => {
  for (const [name, rewrite] of Object.entries(REWRITES)) {
    it(`reads the same with ${name}`, () => expectRewriteReadsTheSame(FILES, name, rewrite, scored));
  }
});

describe("items without their own time", () => {
  const item = '<item><title>1:18-cv-03365 Chau v. Donovan</title><link>https://ecf.nysd.uscourts.gov/cgi-bin/DktRpt.pl?491234</link><description>[Order]</description></item>';
  it("take the channel's build time, or where it gives none its publication time", () => {
    const withBuild = `<rss version="2.0"><channel><link>https://ecf.nysd.uscourts.gov</link><lastBuildDate>Wed, 18 Apr 2018 00:09:55 GMT</lastBuildDate>${item}</channel></rss>`;
    const withPublished = `<rss version="2.0"><channel><link>https://ecf.nysd.uscourts.gov</link><pubDate>Wed, 18 Apr 2018 00:09:55 GMT</pubDate>${item}</channel></rss>`;
    for (const xml of [withBuild, withPublished]) {
      expect(readRssFeedDockets(xml)).toMatchObject([{ kind: "case", courtCode: "nysd", case: { caseNumber: "1:18-cv-03365", entries: [{ filed: "2018-04-18T00:09:55+00:00", text: "Order" }] } }]);
    }
  });

  it("are entries each: the build time they share is not a second they were made in", () => {
    const other = item.replace("[Order]", "[Minute Entry]");
    const xml = `<rss version="2.0"><channel><link>https://ecf.nysd.uscourts.gov</link><lastBuildDate>Wed, 18 Apr 2018 00:09:55 GMT</lastBuildDate>${item}${other}</channel></rss>`;
    const read = readRssFeedDockets(xml);
    expect(Array.isArray(read) && read[0]!.case.entries.map((entry) => entry.text)).toEqual(["Order", "Minute Entry"]);
  });
});
