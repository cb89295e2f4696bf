// CM/ECF prints dates as mm/dd/yyyy, and on older bankruptcy and adversary headers as mm/dd/yy. The readers
// hand on ISO calendar dates so that no later step has to guess the century.

const US_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4}|\d{2})$/;
const US_DATE_IN_TEXT = /\b(\d{1,2})\/(\d{1,2})\/(\d{4}|\d{2})\b/;

/** Two-digit years: CM/ECF has no cases filed before 1970 under a two-digit year, nor after 2069 yet. */
function fullYear(year: string): number {
  const value = Number(year);
  return year.length === 4 ? value : value >= 70 ? 1900 + value : 2000 + value;
}

const DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function iso(month: string, day: string, year: string): string | null {
  const y = fullYear(year);
  const m = Number(month);
  const d = Number(day);
  const leap = y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
  if (m < 1 || m > 12 || d < 1 || d > (m === 2 && !leap ? 28 : DAYS[m - 1]!)) return null;
  return `${y}-${m < 10 ? "0" : ""}${m}-${d < 10 ? "0" : ""}${d}`;
}

/** `01/10/2008` or `08/31/09` (the whole text, spaces aside) → `2008-01-10`; anything else → null. */
export function usDateToIso(text: string | null | undefined): string | null {
  const match = US_DATE.exec((text ?? "").trim());
  return match ? iso(match[1]!, match[2]!, match[3]!) : null;
}

/** The first mm/dd/yy(yy) date inside a text, as ISO; or null. */
export function firstUsDateIn(text: string | null | undefined): string | null {
  const match = US_DATE_IN_TEXT.exec(text ?? "");
  return match ? iso(match[1]!, match[2]!, match[3]!) : null;
}
