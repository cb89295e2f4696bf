// The district court an ACMS case comes from, as a registry code. ACMS names the lower court in the
// circuit's own wording: the Second Circuit in Bluebook style ("S.D.N.Y . (NEW YORK CITY)"), the Ninth by
// seat and district ("San Diego, Southern California"). A name is mapped only when it states the state
// and, for states with several districts, which one; anything else (agencies, bankruptcy courts, a state
// without its district) stays unmapped rather than guessed.
import { COURTS } from "@/lib/courts/registry";

/** Bluebook (T10) abbreviations of states and territories, as courts print them, spaces removed. */
const ABBREVIATIONS: Readonly<Record<string, string>> = {
  "ala.": "AL", alaska: "AK", "ariz.": "AZ", "ark.": "AR", "cal.": "CA", "calif.": "CA", "colo.": "CO",
  "conn.": "CT", "del.": "DE", "d.c.": "DC", "fla.": "FL", "ga.": "GA", guam: "GU", "haw.": "HI",
  idaho: "ID", "ill.": "IL", "ind.": "IN", iowa: "IA", "kan.": "KS", "ky.": "KY", "la.": "LA", "me.": "ME",
  "md.": "MD", "mass.": "MA", "mich.": "MI", "minn.": "MN", "miss.": "MS", "mo.": "MO", "mont.": "MT",
  "neb.": "NE", "nev.": "NV", "n.h.": "NH", "n.j.": "NJ", "n.m.": "NM", "n.y.": "NY", "n.c.": "NC",
  "n.d.": "ND", "n.mar.i.": "MP", ohio: "OH", "okla.": "OK", "or.": "OR", "ore.": "OR", "pa.": "PA",
  "p.r.": "PR", "r.i.": "RI", "s.c.": "SC", "s.d.": "SD", "tenn.": "TN", "tex.": "TX", utah: "UT",
  "vt.": "VT", "v.i.": "VI", "va.": "VA", "wash.": "WA", "w.va.": "WV", "wis.": "WI", "wyo.": "WY",
};

const DIRECTIONS: Readonly<Record<string, string>> = {
  n: "Northern", s: "Southern", e: "Eastern", w: "Western", c: "Central", m: "Middle",
};

interface District {
  code: string;
  region: string;
  /** "Northern", "Southern", ... or "" for a state that is one district. */
  label: string;
}

// The registry's district courts, and the state names their registry names end with ("... District of
// California", "District Court of Guam"), so the words the courts use can be matched to them.
const DISTRICTS: readonly District[] = COURTS.filter((court) => court.kind === "us_district" && court.region).map(
  (court) => ({
    code: court.court_code,
    region: court.region!,
    label: /\b(Northern|Southern|Eastern|Western|Central|Middle) District\b/.exec(court.name)?.[1] ?? "",
  }),
);

const STATE_NAMES: ReadonlyArray<readonly [name: string, region: string]> = COURTS.filter(
  (court) => court.kind === "us_district" && court.region,
)
  .map((court) => [court.name.split(/ (?:of|for) (?:the )?/).pop() ?? "", court.region!] as const)
  // Longest first, so "West Virginia" is found before "Virginia".
  .sort((a, b) => b[0].length - a[0].length);

function district(region: string, label: string): string {
  const candidates = DISTRICTS.filter((entry) => entry.region === region);
  // A state with one district needs no direction; a direction it lacks, or a missing one where there are
  // several districts, leaves the court unknown.
  const match = label === "" ? (candidates.length === 1 ? candidates[0] : undefined) : candidates.find((entry) => entry.label === label);
  return match?.code ?? "";
}

function fromBluebook(name: string): string {
  const compact = name.toLowerCase().replace(/\s+/g, "");
  const match = /(?:^|[^a-z.])(?:([nsewcm])\.)?d\.([a-z.]+?)(?=$|[^a-z.])/.exec(compact);
  if (!match) return "";
  const region = ABBREVIATIONS[match[2]!];
  return region ? district(region, match[1] ? DIRECTIONS[match[1]]! : "") : "";
}

function fromWords(name: string): string {
  for (const [state, region] of STATE_NAMES) {
    if (!state) continue;
    const directed = new RegExp(`\\b(Northern|Southern|Eastern|Western|Central|Middle)\\s+(?:District\\s+of\\s+)?${state}\\b`, "i").exec(name);
    if (directed) return district(region, directed[1]![0]!.toUpperCase() + directed[1]!.slice(1).toLowerCase());
    // "District of Oregon", or a seat and a one-district state ("Anchorage, Alaska").
    if (new RegExp(`(?:\\bDistrict\\s+of\\s+|,\\s*|^)${state}\\s*$|\\bDistrict\\s+of\\s+${state}\\b`, "i").test(name)) {
      return district(region, "");
    }
  }
  return "";
}

/** The registry code of the district court an ACMS court name designates, or "" when it is not reliable. */
export function originatingCourtCode(name: string | null | undefined): string {
  const text = (name ?? "").trim();
  if (!text || /\bbankruptcy\b/i.test(text)) return "";
  return fromBluebook(text) || fromWords(text);
}

/** The region (state or territory) of a registry court code, for finding the circuit. */
export function regionOfCourt(code: string): string | null {
  return DISTRICTS.find((entry) => entry.code === code)?.region ?? null;
}

/** The region a place name ends with ("San Francisco Northern California" → CA), or null. */
export function regionOfPlace(name: string | null | undefined): string | null {
  const text = (name ?? "").trim();
  if (!text) return null;
  const code = originatingCourtCode(text);
  if (code) return regionOfCourt(code);
  for (const [state, region] of STATE_NAMES) {
    if (state && new RegExp(`\\b${state}\\s*$`, "i").test(text)) return region;
  }
  return null;
}
