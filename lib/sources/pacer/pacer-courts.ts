// Which courts of the registry the PACER adapter serves, and where each one's free RSS feed is
// (court-systems.md §1.6). Served: the CM/ECF district and bankruptcy courts and the national courts on
// district-style CM/ECF (CIT, Court of Federal Claims). Not yet: the appellate CM/ECF (TransportRoom) and
// ACMS circuits, whose fetchers are a later step (ACMS has no public number lookup), and the JPML, whose
// MDL numbers possible_case_numbers.pl does not take.
import type { CourtRecord } from "@/lib/courts/types";

const NATIONAL_ON_DISTRICT_CMECF = new Set(["cit", "cofc"]);

export function pacerServesCourt(court: Pick<CourtRecord, "court_code" | "kind" | "case_management_system">): boolean {
  if (court.kind === "us_district" || court.kind === "us_bankruptcy") return true;
  return NATIONAL_ON_DISTRICT_CMECF.has(court.court_code);
}

/** Courts whose feed is not at the usual path (juriscraper/pacer/rss_feeds.py, per court-systems.md §1.6). */
const FEED_PATHS: Readonly<Record<string, string>> = {
  nyed: "/cgi-bin/readyDockets.pl",
  ared: "/cgi-bin/rss_outside4.pl",
};

export function feedPath(courtCode: string): string {
  return FEED_PATHS[courtCode] ?? "/cgi-bin/rss_outside.pl";
}
