// The CM/ECF RSS feed reader, on the real district, bankruptcy and appellate feeds of
// ../shared/corpus/pacer/rss against juriscraper's readings: items (court, case number, PACER case id,
// entry number, document id, short description, time), multi-event entries merged, the channel's entry
// types, and one case per docket for the parse command.
import { describe, expect, it } from "vitest";
import { readRssFeed, readRssFeedDockets, type RssFeed, type RssItem } from "@/lib/sources/pacer/read-rss-feed";
import { rssTimeToIso } from "@/lib/sources/pacer/rss-pub-date";
import { readSavedPage } from "@/lib/sources/read-saved-page";
import { SAVED_PAGE_READERS } from "@/lib/sources/saved-page-readers";
import type { DocketRead } from "@/lib/sources/types";
import { corpusFiles, corpusJson, corpusText, HAS_CORPUS } from "@/tests/helpers/corpus";

const FOLDER = "pacer/rss";
const norm = (text: unknown) => String(text ?? "").normalize("NFKD").toLowerCase().replace(/[^a-z0-9]+/g, "");

function feed(name: string): RssFeed {
  const read = readRssFeed(corpusText(`${FOLDER}/${name}.xml`));
  if (!read) throw new Error(`${name}: not read as a feed`);
  return read;
}

function dockets(name: string): DocketRead[] {
  const read = readRssFeedDockets(corpusText(`${FOLDER}/${name}.xml`));
  if (!Array.isArray(read)) throw new Error(`${name}: ${read.message}`);
  return read;
}

const itemsOf = (name: string, caseNumber: string): RssItem[] => feed(name).items.filter((item) => item.caseNumber === caseNumber);

interface ExpectedDocket {
  docket_number: string;
  pacer_case_id: string | null;
  docket_entries: Array<{ date_filed: string; document_number: string | null; pacer_doc_id: string; pacer_seq_no: string | null; short_description: string }>;
}

describe("RSS feed reader without the corpus", () => {
  it("is in the parse command's table as a docket reader", () => {
    expect(SAVED_PAGE_READERS["pacer-rss"]).toMatchObject({ kind: "docket", court: { kind: "us_district", system: "CM/ECF" } });
  });

  it("reads RFC 822 publication times as instants with the feed's offset", () => {
    expect(rssTimeToIso("Wed, 18 Apr 2018 00:09:55 GMT")).toBe("2018-04-18T00:09:55+00:00");
    expect(rssTimeToIso("Fri, 03 Feb 2023 11:52:07 EST")).toBe("2023-02-03T11:52:07-05:00");
    expect(rssTimeToIso("Fri, 03 Feb 2023 09:05:16 MST")).toBe("2023-02-03T09:05:16-07:00");
    expect(rssTimeToIso("3 Jul 2023 14:00:00 -0700")).toBe("2023-07-03T14:00:00-07:00");
    expect(rssTimeToIso("Fri, 31 Feb 2023 11:52:07 EST")).toBeNull();
    expect(rssTimeToIso("yesterday")).toBeNull();
  });

  it("refuses a publication time off the clock or with an offset no zone has, rather than hand on a time no parser reads", () => {
    // Date.UTC carries second 75 into the next minute without changing the hour: the check by day and hour let it by.
    for (const value of ["Fri, 03 Feb 2023 11:52:75 EST", "Fri, 03 Feb 2023 11:52:60 GMT", "Fri, 03 Feb 2023 11:52:07 +2500", "Fri, 03 Feb 2023 11:52:07 -0560"]) {
      expect(rssTimeToIso(value), value).toBeNull();
    }
    expect(rssTimeToIso("Fri, 03 Feb 2023 23:59:59 +1400")).toBe("2023-02-03T23:59:59+14:00");
  });

  it("reads a two-digit year as RFC 2822 does (00-49 this century, 50-99 the last), never decades ahead", () => {
    expect(rssTimeToIso("Wed, 18 Apr 18 00:09:55 GMT")).toBe("2018-04-18T00:09:55+00:00");
    expect(rssTimeToIso("Sun, 18 Apr 99 00:09:55 GMT")).toBe("1999-04-18T00:09:55+00:00");
  });

  it("refuses what is not an RSS feed", () => {
    expect(readRssFeed("<html><body><h1>Login</h1></body></html>")).toBeNull();
    expect(readRssFeedDockets("<html><body><h1>Login</h1></body></html>")).toMatchObject({ kind: "refused", reason: "not_a_docket" });
    expect(readRssFeedDockets('{"caseDetails": {}}')).toMatchObject({ kind: "refused" });
  });

  it("reads a feed with no items as no cases", () => {
    const empty = '<?xml version="1.0"?><rss version="2.0"><channel><title>t</title><link>https://ecf.dcd.uscourts.gov</link><description>Docket entries of type: all</description></channel></rss>';
    expect(readRssFeed(empty)).toEqual({ court: "dcd", entryTypes: "all", items: [] });
    expect(readRssFeedDockets(empty)).toEqual([]);
  });
});

describe.skipIf(!HAS_CORPUS)("RSS feed reader on the corpus", () => {
  const files = corpusFiles(FOLDER, ".xml");

  it("reads every feed without an exception, through the API's normalization too", () => {
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const output = readSavedPage(SAVED_PAGE_READERS["pacer-rss"]!, corpusText(file));
      expect(output, file).toHaveProperty("cases");
    }
  });

  it("reads an item's fields", () => {
    const [first] = feed("sdny_1").items;
    expect(first).toEqual({
      court: "nysd",
      caseNumber: "1:18-cv-03365",
      caseName: "Chau v. Donovan et al",
      pacerCaseId: "492165",
      entryNumber: 3,
      documentId: "127022264358", // the link's 127122264358, normalized
      sequence: "10",
      shortDescription: "Notice of Appearance",
      time: "2018-04-18T00:09:55+00:00",
      timeStated: true,
      bankruptcy: null,
    });
  });

  it("takes the PACER case id from each item's docket link", () => {
    const xml = corpusText(`${FOLDER}/sdny_1.xml`);
    for (const item of feed("sdny_1").items) {
      expect(item.pacerCaseId).toMatch(/^\d+$/);
      expect(xml).toContain(`DktRpt.pl?${item.pacerCaseId}</link>`);
    }
    // Appellate feeds link by case number.
    expect(feed("ca2_1").items.map((item) => item.pacerCaseId)).toEqual(["22-3054", "22-1495", "22-1406", "22-1684"]);
  });

  it("merges the items of one multi-event entry: same document link, or same second without a document", () => {
    const [stipulation] = itemsOf("sdny_1", "7:16-cv-02451").filter((item) => item.documentId === "127022264019");
    expect(stipulation).toMatchObject({ entryNumber: 73, sequence: "325", shortDescription: "Stipulation and Order AND ~Util - Add and Terminate Attorneys" });
    expect(itemsOf("nyed_1", "1:97-cv-07285-DLI-RML")).toMatchObject([{ shortDescription: "Order AND Order(Other)", documentId: null }]);
    expect(itemsOf("nysb_1", "18-35641-cgm").map((item) => item.shortDescription)).toEqual(["Add Judge AND Add Trustee", "Voluntary Petition (Chapter 13)"]);
    // Five events of one kind are five events: an order on five motions.
    expect(itemsOf("nyed_1", "1:17-cv-05205-WFK-RER").map((item) => item.shortDescription.split(" AND ").length)).toEqual([5]);
  });

  it("reads which entry types the court publishes", () => {
    expect(feed("nysb_1").entryTypes).toBe("all");
    expect(feed("mdb_1").entryTypes).toBe("all");
    expect(feed("ca2_1").entryTypes).toEqual(["orders", "opinions"]);
    expect(feed("sdny_1").entryTypes).toEqual(expect.arrayContaining(["answer", "cmp", "motion", "order"]));
    expect(feed("nyed_1").entryTypes).toBeNull(); // "Public Complaints, Orders and Judgments in the last 24 Hours"
    expect(feed("nysb_1").court).toBe("nysb");
  });

  it("reads the bankruptcy prefix apart from the short description", () => {
    const [mclean] = itemsOf("nysb_1", "18-22414-rdd");
    expect(mclean).toMatchObject({
      shortDescription: "Notice, Adjournment of Hearing",
      entryNumber: 7,
      bankruptcy: { type: "bk", office: "7", chapter: "7", trustee: "Magaliff, Howard P." },
    });
    const [adversary] = feed("mdb_1").items;
    expect(adversary).toMatchObject({ shortDescription: "Close Adversary Case", bankruptcy: { type: "ap", office: "1", chapter: null, trustee: null } });
    const output = readSavedPage(SAVED_PAGE_READERS["pacer-rss"]!, corpusText(`${FOLDER}/mdb_1.xml`));
    expect("cases" in output && output.cases[0]?.case_type).toBe("adversary_proceeding");
  });

  it("reads appellate feeds: the court's zone, links without entry numbers, escaped titles", () => {
    const [kahn] = feed("ca10").items;
    expect(kahn).toMatchObject({ court: "ca10", caseNumber: "19-8054", entryNumber: null, documentId: "010010807970", time: "2023-02-03T09:05:16-07:00" });
    const [water] = feed("cadc").items;
    expect(water?.caseName).toBe("Food & Water Watch v. FERC");
    // One order filed in two consolidated cases: an entry in each.
    const shared = dockets("cadc").filter((docket) => docket.case.entries.some((entry) => entry.documentId === "01208491112"));
    expect(shared.map((docket) => docket.case.caseNumber)).toEqual(["22-1214", "22-1315"]);
    const [ruling] = itemsOf("ca6", "23-1104");
    expect(ruling).toMatchObject({ shortDescription: "ruling", documentId: null, entryNumber: null });
  });

  it("builds one case per docket, entries filed and entered at the item's time", () => {
    const sunEdison = dockets("nysb_1").find((docket) => docket.case.caseNumber === "16-10992-smb");
    expect(sunEdison?.courtCode).toBe("nysb");
    expect(sunEdison?.case.entries).toHaveLength(13);
    for (const entry of sunEdison?.case.entries ?? []) expect(entry.entered).toBe(entry.filed);
    expect(sunEdison?.case.entries[0]).toMatchObject({ number: 5237, filed: "2018-04-19T18:21:31+00:00", documentId: "126018830418", sequence: "16739", text: "Objection" });
    // Two defendants' dockets of one criminal case are one case.
    const sanchez = dockets("sdny_1").filter((docket) => docket.case.caseNumber.startsWith("1:18-mj-02904"));
    expect(sanchez).toHaveLength(1);
    expect(sanchez[0]?.case.caseNumber).toBe("1:18-mj-02904");
    expect(sanchez[0]?.case.entries.map((entry) => entry.number)).toEqual([9, 8, null, 5, 4]);
  });

  it("agrees with juriscraper on every entry of every feed: time, text, number and document", () => {
    for (const file of files) {
      const ours = readRssFeedDockets(corpusText(file));
      if (!Array.isArray(ours)) throw new Error(file);
      const expected = corpusJson<ExpectedDocket[]>(file.replace(/\.xml$/, ".json"));
      for (const docket of expected) {
        const mine = ours.filter((read) => norm(read.case.caseNumber).includes(norm(docket.docket_number)) || norm(docket.docket_number).includes(norm(read.case.caseNumber)));
        expect(mine.length, `${file} ${docket.docket_number}`).toBeGreaterThan(0);
        const entries = mine.flatMap((read) => read.case.entries);
        for (const want of docket.docket_entries) {
          const match = entries.find((entry) => Date.parse(entry.filed) === Date.parse(want.date_filed) && norm(entry.text) === norm(want.short_description));
          expect(match, `${file} ${docket.docket_number} ${want.date_filed} ${want.short_description}`).toBeDefined();
          if (want.pacer_doc_id) expect(match?.documentId).toBe(want.pacer_doc_id);
          if (want.document_number && /^\d{1,6}$/.test(want.document_number)) expect(match?.number).toBe(Number(want.document_number));
          if (want.pacer_seq_no) expect(match?.sequence).toBe(want.pacer_seq_no);
        }
      }
    }
  });
});
