// Which courts an ACIS case names, as registry codes: the court itself (its number says it: `SC2026-0703` the
// Supreme Court of Florida, `4D2026-0606` the Fourth District Court of Appeal) and the courts its originating
// cases come from ("Circuit Court for the Seventeenth Judicial Circuit, Broward County", "1st District Court of
// Appeal"; "Administrative Agency" names no court). A court the registry does not list has no code ("").
import { stateCourtDescribed, stateCourtNamed } from "../state-court-named";

/**
 * Florida appellate case numbers: `SC2026-0703`, `1D2022-0045` ... `6D2025-1515`, as ACIS numbers them, and the
 * two-digit year other papers print (`4D25-1311`), which names the court too. ACIS finds only the four-digit
 * form: the registry's pattern refuses the other as a query (scripts/registry/case-formats.ts).
 */
export const ACIS_NUMBER = /^(SC|[1-6]D)(\d{2}|\d{4})-(\d{1,5})$/i;

/** The registry code of the court an ACIS case number belongs to, or null when the registry does not list it. */
export function acisCourtCode(caseNumber: string): string | null {
  const prefix = ACIS_NUMBER.exec(caseNumber.trim())?.[1]?.toUpperCase();
  if (!prefix) return null;
  const description =
    prefix === "SC"
      ? { region: "FL", level: "supreme", ordinal: null, county: null }
      : { region: "FL", level: "appeals", ordinal: prefix.slice(0, 1), county: null };
  return stateCourtDescribed(description)?.court_code ?? null;
}

/** A court an originating case names; "" when the name is no court the registry lists. */
export function floridaCourtNamed(name: string): string {
  return stateCourtNamed(name, { region: "FL" })?.court_code ?? "";
}
