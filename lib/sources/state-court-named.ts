// State courts by what their names say. One court is printed many ways: "14th Court of Appeals", "Fourteenth
// Court of Appeals", "Court of Appeals for the Fourteenth District of Texas"; "District Court of Appeal of
// Florida, Third District" and "3rd District Court of Appeal"; "Crim Dist Ct 2". A name is reduced to what
// tells state courts apart (state, level, ordinal, county) and matched against the registry's state courts
// reduced the same way. A name that does not say enough, or a court the registry does not list, gives null:
// the caller then leaves the code empty rather than guess.
import { COURTS } from "@/lib/courts/registry";
import type { CourtRecord } from "@/lib/courts/types";

const STATES: Readonly<Record<string, string>> = {
  alabama: "AL", alaska: "AK", arizona: "AZ", arkansas: "AR", california: "CA", colorado: "CO", connecticut: "CT",
  delaware: "DE", "district of columbia": "DC", florida: "FL", georgia: "GA", guam: "GU", hawaii: "HI", idaho: "ID",
  illinois: "IL", indiana: "IN", iowa: "IA", kansas: "KS", kentucky: "KY", louisiana: "LA", maine: "ME",
  maryland: "MD", massachusetts: "MA", michigan: "MI", minnesota: "MN", mississippi: "MS", missouri: "MO",
  montana: "MT", nebraska: "NE", nevada: "NV", "new hampshire": "NH", "new jersey": "NJ", "new mexico": "NM",
  "new york": "NY", "north carolina": "NC", "north dakota": "ND", ohio: "OH", oklahoma: "OK", oregon: "OR",
  pennsylvania: "PA", "puerto rico": "PR", "rhode island": "RI", "south carolina": "SC", "south dakota": "SD",
  tennessee: "TN", texas: "TX", utah: "UT", vermont: "VT", virginia: "VA", washington: "WA",
  "west virginia": "WV", wisconsin: "WI", wyoming: "WY",
};
// Longest first, so "West Virginia" is found before "Virginia" and "New York" is not read as "York".
const STATE_NAMES = Object.keys(STATES).sort((a, b) => b.length - a.length);

// The kinds of court, most specific wording first ("court of criminal appeals" before "appeals", "district
// court of appeal" before "district court").
const LEVELS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bcourt of criminal appeals\b/, "criminal-appeals"],
  [/\bsupreme (?:judicial )?court\b/, "supreme"],
  [/\b(?:district )?courts? of appeals?\b|\bappellate (?:court|division)\b|\bappeals court\b/, "appeals"],
  [/\bbusiness court\b/, "business"],
  [/\bcriminal district courts?\b/, "criminal-district"],
  [/\bfamily district courts?\b|\bfamily courts?\b/, "family"],
  [/\bprobate courts?\b/, "probate"],
  [/\bcircuit courts?\b/, "circuit"],
  [/\bdistrict courts?\b/, "district"],
  [/\bcounty (?:civil |criminal )?courts? at law\b/, "county-at-law"],
  [/\bcounty courts?\b/, "county"],
  [/\bsuperior courts?\b/, "superior"],
  [/\bcourt of chancery\b|\bchancery courts?\b/, "chancery"],
  [/\bcourt of claims\b/, "claims"],
  [/\bmunicipal courts?\b/, "municipal"],
  [/\bjustice courts?\b|\bjustice of the peace\b/, "justice"],
];

const UNITS = ["", "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth"];
const TEENS: Readonly<Record<string, number>> = {
  tenth: 10, eleventh: 11, twelfth: 12, thirteenth: 13, fourteenth: 14, fifteenth: 15, sixteenth: 16,
  seventeenth: 17, eighteenth: 18, nineteenth: 19, twentieth: 20, thirtieth: 30, fortieth: 40,
};
const TENS: Readonly<Record<string, number>> = { twenty: 20, thirty: 30, forty: 40 };

/** "Seventeenth" → "17", "twenty-first" → "21"; null when the word is no ordinal. */
function wordOrdinal(text: string): string | null {
  const compound = /\b(twenty|thirty|forty)[- ](first|second|third|fourth|fifth|sixth|seventh|eighth|ninth)\b/.exec(text);
  if (compound) return String(TENS[compound[1]!]! + UNITS.indexOf(compound[2]!));
  const teen = new RegExp(`\\b(${Object.keys(TEENS).join("|")})\\b`).exec(text);
  if (teen) return String(TEENS[teen[1]!]);
  const unit = /\b(first|second|third|fourth|fifth|sixth|seventh|eighth|ninth)\b/.exec(text);
  return unit ? String(UNITS.indexOf(unit[1]!)) : null;
}

export interface CourtDescription {
  region: string | null;
  level: string | null;
  /** "14", "1a" (Texas' "1A District Court"), or null. */
  ordinal: string | null;
  county: string | null;
}

/** Court names use abbreviations on some pages: "Crim Dist Ct 2", "Co. Ct. at Law No. 1". */
function expand(name: string): string {
  return name
    .toLowerCase()
    .replace(/\bcrim\.?(?=\s)/g, "criminal")
    .replace(/\bdist\.?(?=\s)/g, "district")
    .replace(/\bco\.?(?=\s+c(?:our)?t)/g, "county")
    .replace(/\bcts?\.?(?=\s|$)/g, (match) => (match.startsWith("cts") ? "courts" : "court"))
    .replace(/\s+/g, " ")
    .trim();
}

/** "…, Broward County", "District Courts of Harris County", "County of Los Angeles" → the county's name. */
function countyIn(text: string): string | null {
  const countyOf = /\bcounty of ([a-z][a-z .'-]*?)(?:,|$)/.exec(text);
  if (countyOf) return countyOf[1]!.trim();
  const at = text.search(/\s+county\b/);
  if (at < 0) return null;
  // The county's name is what stands between the last separator and "County".
  const name = text.slice(0, at).split(/,|\b(?:of|for|in|the)\b/).pop()?.trim();
  return name || null;
}

export function describeCourtName(name: string, defaults: { region?: string | null; county?: string | null } = {}): CourtDescription {
  const text = expand(name);
  const level = LEVELS.find(([pattern]) => pattern.test(text))?.[1] ?? null;
  const stateName = STATE_NAMES.find((state) => new RegExp(`\\b${state}\\b`).test(text));
  // "New York County" names a county, not the state: the state is the one named outside a county phrase.
  const region = stateName && !new RegExp(`\\b${stateName} county\\b`).test(text) ? STATES[stateName]! : (defaults.region ?? null);
  const numbered = /\b(\d{1,3})(?:st|nd|rd|th)?([a-z])?\b/.exec(text);
  const ordinal = numbered ? `${numbered[1]}${numbered[2] ?? ""}` : wordOrdinal(text);
  const county = countyIn(text) || (defaults.county ? defaults.county.toLowerCase().replace(/\s+county$/, "").trim() : null) || null;
  return { region, level, ordinal, county };
}

const key = (description: CourtDescription, ordinal: string | null) =>
  `${description.region}|${description.level}|${ordinal ?? ""}|${description.county ?? ""}`;

// The registry's state courts under their descriptions. A registry court named in the plural ("District
// Courts of Harris County") stands for every numbered court of its kind there.
const INDEX = new Map<string, CourtRecord>();
for (const court of COURTS) {
  if (court.kind !== "us_state" || !court.region) continue;
  const description = describeCourtName(court.name, { region: court.region });
  if (!description.level || description.region !== court.region) continue;
  const plural = /\bcourts\b/i.test(court.name) && description.ordinal === null;
  INDEX.set(key(description, plural ? "*" : description.ordinal), court);
}

/**
 * The registry's state court a printed name designates, or null. `region` is the state to assume when the
 * name does not say (courts print "55th District Court" on their own state's pages), `county` the county the
 * page gives beside the court's name.
 */
export function stateCourtNamed(name: string | null | undefined, defaults: { region?: string | null; county?: string | null } = {}): CourtRecord | null {
  if (!name?.trim()) return null;
  return stateCourtDescribed(describeCourtName(name, defaults));
}

/** The registry's state court of a description (state, level, ordinal, county), or null. */
export function stateCourtDescribed(description: CourtDescription): CourtRecord | null {
  if (!description.region || !description.level) return null;
  return INDEX.get(key(description, description.ordinal)) ?? INDEX.get(key(description, "*")) ?? null;
}
