// Canadian courts: the federal courts and each province's and territory's courts (bilingual ones publish in
// English and French; Quebec's keep their records in French). Data: canada.json.
import rows from "./canada.json";
import { courtsOf } from "./registry-rows";

export const CANADIAN_COURTS = courtsOf(rows);
