// US state and territorial courts from Free Law Project's courts-db (../shared/reference/courts-db, BSD-2):
// one row per court that keeps its own docket. courts-db lists courts at several grains: a state's "Circuit
// Courts" and, under it (`parent`), each county's circuit court. The rows kept are the current courts
// (a date range without an end) that are leaves of that tree, since a row with current children is a grouping
// whose children number the cases. Left out: attorney-general opinion series, agencies and boards, courts
// courts-db has no type for, children of a grouping that ended, and the courts listed in EXCLUDED.
import { readFileSync } from "node:fs";
import type { CourtLevel } from "@/lib/courts/types";
import type { CourtEntry } from "./court-entry";

export interface CourtsDbCourt {
  id: string;
  name: string;
  system: string;
  type: string | null;
  level: string | null;
  location: string;
  parent?: string | null;
  dates: { start: string | null; end: string | null }[];
}

export const REGIONS: Readonly<Record<string, string>> = {
  Alabama: "AL", Alaska: "AK", "American Samoa": "AS", Arizona: "AZ", Arkansas: "AR", California: "CA", Colorado: "CO",
  Connecticut: "CT", Delaware: "DE", Florida: "FL", Georgia: "GA", Guam: "GU", Hawaii: "HI", Idaho: "ID", Illinois: "IL",
  Indiana: "IN", Iowa: "IA", Kansas: "KS", Kentucky: "KY", Louisiana: "LA", Maine: "ME", Maryland: "MD",
  Massachusetts: "MA", Michigan: "MI", Minnesota: "MN", Mississippi: "MS", Missouri: "MO", Montana: "MT",
  Nebraska: "NE", Nevada: "NV", "New Hampshire": "NH", "New Jersey": "NJ", "New Mexico": "NM", "New York": "NY",
  "North Carolina": "NC", "North Dakota": "ND", "Northern Mariana Islands": "MP", Ohio: "OH", Oklahoma: "OK",
  Oregon: "OR", Pennsylvania: "PA", "Puerto Rico": "PR", "Rhode Island": "RI", "South Carolina": "SC",
  "South Dakota": "SD", Tennessee: "TN", Texas: "TX", Utah: "UT", Vermont: "VT", "Virgin Islands": "VI",
  Virginia: "VA", Washington: "WA", "Washington D.C.": "DC", "West Virginia": "WV", Wisconsin: "WI", Wyoming: "WY",
};

/** Agencies, boards, legislatures and other bodies that courts-db lists beside the courts. */
const NOT_A_COURT =
  /\b(department|board|commission|commissioner|bureau|office|council|conference committee|house of representatives|state assembly|executive chamber|register of wills|recorder of|arbitration panels?)\b/i;

/** courts-db rows without an end date that are not current courts, or that duplicate another row. */
const EXCLUDED: Readonly<Record<string, string>> = {
  dakotasup: "Dakota Territory's court (1861–1889)",
  conncpct: "abolished 1978",
  gaoyertermct: "historical court",
  delgensess: "historical court",
  njoytermct: "historical court",
  njctpardons: "historical court",
  njspecstatct: "historical court",
  nyconct: "historical court",
  nycommnapp: "historical court (1870–1875)",
  cosuperctdenver: "abolished",
  michrecdetroit: "merged into the Third Circuit Court in 1997",
  michsuperctdetr: "historical court",
  michsuperctgrap: "historical court",
  nyimpct: "convened only for impeachments, keeps no docket",
  nyjudct: "replaced by the Commission on Judicial Conduct",
  deljudct: "convened only for removals, keeps no docket",
  texapp: "one row per court of appeals instead (texapp1 … texapp15)",
  pactcomplgreen: "misspelt duplicate of Greene County",
  pactcomplsunder: "misspelt duplicate of Snyder County",
  pactcomplsynder: "misspelt duplicate of Snyder County",
  pactcomplwycomi: "misspelt duplicate of Lycoming County",
  pactcomplharris: "Harrisburg is in Dauphin County, which has its own row",
};

/** Courts of the registry since 2.0 under codes of their own: their courts-db rows are those courts. */
export const EARLIER_CODES: Readonly<Record<string, string>> = {
  nysupctnewyork: "nysupnyc",
  nysupctkings: "nysupkings",
  delch: "dechancery",
  calsuppctla: "calasc",
  flacirct11mia: "flmiamidade",
  ohioctcl: "ohctclaims",
  tex: "txsupct",
  pa: "pasupct",
};

/** Courts of last resort that courts-db gives no level for and whose names do not say "Supreme". */
const LAST_RESORT = new Set(["md", "wash", "dc", "texcrimapp", "vi", "ny"]);

/**
 * Rows that stand for several courts which courts-db names in `sub_names` (or, for California's superior
 * courts, counts in `locations`): one row per named court, coded as courts-db codes children (its code
 * followed by the unit: flacirct1, kycirctadair).
 */
const UNITS: Readonly<Record<string, ReadonlyArray<readonly [suffix: string, label: string]>>> = {
  alacirct: Array.from({ length: 41 }, (_, index) => [`${index + 1}`, `${ordinal(index + 1)} Judicial Circuit`] as const),
  akdistct: ["First", "Second", "Third", "Fourth"].map((name, index) => [`${index + 1}`, `${name} Judicial District`] as const),
  aksuperct: ["First", "Second", "Third", "Fourth"].map((name, index) => [`${index + 1}`, `${name} Judicial District`] as const),
  arizctapp: [["1", "Division One"], ["2", "Division Two"]],
  hawcirct: [["oahu", "O'ahu"], ["maui", "Maui"], ["hawaii", "Hawai'i"], ["kauai", "Kaua'i"]],
  hawdistct: [["oahu", "O'ahu"], ["maui", "Maui"], ["hawaii", "Hawai'i"], ["kauai", "Kaua'i"]],
  hawfamct: [["oahu", "O'ahu"], ["maui", "Maui"], ["hawaii", "Hawai'i"], ["kauai", "Kaua'i"]],
  iddistct: Array.from({ length: 7 }, (_, index) => [`${index + 1}`, `${ordinal(index + 1)} Judicial District`] as const),
  delsuperct: [["kent", "Kent County"], ["newcas", "New Castle County"], ["sussex", "Sussex County"]],
  colwaterct: Array.from({ length: 7 }, (_, index) => [`${index + 1}`, `Water Division ${index + 1}`] as const),
  coldistct: Array.from({ length: 22 }, (_, index) => [`${index + 1}`, `${ordinal(index + 1)} Judicial District`] as const),
};

/** California's 58 counties: each county's superior court numbers its own cases (courts-db: calsuperct, 58 locations). */
const CALIFORNIA_COUNTIES = [
  "Alameda", "Alpine", "Amador", "Butte", "Calaveras", "Colusa", "Contra Costa", "Del Norte", "El Dorado", "Fresno",
  "Glenn", "Humboldt", "Imperial", "Inyo", "Kern", "Kings", "Lake", "Lassen", "Los Angeles", "Madera", "Marin",
  "Mariposa", "Mendocino", "Merced", "Modoc", "Mono", "Monterey", "Napa", "Nevada", "Orange", "Placer", "Plumas",
  "Riverside", "Sacramento", "San Benito", "San Bernardino", "San Diego", "San Francisco", "San Joaquin",
  "San Luis Obispo", "San Mateo", "Santa Barbara", "Santa Clara", "Santa Cruz", "Shasta", "Sierra", "Siskiyou",
  "Solano", "Sonoma", "Stanislaus", "Sutter", "Tehama", "Trinity", "Tulare", "Tuolumne", "Ventura", "Yolo", "Yuba",
];
/** The two counties courts-db lists under their own ids. */
const CALIFORNIA_LISTED: Readonly<Record<string, string>> = { "Los Angeles": "calsuppctla", "San Francisco": "calsuppctsf" };

function ordinal(n: number): string {
  const suffix = n % 100 >= 11 && n % 100 <= 13 ? "th" : ({ 1: "st", 2: "nd", 3: "rd" } as Record<number, string>)[n % 10] ?? "th";
  return `${n}${suffix}`;
}

/** courts-db ids that are PACER codes of other courts (PACER's `neb` is Nebraska's bankruptcy court). */
const TAKEN: Readonly<Record<string, string>> = { neb: "nebsupct" };

const isCurrent = (court: CourtsDbCourt) => court.dates.some((range) => range.end === null);

/** courts-db's level where it gives one; otherwise read from the court's type and name. */
export function levelOf(court: Pick<CourtsDbCourt, "id" | "level" | "type" | "name" | "parent">): CourtLevel {
  const level = court.level ?? "";
  if (LAST_RESORT.has(court.id)) return "colr";
  if (level === "colr" || level === "iac" || level === "gjc" || level === "ljc") return level;
  if (level.startsWith("gjc")) return "gjc";
  if (court.type === "appellate" || /\bappeals?\b|appellate/i.test(court.name)) {
    return /^(supreme|.*\bsupreme (judicial )?court\b(?!,))/i.test(court.name) && !court.parent ? "colr" : "iac";
  }
  return /\b(superior|circuit|district|common pleas|supreme)\b/i.test(court.name) ? "gjc" : "ljc";
}

export function readCourtsDb(file: string): CourtsDbCourt[] {
  return JSON.parse(readFileSync(file, "utf8")) as CourtsDbCourt[];
}

/** The Texas courts of appeals: courts-db has one row (texapp) for all fifteen, each numbering its own cases. */
const ORDINALS = ["First", "Second", "Third", "Fourth", "Fifth", "Sixth", "Seventh", "Eighth", "Ninth", "Tenth", "Eleventh", "Twelfth", "Thirteenth", "Fourteenth", "Fifteenth"];

export function stateCourts(courts: readonly CourtsDbCourt[]): CourtEntry[] {
  const current = courts.filter(isCurrent);
  const currentIds = new Set(current.map((court) => court.id));
  const hasCurrentChild = new Set(current.flatMap((court) => (court.parent ? [court.parent] : [])));
  const kept = current.filter(
    (court) =>
      (court.system === "state" || court.id === "prapp") &&
      REGIONS[court.location] !== undefined &&
      court.type !== "ag" &&
      Boolean(court.type) &&
      !(court.parent && !currentIds.has(court.parent)) &&
      !hasCurrentChild.has(court.id) &&
      !NOT_A_COURT.test(court.name) &&
      EXCLUDED[court.id] === undefined,
  );
  const entries = kept.flatMap((court) => {
    const row = (code: string, name: string): CourtEntry => ({
      court_code: code.toLowerCase(),
      name,
      jurisdiction_country: "US",
      language: court.location === "Puerto Rico" ? "bilingual" : "en",
      kind: "us_state",
      region: REGIONS[court.location]!,
      level: levelOf(court),
      system: null,
      format: null,
      coverage: "planned",
      refresh_cadence_seconds: null,
      notes: null,
      source: "courts-db",
      courts_db_id: court.id,
    });
    const units = UNITS[court.id];
    if (units) return units.map(([suffix, label]) => row(`${court.id}${suffix}`, `${court.name.trim().replace(/s$/, "")}, ${label}`));
    return [row(TAKEN[court.id] ?? court.id, court.name.trim())];
  });
  const superior = courts.find((court) => court.id === "calsuperct");
  const california = CALIFORNIA_COUNTIES.filter((county) => !CALIFORNIA_LISTED[county]).map(
    (county): CourtEntry => ({
      court_code: `calsuppct${county.toLowerCase().replace(/[^a-z]/g, "").slice(0, 7)}`,
      name: `Superior Court of California, County of ${county}`,
      jurisdiction_country: "US",
      language: "en",
      kind: "us_state",
      region: "CA",
      level: "gjc",
      system: null,
      format: null,
      coverage: "planned",
      refresh_cadence_seconds: null,
      notes: null,
      source: "courts-db",
      courts_db_id: superior?.id ?? "calsuperct",
    }),
  );
  const texasAppeals = ORDINALS.map(
    (ordinal, index): CourtEntry => ({
      court_code: `texapp${index + 1}`,
      name: `Court of Appeals for the ${ordinal} District of Texas`,
      jurisdiction_country: "US",
      language: "en",
      kind: "us_state",
      region: "TX",
      level: "iac",
      system: null,
      format: null,
      coverage: "planned",
      refresh_cadence_seconds: null,
      notes: null,
      source: "courts-db",
      courts_db_id: "texapp",
    }),
  );
  return [...entries, ...california, ...texasAppeals];
}
