// CM/ECF pages write dates as MM/DD/YYYY (sometimes MM/DD/YY). The protocol readers return them as ISO
// `YYYY-MM-DD` calendar dates, with no time and no clock: a court date is a day, not an instant.

/** "06/09/2017" → "2017-06-09"; "N/A", blanks and impossible dates → null. Two-digit years: 70–99 → 19xx. */
export function usDateToIso(raw: string | null | undefined): string | null {
  const match = /^\s*(\d{1,2})\/(\d{1,2})\/(\d{4}|\d{2})\s*$/.exec(raw ?? "");
  if (!match) return null;
  const [, m, d, y] = match;
  const year = y!.length === 4 ? Number(y) : Number(y) + (Number(y) >= 70 ? 1900 : 2000);
  const month = Number(m);
  const day = Number(d);
  if (month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) return null;
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

function daysIn(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}
