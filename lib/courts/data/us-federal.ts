// Every current US federal court with its PACER / CM/ECF code: 94 district courts, the 94 bankruptcy
// CM/ECF systems (one per district: the Arkansas districts share one bankruptcy court but keep two systems,
// `areb` and `arwb`; the territorial courts of Guam, the Northern Mariana Islands and the Virgin Islands run
// bankruptcy divisions with their own systems), the 13 courts of appeals and the national courts. Built
// from compact tables so a missing or misspelt district is easy to see.
import type { CourtRecord } from "../types";

/** CM/ECF district and bankruptcy numbers: `division:yy-type-nnnnn`, e.g. 1:23-cv-04567. */
const DISTRICT_PATTERN = "^[0-9]:[0-9]{2}-[a-z]{2}-[0-9]{5}$";
const BANKRUPTCY_PATTERN = "^[0-9]:[0-9]{2}-(bk|ap|mp)-[0-9]{5}$";
/** CM/ECF appellate numbers: `yy-nnnnn` (four digits in some circuits). */
const APPELLATE_PATTERN = "^[0-9]{2}-[0-9]{4,5}$";

/** Courts polled every 900 s instead of 3600 s: the busiest commercial and appellate dockets. */
const PRIORITY = new Set(["nysd", "dcd", "cand", "txsd", "deb", "nysb", "txsb", "ca9", "cadc"]);

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

function cadence(code: string): number {
  return PRIORITY.has(code) ? 900 : 3600;
}

function districtPhrase(name: string, label: string): string {
  return label === "" ? `District of ${name}` : `${label} District of ${name}`;
}

/** A matching example per court, varied by code so examples are not all identical. */
function exampleNumber(code: string, type: string): string {
  let hash = 0;
  for (const char of code) hash = (hash * 31 + char.charCodeAt(0)) % 90_000;
  const division = (hash % 4) + 1;
  return `${division}:24-${type}-${String(hash + 10_000).padStart(5, "0").slice(-5)}`;
}

function districtCourts(): CourtRecord[] {
  return STATES.flatMap(([region, name, districts]) =>
    districts.map(([code, label]): CourtRecord => {
      const territorial = TERRITORIAL.get(code);
      return {
        court_code: code,
        name: territorial ?? `U.S. District Court for the ${districtPhrase(name, label)}`,
        jurisdiction_country: "US",
        language: "en",
        case_id_format: { pattern: DISTRICT_PATTERN, example: code === "nysd" ? "1:23-cv-04567" : exampleNumber(code, "cv") },
        coverage: "full",
        refresh_cadence_seconds: cadence(code),
        case_management_system: "CM/ECF",
        notes: territorial
          ? `${FEDERAL_NOTE} Its bankruptcy division has its own code (${code.slice(0, -1)}b).`
          : FEDERAL_NOTE,
        kind: "us_district",
        region,
      };
    }),
  );
}

function bankruptcyCourts(): CourtRecord[] {
  const courts: CourtRecord[] = [];
  for (const [region, name, districts] of STATES) {
    for (const [districtCode, label] of districts) {
      const code = `${districtCode.slice(0, -1)}b`;
      const territorial = TERRITORIAL.get(districtCode);
      const arkansas = region === "AR";
      courts.push({
        court_code: code,
        name: territorial ? `${territorial}, Bankruptcy Division` : `U.S. Bankruptcy Court for the ${districtPhrase(name, label)}`,
        jurisdiction_country: "US",
        language: "en",
        case_id_format: { pattern: BANKRUPTCY_PATTERN, example: exampleNumber(code, "bk") },
        coverage: "full",
        refresh_cadence_seconds: cadence(code),
        case_management_system: "CM/ECF",
        notes: `${FEDERAL_NOTE} ${BANKRUPTCY_NOTE}${
          arkansas ? " One bankruptcy court serves both Arkansas districts; each district keeps its own system (areb, arwb)." : ""
        }`,
        kind: "us_bankruptcy",
        region,
      });
    }
  }
  return courts;
}

const CIRCUITS: ReadonlyArray<readonly [code: string, name: string, example: string]> = [
  ["ca1", "First Circuit", "24-1033"],
  ["ca2", "Second Circuit", "24-1587"],
  ["ca3", "Third Circuit", "24-2210"],
  ["ca4", "Fourth Circuit", "24-1126"],
  ["ca5", "Fifth Circuit", "24-30126"],
  ["ca6", "Sixth Circuit", "24-5459"],
  ["ca7", "Seventh Circuit", "24-2043"],
  ["ca8", "Eighth Circuit", "24-1871"],
  ["ca9", "Ninth Circuit", "23-15678"],
  ["ca10", "Tenth Circuit", "24-6012"],
  ["ca11", "Eleventh Circuit", "24-10321"],
  ["cadc", "District of Columbia Circuit", "24-5104"],
  ["cafc", "Federal Circuit", "24-1452"],
];

/** Circuits on the Appellate Case Management System instead of CM/ECF (../shared/notes/court-systems.md §2). */
const ACMS_CIRCUITS = new Set(["ca2", "ca9"]);

function appellateCourts(): CourtRecord[] {
  return CIRCUITS.map(([code, name, example]) => ({
    court_code: code,
    name: `U.S. Court of Appeals for the ${name}`,
    jurisdiction_country: "US",
    language: "en",
    case_id_format: { pattern: APPELLATE_PATTERN, example },
    coverage: "full",
    refresh_cadence_seconds: cadence(code),
    // The Second and Ninth Circuits moved to ACMS, which links documents by entry, not by a docs1 id.
    case_management_system: ACMS_CIRCUITS.has(code) ? "ACMS" : "CM/ECF Appellate",
    notes: null,
    kind: "us_appellate",
    region: null,
  }));
}

function national(
  code: string,
  name: string,
  pattern: string,
  example: string,
  system: string,
  coverage: "full" | "partial",
  notes: string | null,
): CourtRecord {
  return {
    court_code: code,
    name,
    jurisdiction_country: "US",
    language: "en",
    case_id_format: { pattern, example },
    coverage,
    refresh_cadence_seconds: cadence(code),
    case_management_system: system,
    notes,
    kind: "us_national",
    region: null,
  };
}

const bapNote =
  "Appeals from bankruptcy courts of the circuit whose districts consented to BAP review. Case ids may carry the " +
  "panel's district prefix (CC-22-1180, MB 24-012) or not (15-1074).";
/** BAP numbers: `yy-nnnn`, often with the originating district's two letters in front. */
const BAP_PATTERN = "^([A-Z]{2}[- ])?[0-9]{2}-[0-9]{3,5}$";

function nationalCourts(): CourtRecord[] {
  return [
    national("cit", "U.S. Court of International Trade", DISTRICT_PATTERN, "1:24-cv-00123", "CM/ECF", "full", null),
    national("cofc", "U.S. Court of Federal Claims", DISTRICT_PATTERN, "1:24-cv-01234", "CM/ECF", "full", null),
    national(
      "jpml",
      "Judicial Panel on Multidistrict Litigation",
      "^MDL-[0-9]{1,4}$",
      "MDL-3047",
      "CM/ECF",
      "partial",
      "Case id is the MDL number (MDL-nnnn). Member cases are listed as cross_references; their own dockets are in the transferee district court.",
    ),
    national(
      "cavc",
      "U.S. Court of Appeals for Veterans Claims",
      APPELLATE_PATTERN,
      "18-3815",
      "CM/ECF Appellate",
      "partial",
      "Record-of-proceedings documents are not linked: access is restricted to the parties.",
    ),
    national("bap1", "U.S. Bankruptcy Appellate Panel of the First Circuit", BAP_PATTERN, "MB 24-012", "CM/ECF Appellate", "full", bapNote),
    national("bap6", "U.S. Bankruptcy Appellate Panel of the Sixth Circuit", BAP_PATTERN, "24-8012", "CM/ECF Appellate", "full", bapNote),
    national("bap8", "U.S. Bankruptcy Appellate Panel of the Eighth Circuit", BAP_PATTERN, "24-6021", "CM/ECF Appellate", "full", bapNote),
    national("bap9", "U.S. Bankruptcy Appellate Panel of the Ninth Circuit", BAP_PATTERN, "CC-22-1180", "CM/ECF Appellate", "full", bapNote),
    national("bap10", "U.S. Bankruptcy Appellate Panel of the Tenth Circuit", BAP_PATTERN, "CO-22-013", "CM/ECF Appellate", "full", bapNote),
  ];
}

export const US_FEDERAL_COURTS: readonly CourtRecord[] = [
  ...districtCourts(),
  ...bankruptcyCourts(),
  ...appellateCourts(),
  ...nationalCourts(),
];
