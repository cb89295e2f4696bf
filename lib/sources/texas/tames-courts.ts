// The courts a TAMES page names, as registry codes: the court the page belongs to (its `coa=` parameter:
// `coa01`..`coa15`, `coscca`, `cossup`, else its number's form), a court of appeals by its case number
// (`01-25-00011-CV` is the First's) or its printed name ("2nd Court of Appeals"), and the trial court by name
// and county ("55th District Court", Harris). A court the registry does not list has no code ("").
import { stateCourtDescribed, stateCourtNamed } from "../state-court-named";

const describe = (level: string, ordinal: string | null = null) => ({ region: "TX", level, ordinal, county: null });

/** Court-of-appeals numbers: `NN-YY-NNNNN-CV` / `-CR`; the first two digits are the court. */
export const COA_NUMBER = /^(\d{2})-\d{2}-\d{5}-[A-Z]{2}$/i;
/** Court of Criminal Appeals: `PD-0975-25`, `WR-82,851-01`, `AP-77,129`. */
export const CCA_NUMBER = /^(?:PD|WR|AP)-[\d,]+(?:-\d{2})?$/i;

/** The registry code of the court a page belongs to, or null when the registry does not list it. */
export function tamesCourtCode(courtParameter: string | null, caseNumber: string): string | null {
  const parameter = courtParameter?.toLowerCase() ?? "";
  const coa = /^coa(\d{1,2})$/.exec(parameter)?.[1] ?? COA_NUMBER.exec(caseNumber)?.[1];
  if (coa) return stateCourtDescribed(describe("appeals", String(Number(coa))))?.court_code ?? null;
  if (parameter === "coscca" || (!parameter && CCA_NUMBER.test(caseNumber))) return stateCourtDescribed(describe("criminal-appeals"))?.court_code ?? null;
  if (parameter === "cossup" || !parameter) return stateCourtDescribed(describe("supreme"))?.court_code ?? null;
  return null;
}

/** A court of appeals named by one of its case numbers: its code ("" when unlisted) and its name. */
export function courtOfAppealsOf(caseNumber: string): { code: string; name: string } | null {
  const number = COA_NUMBER.exec(caseNumber)?.[1];
  if (!number) return null;
  const ordinal = String(Number(number));
  const court = stateCourtDescribed(describe("appeals", ordinal));
  return { code: court?.court_code ?? "", name: court?.name ?? `${ordinalWord(Number(ordinal))} Court of Appeals` };
}

/** A court printed by name on a Texas page ("2nd Court of Appeals", "55th District Court" with its county). */
export function texasCourtNamed(name: string, county: string | null = null): string {
  return stateCourtNamed(name, { region: "TX", county })?.court_code ?? "";
}

function ordinalWord(n: number): string {
  const suffix = n % 100 >= 11 && n % 100 <= 13 ? "th" : ({ 1: "st", 2: "nd", 3: "rd" } as Record<number, string>)[n % 10] ?? "th";
  return `${n}${suffix}`;
}
