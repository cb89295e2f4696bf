// The feed items of one poll, marked on the cases they belong to (pacer_cases): an item the case has not
// seen before — by its own key (time, entry number, document, words), so two items of the same second and
// an item that shows up late are new too — moves changed_at (the newest item's time) and stamps
// changed_seen_at with the database's clock; items seen in an earlier poll change nothing, so the next
// refresh (plan-pacer-refresh.ts, plan-appellate-refresh.ts) does not pay again for what the last reading
// already held.
import { normalizeCaseId } from "@/lib/courts/normalize-case-id";
import { findCourt } from "@/lib/courts/registry";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { pacerReadsAppellate } from "./pacer-courts";
import { isSameCase } from "./printed-case-number";
import type { RssItem } from "./read-rss-feed";
import { splitCmEcfNumber, type CmEcfNumber } from "./split-cmecf-number";

interface CaseRow {
  case_id: string;
  pacer_case_id: string;
  mapping_refused_at: Date | null;
  changed_at: Date | null;
  feed_item_keys: string[] | null;
}

/**
 * What tells one item from another in a court's feed. An item without its own time is dated by the channel's
 * build time (read-rss-feed.ts), which moves with every build: in its key, it would make the same item new at
 * each poll, and each time the case's next refresh would buy a report for it.
 */
export function feedItemKey(item: RssItem): string {
  return [item.timeStated ? (item.time ?? "") : "", item.entryNumber ?? "", item.documentId ?? "", item.sequence ?? "", item.shortDescription].join("|");
}

/**
 * The keys of one case's items, the second and later of a key numbered ("...#2"): two orders without a time,
 * number or document are two items, so one more such order is new though the first was seen.
 */
function itemKeys(items: RssItem[]): string[] {
  const counts = new Map<string, number>();
  return items.map((item) => {
    const key = feedItemKey(item);
    const count = (counts.get(key) ?? 0) + 1;
    counts.set(key, count);
    return count === 1 ? key : `${key}#${count}`;
  });
}

/**
 * Whether an item of the case's stored PACER id is the case's. A mapping forgotten because a report by it printed
 * another case (lookup-pacer-case.ts, mapping_refused_at) may be that case's id: until the next read looks the
 * number up again, an item of it is the case's only if its number may be (the same year and serial, as the report
 * was checked; a bankruptcy feed prints "16-10992-smb" for 1:16-bk-10992). Marking the case with another case's
 * items would have the refresh after that read (if it stored nothing) buy a report for them. A number this
 * reader cannot parse is taken as the case's: a missed mark could hide a change.
 */
function idVouches(row: CaseRow, number: CmEcfNumber | null): boolean {
  if (!row.mapping_refused_at || !number) return true;
  const asked = splitCmEcfNumber(row.case_id);
  return !asked || isSameCase(number, asked);
}

/** Returns the number of cases with an item they had not seen. */
export async function markFeedItems(prisma: PrismaClient, courtCode: string, items: RssItem[]): Promise<number> {
  const dated = items.filter((item) => item.time !== null);
  if (dated.length === 0) return 0;
  const court = findCourt(courtCode);
  const appellate = court !== undefined && pacerReadsAppellate(court);
  const facts = dated.map((item) => {
    if (appellate) {
      // A court of appeals' items link by case number (`caseNum=22-8513`), its cases' PACER id here: read as the
      // case id is (unpadded, without the clerk's team letters), so `22-08513` or `22-8513-AA` finds the case.
      const caseId = normalizeCaseId(court, item.pacerCaseId ?? item.caseNumber);
      return { item, pacerCaseId: caseId, caseId, byNumber: true, number: null };
    }
    const number = splitCmEcfNumber(item.caseNumber);
    return {
      item,
      pacerCaseId: item.pacerCaseId,
      caseId: number?.core ?? item.caseNumber,
      // An item of another defendant's docket ("1:16-cr-00673-4", its own PACER id) is no change of the docket
      // the case is read from (the main defendant's): it matches by PACER id only. Without an id, the number
      // decides (a change could be missed otherwise).
      byNumber: number?.defendant == null || !item.pacerCaseId,
      number,
    };
  });
  const rows = await prisma.$queryRawUnsafe<CaseRow[]>(
    `SELECT case_id, pacer_case_id, mapping_refused_at, changed_at, feed_item_keys FROM pacer_cases
     WHERE court_code = $1 AND (pacer_case_id = ANY($2::text[]) OR case_id = ANY($3::text[]))`,
    courtCode,
    [...new Set(facts.flatMap((fact) => (fact.pacerCaseId ? [fact.pacerCaseId] : [])))],
    [...new Set(facts.filter((fact) => fact.byNumber).map((fact) => fact.caseId))],
  );
  let marked = 0;
  for (const row of rows) {
    const mine = facts.filter((fact) => (fact.pacerCaseId === row.pacer_case_id && idVouches(row, fact.number)) || (fact.byNumber && fact.caseId === row.case_id));
    if (mine.length === 0) continue;
    const known = new Set(row.feed_item_keys ?? []);
    const keyed = itemKeys(mine.map((fact) => fact.item));
    const keys = [...new Set(keyed)];
    const fresh = mine.filter((_, index) => !known.has(keyed[index]!));
    // The keys of the items the feed lists now (a feed keeps about a day of items); those that left it
    // cannot come back.
    if (fresh.length === 0) {
      if (keys.length !== known.size) {
        await prisma.$executeRawUnsafe(`UPDATE pacer_cases SET feed_item_keys = $3::text[] WHERE court_code = $1 AND case_id = $2`, courtCode, row.case_id, keys);
      }
      continue;
    }
    const newest = new Date(Math.max(...fresh.map((fact) => Date.parse(fact.item.time!))));
    await prisma.$executeRawUnsafe(
      `UPDATE pacer_cases SET changed_at = GREATEST(COALESCE(changed_at, $3::timestamptz), $3::timestamptz), changed_seen_at = clock_timestamp(),
              feed_item_keys = $4::text[]
       WHERE court_code = $1 AND case_id = $2`,
      courtCode,
      row.case_id,
      newest.toISOString(),
      keys,
    );
    marked += 1;
  }
  return marked;
}
