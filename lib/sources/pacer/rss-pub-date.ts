// RSS `pubDate`s are RFC 822 dates ("Wed, 18 Apr 2018 00:09:55 GMT", "Fri, 03 Feb 2023 11:52:07 EST"):
// CM/ECF district and bankruptcy feeds give GMT, appellate feeds the court's zone by its abbreviation.
// Read as an instant, with the offset the feed stated.

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];

/** Offsets of the zone names RFC 822 allows, and the US ones courts print besides (Alaska, Hawaii, Atlantic). */
const ZONES: Readonly<Record<string, string>> = {
  GMT: "+00:00", UT: "+00:00", UTC: "+00:00", Z: "+00:00",
  EST: "-05:00", EDT: "-04:00", CST: "-06:00", CDT: "-05:00", MST: "-07:00", MDT: "-06:00",
  PST: "-08:00", PDT: "-07:00", AKST: "-09:00", AKDT: "-08:00", HST: "-10:00", AST: "-04:00", CHST: "+10:00",
};

const RFC_822 = /^(?:[a-z]{3},?\s+)?(\d{1,2})\s+([a-z]{3})[a-z]*\s+(\d{2,4})\s+(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([a-z]{1,5}|[+-]\d{4})?$/i;

const pad = (value: number) => String(value).padStart(2, "0");

/** `2018-04-18T00:09:55+00:00`, or null for a date that is not RFC 822 or names an unknown zone. */
export function rssTimeToIso(value: string | null | undefined): string | null {
  const match = RFC_822.exec((value ?? "").trim());
  if (!match) return null;
  const [, day, monthName, yearText, hour, minute, second, zoneText] = match;
  const month = MONTHS.indexOf(monthName!.toLowerCase()) + 1;
  // RFC 2822 4.3: a two-digit year 00-49 is 20xx, 50-99 is 19xx (not 2099, decades ahead of every feed).
  const year = yearText!.length === 2 ? (Number(yearText) < 50 ? 2000 : 1900) + Number(yearText) : Number(yearText);
  const zone = zoneText ?? "GMT";
  const offset = /^[+-]\d{4}$/.test(zone) ? `${zone.slice(0, 3)}:${zone.slice(3)}` : ZONES[zone.toUpperCase()];
  if (month === 0 || !offset || Number(offset.slice(1, 3)) > 23 || Number(offset.slice(4)) > 59) return null;
  // Every part on the calendar and the clock: Date.UTC would carry 30 February or second 75 over to what follows.
  const probe = new Date(Date.UTC(year, month - 1, Number(day), Number(hour), Number(minute), Number(second ?? 0)));
  if (probe.getUTCDate() !== Number(day) || probe.getUTCHours() !== Number(hour)) return null;
  if (probe.getUTCMinutes() !== Number(minute) || probe.getUTCSeconds() !== Number(second ?? 0)) return null;
  return `${year}-${pad(month)}-${pad(Number(day))}T${pad(Number(hour))}:${pad(Number(minute))}:${pad(Number(second ?? 0))}${offset}`;
}
