// US federal courts: PACER's CM/ECF court codes (every district, every bankruptcy system, the courts of
// appeals and the national courts, as PACER lists them; codes and meanings unchanged since 2.0), then the
// federal courts PACER does not serve, from courts-db (the Supreme Court, the Tax Court, the military and
// foreign-intelligence courts). Compact tables, so a missing or misspelt district is easy to see.
import type { CourtEntry } from "./court-entry";

/** Courts polled every 900 s instead of 3600 s: the busiest commercial and appellate dockets. */
const PRIORITY = new Set(["nysd", "dcd", "cand", "txsd", "deb", "nysb", "txsb", "ca9", "cadc", "scotus"]);

type DistrictRow = readonly [code: string, label: string];

// [state or territory code, name as used in "District of …", districts as [code, label]]. A label of ""
// means the state is one district ("District of Alaska").
const STATES: ReadonlyArray<readonly [region: string, name: string, districts: readonly DistrictRow[]]> = [
  ["AL", "Alabama", [["alnd", "Northern"], ["almd", "Middle"], ["alsd", "Southern"]]],
  ["AK", "Alaska", [["akd", ""]]],
  ["AZ", "Arizona", [["azd", ""]]],
  ["AR", "Arkansas", [["ared", "Eastern"], ["arwd", "Western"]]],
  ["CA", "California", [["cand", "Northern"], ["caed", "Eastern"], ["cacd", "Central"], ["casd", "Southern"]]],
  ["CO", "Colorado", [["cod", ""]]],
  ["CT", "Connecticut", [["ctd", ""]]],
  ["DE", "Delaware", [["ded", ""]]],
  ["DC", "Columbia", [["dcd", ""]]],
  ["FL", "Florida", [["flnd", "Northern"], ["flmd", "Middle"], ["flsd", "Southern"]]],
  ["GA", "Georgia", [["gand", "Northern"], ["gamd", "Middle"], ["gasd", "Southern"]]],
  ["GU", "Guam", [["gud", ""]]],
  ["HI", "Hawaii", [["hid", ""]]],
  ["ID", "Idaho", [["idd", ""]]],
  ["IL", "Illinois", [["ilnd", "Northern"], ["ilcd", "Central"], ["ilsd", "Southern"]]],
  ["IN", "Indiana", [["innd", "Northern"], ["insd", "Southern"]]],
  ["IA", "Iowa", [["iand", "Northern"], ["iasd", "Southern"]]],
  ["KS", "Kansas", [["ksd", ""]]],
  ["KY", "Kentucky", [["kyed", "Eastern"], ["kywd", "Western"]]],
  ["LA", "Louisiana", [["laed", "Eastern"], ["lamd", "Middle"], ["lawd", "Western"]]],
  ["ME", "Maine", [["med", ""]]],
  ["MD", "Maryland", [["mdd", ""]]],
  ["MA", "Massachusetts", [["mad", ""]]],
  ["MI", "Michigan", [["mied", "Eastern"], ["miwd", "Western"]]],
  ["MN", "Minnesota", [["mnd", ""]]],
  ["MS", "Mississippi", [["msnd", "Northern"], ["mssd", "Southern"]]],
  ["MO", "Missouri", [["moed", "Eastern"], ["mowd", "Western"]]],
  ["MT", "Montana", [["mtd", ""]]],
  ["NE", "Nebraska", [["ned", ""]]],
  ["NV", "Nevada", [["nvd", ""]]],
  ["NH", "New Hampshire", [["nhd", ""]]],
  ["NJ", "New Jersey", [["njd", ""]]],
  ["NM", "New Mexico", [["nmd", ""]]],
  ["NY", "New York", [["nynd", "Northern"], ["nyed", "Eastern"], ["nysd", "Southern"], ["nywd", "Western"]]],
  ["NC", "North Carolina", [["nced", "Eastern"], ["ncmd", "Middle"], ["ncwd", "Western"]]],
  ["ND", "North Dakota", [["ndd", ""]]],
  ["MP", "the Northern Mariana Islands", [["nmid", ""]]],
  ["OH", "Ohio", [["ohnd", "Northern"], ["ohsd", "Southern"]]],
  ["OK", "Oklahoma", [["oknd", "Northern"], ["oked", "Eastern"], ["okwd", "Western"]]],
  ["OR", "Oregon", [["ord", ""]]],
  ["PA", "Pennsylvania", [["paed", "Eastern"], ["pamd", "Middle"], ["pawd", "Western"]]],
  ["PR", "Puerto Rico", [["prd", ""]]],
  ["RI", "Rhode Island", [["rid", ""]]],
  ["SC", "South Carolina", [["scd", ""]]],
  ["SD", "South Dakota", [["sdd", ""]]],
  ["TN", "Tennessee", [["tned", "Eastern"], ["tnmd", "Middle"], ["tnwd", "Western"]]],
  ["TX", "Texas", [["txnd", "Northern"], ["txed", "Eastern"], ["txsd", "Southern"], ["txwd", "Western"]]],
  ["UT", "Utah", [["utd", ""]]],
  ["VT", "Vermont", [["vtd", ""]]],
  ["VI", "the Virgin Islands", [["vid", ""]]],
  ["VA", "Virginia", [["vaed", "Eastern"], ["vawd", "Western"]]],
  ["WA", "Washington", [["waed", "Eastern"], ["wawd", "Western"]]],
  ["WV", "West Virginia", [["wvnd", "Northern"], ["wvsd", "Southern"]]],
  ["WI", "Wisconsin", [["wied", "Eastern"], ["wiwd", "Western"]]],
  ["WY", "Wyoming", [["wyd", ""]]],
];

/** Territorial district courts (Article IV): their bankruptcy divisions run a CM/ECF of their own. */
const TERRITORIAL = new Map([
  ["gud", "District Court of Guam"],
  ["nmid", "District Court for the Northern Mariana Islands"],
  ["vid", "District Court of the Virgin Islands"],
]);

const BANKRUPTCY_NOTE =
  "A number printed without its division (10-22146) needs it: the full number on the docket report starts with it " +
  "(2:10-bk-22146); office-style numbers (8-10-70959) are accepted.";

/** Case ids people copy from PACER carry extras: judge initials, a defendant number, capitals. */
const FEDERAL_NOTE =
  "Case id is division:yy-type-nnnnn (e.g. 1:23-cv-04567). Judge initials or a defendant number after it " +
  "(1:23-cv-04567-LAK, 1:22-cr-00123-1) and capital letters are accepted and removed.";

const cadence = (code: string) => (PRIORITY.has(code) ? 900 : 3600);

function districtPhrase(name: string, label: string): string {
  return label === "" ? `District of ${name}` : `${label} District of ${name}`;
}

type FederalFields = Pick<CourtEntry, "court_code" | "name" | "kind" | "region" | "level" | "system" | "format" | "coverage" | "notes">;

function federal(fields: FederalFields, courtsDbId: string | null = null): CourtEntry {
  const planned = fields.coverage === "planned";
  return {
    ...fields,
    jurisdiction_country: "US",
    language: "en",
    refresh_cadence_seconds: planned ? null : cadence(fields.court_code),
    source: courtsDbId ? "courts-db" : "pacer",
    courts_db_id: courtsDbId,
  };
}

function districtCourts(): CourtEntry[] {
  return STATES.flatMap(([region, name, districts]) =>
    districts.map(([code, label]) => {
      const territorial = TERRITORIAL.get(code);
      return federal({
        court_code: code,
        name: territorial ?? `U.S. District Court for the ${districtPhrase(name, label)}`,
        kind: "us_district",
        region,
        level: "gjc",
        system: "CM/ECF",
        format: "district",
        coverage: "full",
        notes: territorial ? `${FEDERAL_NOTE} Its bankruptcy division has its own code (${code.slice(0, -1)}b).` : FEDERAL_NOTE,
      });
    }),
  );
}

function bankruptcyCourts(): CourtEntry[] {
  return STATES.flatMap(([region, name, districts]) =>
    districts.map(([districtCode, label]) => {
      const territorial = TERRITORIAL.get(districtCode);
      const arkansas = region === "AR" ? " One bankruptcy court serves both Arkansas districts; each district keeps its own system (areb, arwb)." : "";
      return federal({
        court_code: `${districtCode.slice(0, -1)}b`,
        name: territorial ? `${territorial}, Bankruptcy Division` : `U.S. Bankruptcy Court for the ${districtPhrase(name, label)}`,
        kind: "us_bankruptcy",
        region,
        level: "ljc",
        system: "CM/ECF",
        format: "bankruptcy",
        coverage: "full",
        notes: `${FEDERAL_NOTE} ${BANKRUPTCY_NOTE}${arkansas}`,
      });
    }),
  );
}

export const CIRCUITS: ReadonlyArray<readonly [code: string, name: string]> = [
  ["ca1", "First Circuit"], ["ca2", "Second Circuit"], ["ca3", "Third Circuit"], ["ca4", "Fourth Circuit"],
  ["ca5", "Fifth Circuit"], ["ca6", "Sixth Circuit"], ["ca7", "Seventh Circuit"], ["ca8", "Eighth Circuit"],
  ["ca9", "Ninth Circuit"], ["ca10", "Tenth Circuit"], ["ca11", "Eleventh Circuit"],
  ["cadc", "District of Columbia Circuit"], ["cafc", "Federal Circuit"],
];

/** Circuits on the Appellate Case Management System instead of CM/ECF (../shared/notes/court-systems.md §2). */
const ACMS_CIRCUITS = new Set(["ca2", "ca9"]);

const APPELLATE_NOTE = "Case id is yy-n to yy-nnnnn (22-12696). The clerk's team letters after it (22-12696-DD) are accepted and removed.";

function appellateCourts(): CourtEntry[] {
  return CIRCUITS.map(([code, name]) =>
    federal({
      court_code: code,
      name: `U.S. Court of Appeals for the ${name}`,
      kind: "us_appellate",
      region: null,
      level: "iac",
      // The Second and Ninth Circuits moved to ACMS, which links documents by entry, not by a docs1 id.
      system: ACMS_CIRCUITS.has(code) ? "ACMS" : "CM/ECF Appellate",
      format: "appellate",
      coverage: "full",
      notes: APPELLATE_NOTE,
    }),
  );
}

const BAP_NOTE =
  "Appeals from bankruptcy courts of the circuit whose districts consented to BAP review. Case ids may carry the " +
  "panel's district prefix (CC-22-1180, MB 24-012) or not (15-1074).";

function national(code: string, name: string, fields: Partial<FederalFields>, courtsDbId: string | null = null): CourtEntry {
  return federal(
    { court_code: code, name, kind: "us_national", region: null, level: "ljc", system: "CM/ECF", format: "district", coverage: "full", notes: null, ...fields },
    courtsDbId,
  );
}

function nationalCourts(): CourtEntry[] {
  const bap = (code: string, circuit: string) =>
    national(code, `U.S. Bankruptcy Appellate Panel of the ${circuit} Circuit`, { level: "iac", system: "CM/ECF Appellate", format: "bap", notes: BAP_NOTE });
  return [
    national("cit", "U.S. Court of International Trade", {}),
    national("cofc", "U.S. Court of Federal Claims", {}),
    national("jpml", "Judicial Panel on Multidistrict Litigation", {
      format: "mdl",
      coverage: "partial",
      notes: "Case id is the MDL number (MDL-nnnn). Member cases are listed as cross_references; their own dockets are in the transferee district court.",
    }),
    national("cavc", "U.S. Court of Appeals for Veterans Claims", {
      level: "iac",
      system: "CM/ECF Appellate",
      format: "appellate",
      coverage: "partial",
      notes: "Record-of-proceedings documents are not linked: access is restricted to the parties.",
    }),
    bap("bap1", "First"), bap("bap6", "Sixth"), bap("bap8", "Eighth"), bap("bap9", "Ninth"), bap("bap10", "Tenth"),
  ];
}

/** Federal courts outside PACER, from courts-db (their ids are their codes). */
function otherFederalCourts(): CourtEntry[] {
  const planned = (code: string, name: string, level: CourtEntry["level"]) =>
    national(code, name, { level, system: null, format: null, coverage: "planned", notes: null }, code);
  return [
    national(
      "scotus",
      "Supreme Court of the United States",
      {
        level: "colr",
        system: "Supreme Court of the United States docket",
        format: "scotus",
        notes: "Docket numbers yy-nnnn (petitions and appeals; in forma pauperis cases from yy-5001), applications yyAnnnn, original actions yyOnnn.",
      },
      "scotus",
    ),
    planned("tax", "United States Tax Court", "ljc"),
    planned("armfor", "United States Court of Appeals for the Armed Forces", "iac"),
    planned("acca", "U.S. Army Court of Criminal Appeals", "iac"),
    planned("afcca", "U.S. Air Force Court of Criminal Appeals", "iac"),
    planned("nmcca", "U.S. Navy-Marine Corps Court of Criminal Appeals", "iac"),
    planned("uscgcoca", "U.S. Coast Guard Court of Criminal Appeals", "iac"),
    planned("fisc", "United States Foreign Intelligence Surveillance Court", "ljc"),
    planned("fiscr", "United States Foreign Intelligence Surveillance Court of Review", "iac"),
    planned("atrc", "Alien Terrorist Removal Court", "ljc"),
  ];
}

export function federalCourts(): CourtEntry[] {
  return [...districtCourts(), ...bankruptcyCourts(), ...appellateCourts(), ...nationalCourts(), ...otherFederalCourts()];
}
