// Which courts of the registry the PACER adapter serves, and where each one's free RSS feed is
// (court-systems.md §1.6). Served: the CM/ECF district and bankruptcy courts, the national courts on
// district-style CM/ECF (CIT, Court of Federal Claims), and the courts of appeals on CM/ECF appellate
// (TransportRoom, court-systems.md §2). Not yet: the ACMS circuits (ca2, ca9: no public number lookup), the
// bankruptcy appellate panels and the Court of Appeals for Veterans Claims (their CM/ECF hosts are not in
// our notes: bap9's pages link to ca9's host), and the JPML, whose MDL numbers possible_case_numbers.pl
// does not take.
import type { CourtRecord } from "@/lib/courts/types";

const NATIONAL_ON_DISTRICT_CMECF = new Set(["cit", "cofc"]);

type CourtFacts = Pick<CourtRecord, "court_code" | "kind" | "case_management_system">;

/** A court of appeals on CM/ECF appellate: read by case number through TransportRoom (fetch-appellate-case.ts). */
export function pacerReadsAppellate(court: CourtFacts): boolean {
  return court.kind === "us_appellate" && court.case_management_system === "CM/ECF Appellate";
}

/**
 * How often a tracked case of such a court is read while it is queried (seconds): once a day; once a week
 * otherwise (plan-appellate-refresh.ts). The appellate system has no free entry count or case query, and its
 * feeds list orders, opinions and judgments at most (some circuits' opinions only; an item makes the case due
 * at once), so every other reading is billed on this schedule (one page, $0.10, for a day's entries on most
 * dockets: docs/performance.md). The hourly refresh run reads the cases that are due.
 */
export const APPELLATE_CADENCE_SECONDS = 86_400;

export function pacerServesCourt(court: CourtFacts): boolean {
  if (court.kind === "us_district" || court.kind === "us_bankruptcy") return true;
  return NATIONAL_ON_DISTRICT_CMECF.has(court.court_code) || pacerReadsAppellate(court);
}

const BEAM_TRANSPORT_ROOM = "/n/beam/servlet/TransportRoom";

/**
 * Where a court of appeals' TransportRoom servlet is: `/n/beam/servlet/TransportRoom`, except ca7, which
 * court-systems.md §2 lists at `/cmecf/servlet/TransportRoom`. The notes list ca5 and ca11 there too, but the
 * records link both to `/n/beam/` (ca5_212643's docket, ca11's feed): the records win.
 */
export function transportRoomPath(courtCode: string): string {
  return courtCode === "ca7" ? "/cmecf/servlet/TransportRoom" : BEAM_TRANSPORT_ROOM;
}

/** Courts whose feed is not at the usual path (juriscraper/pacer/rss_feeds.py, per court-systems.md §1.6). */
const FEED_PATHS: Readonly<Record<string, string>> = {
  nyed: "/cgi-bin/readyDockets.pl",
  ared: "/cgi-bin/rss_outside4.pl",
};

export function feedPath(court: CourtFacts): string {
  // A court of appeals' feed (orders, opinions, judgments, or fewer: court-systems.md §1.6) is a servlet, at
  // `/n/beam/` for every circuit there (juriscraper's rss_feeds.py; ca11's recorded feed).
  if (pacerReadsAppellate(court)) return `${BEAM_TRANSPORT_ROOM}?servlet=RSSGenerator`;
  return FEED_PATHS[court.court_code] ?? "/cgi-bin/rss_outside.pl";
}
