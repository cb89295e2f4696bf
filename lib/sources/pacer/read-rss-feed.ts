// The free per-court CM/ECF RSS feed (district, bankruptcy and appellate courts): one <item> per docket
// event of roughly the last day, `title` "<case number> <case name>", `link` to the docket
// (`DktRpt.pl?<pacer case id>`, appellate `...&caseNum=<number>`), `description` the short description and
// the document link, `pubDate` when the entry was made. No parties, no full docket text, no filing date
// (../shared/notes/court-systems.md section 1.6). Pure: XML text in; the items, or one case per docket.
import { XMLParser } from "fast-xml-parser";
import type { DocketRead, PageRefusal, SourceCase, SourceEntry } from "@/lib/sources/types";
import { courtFromHost, docIdFromUrl } from "@/lib/sources/pacer/doc-id";
import { type BankruptcyFacts, htmlToPlainText, readRssDescription } from "@/lib/sources/pacer/rss-description";
import { rssTimeToIso } from "@/lib/sources/pacer/rss-pub-date";
import { splitCmEcfNumber } from "@/lib/sources/pacer/split-cmecf-number";

export interface RssItem {
  court: string | null;
  /** As the title prints it, judge initials included ("1:17-cr-00554-MKB"). */
  caseNumber: string;
  caseName: string;
  /** PACER's internal case id from `DktRpt.pl?<id>`; appellate feeds link by case number instead. */
  pacerCaseId: string | null;
  entryNumber: number | null;
  documentId: string | null;
  /** CM/ECF's `de_seq_num` of the entry, from the document link or the item's guid. */
  sequence: string | null;
  /** The events of one entry, joined with " AND " (sorted: the feed's order of one entry's events means nothing, and sorted, every poll words the entry the same). */
  shortDescription: string;
  /**
   * When the entry was made (pubDate), an instant with the feed's offset; for an item without its own, the
   * channel's build time (it was made no later), which moves with each build of the feed.
   */
  time: string | null;
  /** Whether `time` is the item's own pubDate (not the channel's build time): only then does it tell the item apart. */
  timeStated: boolean;
  bankruptcy: BankruptcyFacts | null;
}

export interface RssFeed {
  court: string | null;
  /** "Docket entries of type: all" → "all"; a list of types where the court publishes only some; null if unstated. */
  entryTypes: "all" | string[] | null;
  items: RssItem[];
}

type Fields = Record<string, unknown>;
const record = (value: unknown): Fields | null =>
  typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Fields) : null;
/** A tag's text whether the parser gave a string or an object with `#text`. */
function text(value: unknown): string {
  if (typeof value === "string") return value;
  if (typeof value === "number") return String(value);
  const inner = record(value)?.["#text"];
  return typeof inner === "string" ? inner : "";
}

const parser = new XMLParser({
  ignoreAttributes: true,
  parseTagValue: false,
  trimValues: true,
  processEntities: true,
  // Character references (`&#x3C;a href=&#x27;...`) are how the feeds escape their HTML: fast-xml-parser
  // decodes numeric ones only with HTML entities on.
  htmlEntities: true,
  isArray: (name) => name === "item",
});

function entryTypes(description: string): RssFeed["entryTypes"] {
  const match = /docket entries of type:\s*(.*)$/i.exec(description.trim());
  if (!match) return null;
  const types = match[1]!.split(",").map((type) => type.trim()).filter(Boolean);
  return types.length === 1 && types[0]!.toLowerCase() === "all" ? "all" : types;
}

function readItem(raw: Fields, channelCourt: string | null, channelTime: string | null): RssItem | null {
  const title = htmlToPlainText(text(raw.title));
  const link = text(raw.link).trim();
  const guid = text(raw.guid).trim();
  const [caseNumber, ...nameWords] = title.split(" ");
  if (!caseNumber) return null;
  const description = readRssDescription(text(raw.description));
  const documentUrl = description.documentUrl;
  const label = description.documentLabel ?? "";
  const ownTime = rssTimeToIso(text(raw.pubDate));
  const pacerCaseId = /DktRpt\.pl\?(\d+)/.exec(link || guid)?.[1] ?? /[?&]caseNum=([^&#]+)/.exec(link || guid)?.[1] ?? null;
  return {
    court: courtFromHost(link) ?? courtFromHost(guid) ?? channelCourt,
    caseNumber,
    caseName: nameWords.join(" ").trim(),
    pacerCaseId,
    entryNumber: /^\d{1,7}$/.test(label) ? Number(label) : null,
    documentId: docIdFromUrl(documentUrl),
    sequence: /[?&]de_seq_num=(\d+)/.exec(documentUrl ?? "")?.[1] ?? /DktRpt\.pl\?\d+[&-](\d+)$/.exec(guid)?.[1] ?? null,
    shortDescription: description.shortDescription,
    // An item without its own time was made before the feed was built: the build time bounds it.
    time: ownTime ?? channelTime,
    timeStated: ownTime !== null,
    bankruptcy: description.bankruptcy,
  };
}

/**
 * The events of one docket entry come as several items: same docket and same document, or, without a
 * document, same docket and same second. An item with neither stands alone.
 */
function entryKey(item: RssItem, index: number): string {
  const docket = `${item.court}|${item.pacerCaseId ?? item.caseNumber}`;
  if (item.documentId) return `${docket}|document ${item.documentId}`;
  // The channel's build time, shared by every undated item, says nothing of which entry an item belongs to.
  return item.timeStated ? `${docket}|at ${item.time}` : `item ${index}`;
}

function merge(items: RssItem[]): RssItem[] {
  const byEntry = new Map<string, RssItem[]>();
  items.forEach((item, index) => {
    const key = entryKey(item, index);
    const group = byEntry.get(key);
    if (group) group.push(item);
    else byEntry.set(key, [item]);
  });
  return [...byEntry.values()].map((group) => {
    const first = group[0]!;
    // Every event counts, repeats included: "Order on Motion to Quash" five times is an order on five motions.
    const descriptions = group.map((item) => item.shortDescription).filter(Boolean).sort();
    // The entry appeared with its first event: its own times first, the channel's build time where none has one.
    const stated = group.filter((item) => item.timeStated);
    const times = (stated.length > 0 ? stated : group).map((item) => item.time).filter((time): time is string => time !== null);
    return {
      ...first,
      entryNumber: group.find((item) => item.entryNumber !== null)?.entryNumber ?? null,
      sequence: group.find((item) => item.sequence !== null)?.sequence ?? null,
      shortDescription: descriptions.join(" AND "),
      time: times.sort((a, b) => Date.parse(a) - Date.parse(b))[0] ?? null,
      timeStated: stated.length > 0,
    };
  });
}

/** The feed's court, the entry types it publishes, and its items with multi-event entries merged. */
export function readRssFeed(xml: string): RssFeed | null {
  let document: Fields | null;
  try {
    document = record(parser.parse(xml));
  } catch {
    return null;
  }
  const channel = record(record(document?.rss)?.channel);
  if (!channel) return null;
  const court = courtFromHost(text(channel.link));
  // When the feed was built (or, where it does not say, published) bounds the items that carry no time.
  const built = rssTimeToIso(text(channel.lastBuildDate)) ?? rssTimeToIso(text(channel.pubDate));
  const items: RssItem[] = [];
  for (const raw of Array.isArray(channel.item) ? channel.item : []) {
    const fields = record(raw);
    const item = fields ? readItem(fields, court, built) : null;
    if (item) items.push(item);
  }
  return { court, entryTypes: entryTypes(text(channel.description)), items: merge(items) };
}

/**
 * The case a CM/ECF number designates: `1:18-mj-02904-2` (a defendant's docket, with its own PACER case id)
 * and `1:17-cr-00554-MKB` (judge initials) are cases 1:18-mj-02904 and 1:17-cr-00554, as the API names them.
 */
function caseOf(number: string): string {
  return splitCmEcfNumber(number)?.core ?? number.toLowerCase();
}

/** One case per docket the feed mentions, with the entries it lists; a refusal for what is not an RSS feed. */
export function readRssFeedDockets(xml: string): DocketRead[] | PageRefusal {
  const feed = readRssFeed(xml);
  if (!feed) return { kind: "refused", reason: "not_a_docket", message: "not an RSS feed: no <rss><channel>" };
  const dockets = new Map<string, SourceCase & { court: string | null }>();
  for (const item of feed.items) {
    if (!item.time) continue; // an entry needs a date, and a feed without any gives none
    // Defendants' dockets of one criminal case are one case of the API.
    const key = `${item.court}|${caseOf(item.caseNumber)}`;
    let docket = dockets.get(key);
    if (!docket) {
      docket = { court: item.court, caseNumber: item.caseNumber, title: item.caseName, caseType: item.bankruptcy?.type ?? null, parties: [], entries: [] };
      dockets.set(key, docket);
    } else if (docket.caseNumber !== item.caseNumber) {
      // Several dockets of the case: the number they share.
      docket.caseNumber = caseOf(item.caseNumber);
    }
    const entry: SourceEntry = {
      number: item.entryNumber,
      // The feed gives no filing date: the item's time (when the entry was made) is the nearest it states.
      filed: item.time,
      entered: item.time,
      sequence: item.sequence,
      text: item.shortDescription,
      documentId: item.documentId,
    };
    docket.entries.push(entry);
  }
  return [...dockets.values()].map(({ court, ...source }): DocketRead => ({ kind: "case", case: source, courtCode: court }));
}
