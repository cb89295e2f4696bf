// Which courts an appellate docket names: the appellate court itself (its heading, else its CM/ECF host) and
// the court the appeal comes from (its docket link's host, else its printed name mapped onto the registry).
// Everything here is matched against the registry's own names, so a court the registry lacks is never guessed.
import { COURTS, findCourt } from "@/lib/courts/registry";
import type { CourtRecord } from "@/lib/courts/types";
import { courtFromHost } from "./doc-id";

/**
 * A court name reduced to what tells courts apart: "United States Court of Appeals for the First Circuit",
 * "U.S. Court of Appeals for the First Circuit" and "U. S. Bankruptcy Appellate Panel for the Ninth Circuit"
 * vs "... of the Ninth Circuit" are the same court written two ways.
 */
function nameKey(name: string): string {
  return name
    .toLowerCase()
    .replace(/\bunited\s+states\b|\bu\.\s*s\.(?=\s|$)/g, " us ")
    .replace(/\b(?:the|of|for)\b/g, " ")
    .replace(/[^a-z0-9]+/g, "");
}

const appellateByName = new Map<string, CourtRecord>();
for (const court of COURTS) {
  if (court.kind === "us_appellate" || court.case_management_system === "CM/ECF Appellate") {
    appellateByName.set(nameKey(court.name), court);
  }
}
const appellateCodes = new Set([...appellateByName.values()].map((court) => court.court_code));

/**
 * The appellate court a docket page is from. Its heading ("General Docket / United States Court of Appeals
 * for the First Circuit") comes first: a bankruptcy appellate panel's pages link to its circuit's CM/ECF
 * host (bap9 pages to ecf.ca9), so the host alone would name the wrong court. The host of the page's own
 * document links or servlet is the fallback.
 */
export function appellateCourtOf(headingLines: readonly string[], hrefs: readonly string[]): string | null {
  for (const line of headingLines) {
    const court = appellateByName.get(nameKey(line));
    if (court) return court.court_code;
  }
  for (const href of hrefs) {
    if (!/\/docs\d\/|TransportRoom/i.test(href)) continue;
    const code = courtFromHost(href);
    if (code && appellateCodes.has(code)) return code;
  }
  return null;
}

// District courts of the registry by "<label>|<state>": "northern|california" → cand, "|massachusetts" → mad.
const districtByPlace = new Map<string, CourtRecord>();
for (const court of COURTS) {
  if (court.kind !== "us_district") continue;
  const place =
    /District Court for the (?:(Northern|Southern|Eastern|Western|Middle|Central) )?District of (?:the )?(.+)$/.exec(court.name) ??
    /^District Court (?:of|for) (?:the )?()(.+)$/.exec(court.name);
  if (!place) continue;
  const state = place[2]!.toLowerCase();
  districtByPlace.set(`${(place[1] ?? "").toLowerCase()}|${state}`, court);
}

const DIRECTION = "(Northern|Southern|Eastern|Western|Middle|Central)";
// The ways CM/ECF appellate prints a district court in "Appeal From" (a division may follow after a comma,
// " at " or " - "): "Southern District of Florida", "District of Massachusetts, Boston", "District Court of
// New Hampshire, Concord", "U.S. District Court for Northern California, Oakland", "Eastern District of
// Tennessee at Knoxville".
const DISTRICT_FORM = new RegExp(
  `^(?:(?:U\\.?\\s?S\\.?|United States) )?(?:${DIRECTION} )?District (?:Court )?(?:of|for) (?:the )?(?:${DIRECTION} )?(?:District of )?(.+)$`,
  "i",
);

/** Division or city after the court's name: ", Boston", " at Knoxville", " - Las Vegas", " (Harrisburg)". */
function withoutDivision(text: string): string {
  return text.replace(/\s*(?:,|\(|\s-\s|\bat\b).*$/i, "").trim();
}

/**
 * The registry district court a printed "Appeal From" names, or null when the name is not a district court
 * the registry knows (agencies, boards, state courts) or names a state without saying which district.
 */
export function districtCourtNamed(appealFrom: string): CourtRecord | null {
  const match = DISTRICT_FORM.exec(appealFrom.replace(/\s+/g, " ").trim());
  if (!match) return null;
  const direction = (match[1] ?? match[2] ?? "").toLowerCase();
  const state = withoutDivision(match[3] ?? "").toLowerCase();
  // "District of California" alone, in a state with several districts, names no single court: the lookup
  // needs the direction whenever the registry has one for the state, so it then finds nothing.
  return districtByPlace.get(`${direction}|${state}`) ?? null;
}

/**
 * A bankruptcy appellate panel's "Appeal From" names a state, or a district of it, and a place ("Nevada -
 * Las Vegas", "Central California - Los Angeles"): the bankruptcy court of that district. A state alone
 * that has several districts names no single court.
 */
export function bankruptcyCourtNamed(appealFrom: string): CourtRecord | null {
  const place = new RegExp(`^(?:${DIRECTION} )?(.+)$`, "i").exec(withoutDivision(appealFrom.replace(/\s+/g, " ").trim()));
  const district =
    districtCourtNamed(appealFrom) ??
    (place ? districtByPlace.get(`${(place[1] ?? "").toLowerCase()}|${place[2]!.toLowerCase()}`) : undefined) ??
    null;
  return district ? (findCourt(`${district.court_code.slice(0, -1)}b`) ?? null) : null;
}

/** The registry court of an originating docket link (`ecf.mad.uscourts.gov/cgi-bin/DktRpt.pl?...`). */
export function courtOfLink(href: string | undefined): CourtRecord | null {
  const code = courtFromHost(href);
  return code ? (findCourt(code) ?? null) : null;
}
