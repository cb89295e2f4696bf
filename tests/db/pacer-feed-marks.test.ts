// Feed items marked on the cases they belong to (mark-feed-items.ts), for items that carry no pubDate of their
// own: the reader dates such an item by the channel's build time (read-rss-feed.ts), which moves at every
// build of the feed. The item is the same item at the next poll: its case is marked once, not at every build
// (each mark makes the next refresh buy a docket report), and a second such item of the same words is new.
import { describe, expect, it } from "vitest";
import { markFeedItems } from "@/lib/sources/pacer/mark-feed-items";
import { readRssFeed } from "@/lib/sources/pacer/read-rss-feed";
import { EACH_DATABASE, databaseForSuite } from "../helpers/test-database";

const ORDER = "<item><title>1:18-cv-03365 Chau v. Donovan</title><link>https://ecf.nysd.uscourts.gov/cgi-bin/DktRpt.pl?491234</link><description>[Order]</description></item>";

/** The feed's items as the court builds it at `built`. */
const itemsBuiltAt = (built: string, ...items: string[]) => {
  const feed = readRssFeed(`<rss version="2.0"><channel><link>https://ecf.nysd.uscourts.gov</link><lastBuildDate>${built}</lastBuildDate>${items.join("")}</channel></rss>`);
  return feed!.items;
};

describe.each(EACH_DATABASE)("feed items without their own time, on %s", (_name, target) => {
  const database = databaseForSuite(target);
  const prisma = () => database().db.prisma;

  it("mark their case once, whatever the build time of later polls; a second item of the same words marks it again", async () => {
    await prisma().pacerCase.create({ data: { courtCode: "nysd", caseId: "1:18-cv-03365", pacerCaseId: "491234", listedNumber: "1:18-cv-03365" } });
    const changedAt = async () => (await prisma().pacerCase.findFirst({ where: { courtCode: "nysd", caseId: "1:18-cv-03365" } }))!.changedAt;

    expect(await markFeedItems(prisma(), "nysd", itemsBuiltAt("Wed, 18 Apr 2018 00:09:55 GMT", ORDER))).toBe(1);
    // The feed's build time bounds the item: the case changed no later than that.
    expect(await changedAt()).toEqual(new Date("2018-04-18T00:09:55Z"));
    // The same item, the feed rebuilt since (before: marked at every build, a report bought at every refresh).
    expect(await markFeedItems(prisma(), "nysd", itemsBuiltAt("Wed, 18 Apr 2018 00:14:55 GMT", ORDER))).toBe(0);
    expect(await markFeedItems(prisma(), "nysd", itemsBuiltAt("Wed, 18 Apr 2018 00:19:55 GMT", ORDER))).toBe(0);
    expect(await changedAt()).toEqual(new Date("2018-04-18T00:09:55Z"));
    // Another order without a time, worded the same: a new item.
    expect(await markFeedItems(prisma(), "nysd", itemsBuiltAt("Wed, 18 Apr 2018 00:24:55 GMT", ORDER, ORDER))).toBe(1);
    expect(await changedAt()).toEqual(new Date("2018-04-18T00:24:55Z"));
    expect(await markFeedItems(prisma(), "nysd", itemsBuiltAt("Wed, 18 Apr 2018 00:29:55 GMT", ORDER, ORDER))).toBe(0);
  });
});

/** An item of the court's feed: its title's number, the internal id its link names, its time. */
const itemOf = (court: string, number: string, pacerCaseId: string, time: string, words = "Order") =>
  `<item><title>${number} A v. B</title><link>https://ecf.${court}.uscourts.gov/cgi-bin/DktRpt.pl?${pacerCaseId}</link><description>[${words}]</description><pubDate>${time}</pubDate></item>`;
const feedOf = (court: string, ...items: string[]) =>
  readRssFeed(`<rss version="2.0"><channel><link>https://ecf.${court}.uscourts.gov</link><lastBuildDate>Thu, 19 Apr 2018 19:00:00 GMT</lastBuildDate>${items.join("")}</channel></rss>`)!.items;

describe.each(EACH_DATABASE)("feed items of a forgotten mapping's internal id, on %s", (_name, target) => {
  const database = databaseForSuite(target);
  const prisma = () => database().db.prisma;
  const changedAt = async (caseId: string) => (await prisma().pacerCase.findFirst({ where: { courtCode: "nysb", caseId } }))!.changedAt;

  it("while a report by the id printed another case, an item of that id whose number is another case's does not mark the case; one whose number may be the case's does", async () => {
    // The case's stored id is doubted (its report printed another case): the id may be 18-22414's.
    await prisma().pacerCase.create({ data: { courtCode: "nysb", caseId: "1:16-bk-10992", pacerCaseId: "281624", listedNumber: "1:16-bk-10992", mappingRefusedAt: new Date() } });
    // Before: marked, as if the other case's filing were this case's.
    expect(await markFeedItems(prisma(), "nysb", feedOf("nysb", itemOf("nysb", "18-22414-rdd", "281624", "Thu, 19 Apr 2018 18:21:29 GMT")))).toBe(0);
    expect(await changedAt("1:16-bk-10992")).toBeNull();
    // The court prints a bankruptcy number without office or type: the same year and serial may be this case.
    expect(await markFeedItems(prisma(), "nysb", feedOf("nysb", itemOf("nysb", "16-10992-smb", "281624", "Thu, 19 Apr 2018 18:21:31 GMT")))).toBe(1);
    expect(await changedAt("1:16-bk-10992")).toEqual(new Date("2018-04-19T18:21:31Z"));
  });

  it("a mapping not in doubt: an item of its id marks the case whatever number it prints", async () => {
    await prisma().pacerCase.create({ data: { courtCode: "nysb", caseId: "1:16-bk-11390", pacerCaseId: "266001", listedNumber: "1:16-bk-11390" } });
    expect(await markFeedItems(prisma(), "nysb", feedOf("nysb", itemOf("nysb", "18-22414-rdd", "266001", "Thu, 19 Apr 2018 18:21:29 GMT")))).toBe(1);
    expect(await changedAt("1:16-bk-11390")).toEqual(new Date("2018-04-19T18:21:29Z"));
  });
});
