// The time zone a court keeps its docket in. Sources often give a local date (CM/ECF docket reports)
// or a local time without offset; normalization turns those into ISO-8601 with the court's offset on
// that day (daylight saving included). A court's seat decides where a state spans several zones.
import type { CourtRecord } from "./types";

const BY_REGION: Readonly<Record<string, string>> = {
  AL: "America/Chicago", AK: "America/Anchorage", AZ: "America/Phoenix", AR: "America/Chicago",
  CA: "America/Los_Angeles", CO: "America/Denver", CT: "America/New_York", DE: "America/New_York",
  DC: "America/New_York", FL: "America/New_York", GA: "America/New_York", GU: "Pacific/Guam",
  HI: "Pacific/Honolulu", ID: "America/Boise", IL: "America/Chicago", IN: "America/Indiana/Indianapolis",
  IA: "America/Chicago", KS: "America/Chicago", KY: "America/New_York", LA: "America/Chicago",
  ME: "America/New_York", MD: "America/New_York", MA: "America/New_York", MI: "America/Detroit",
  MN: "America/Chicago", MS: "America/Chicago", MO: "America/Chicago", MT: "America/Denver",
  NE: "America/Chicago", NV: "America/Los_Angeles", NH: "America/New_York", NJ: "America/New_York",
  NM: "America/Denver", NY: "America/New_York", NC: "America/New_York", ND: "America/Chicago",
  MP: "Pacific/Saipan", OH: "America/New_York", OK: "America/Chicago", OR: "America/Los_Angeles",
  PA: "America/New_York", PR: "America/Puerto_Rico", RI: "America/New_York", SC: "America/New_York",
  SD: "America/Chicago", TN: "America/Chicago", TX: "America/Chicago", UT: "America/Denver",
  VT: "America/New_York", VI: "America/St_Thomas", VA: "America/New_York", WA: "America/Los_Angeles",
  WV: "America/New_York", WI: "America/Chicago", WY: "America/Denver",
  AS: "Pacific/Pago_Pago",
  // Canada
  QC: "America/Toronto", ON: "America/Toronto", BC: "America/Vancouver", NB: "America/Moncton",
  AB: "America/Edmonton", MB: "America/Winnipeg", NL: "America/St_Johns", NS: "America/Halifax",
  NT: "America/Yellowknife", NU: "America/Iqaluit", PE: "America/Halifax", SK: "America/Regina",
  YT: "America/Whitehorse",
};

/** Courts whose seat is not in their region's main zone, and courts without a region. */
const BY_COURT: Readonly<Record<string, string>> = {
  tned: "America/New_York", // Knoxville
  tneb: "America/New_York",
  texapp8: "America/Denver", // El Paso keeps Mountain time
  ca1: "America/New_York", ca2: "America/New_York", ca3: "America/New_York", ca4: "America/New_York",
  ca5: "America/Chicago", ca6: "America/New_York", ca7: "America/Chicago", ca8: "America/Chicago",
  ca9: "America/Los_Angeles", ca10: "America/Denver", ca11: "America/New_York", cadc: "America/New_York",
  cafc: "America/New_York", cit: "America/New_York", cofc: "America/New_York", jpml: "America/New_York",
  cavc: "America/New_York", bap1: "America/New_York", bap6: "America/New_York", bap8: "America/Chicago",
  bap9: "America/Los_Angeles", bap10: "America/Denver",
  scc: "America/Toronto", fca: "America/Toronto", fct: "America/Toronto", tcc: "America/Toronto", cmac: "America/Toronto",
  scotus: "America/New_York", tax: "America/New_York", armfor: "America/New_York", acca: "America/New_York",
  afcca: "America/New_York", nmcca: "America/New_York", uscgcoca: "America/New_York", fisc: "America/New_York",
  fiscr: "America/New_York", atrc: "America/New_York",
};

export function courtTimezone(court: Pick<CourtRecord, "court_code" | "region">): string {
  return BY_COURT[court.court_code] ?? (court.region ? BY_REGION[court.region] : undefined) ?? "America/New_York";
}
