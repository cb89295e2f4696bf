// Source dates → the API's forms: calendar dates (YYYY-MM-DD) for case and party dates, and ISO-8601
// timestamps with the court's offset for docket entries. Sources give court-local dates and times
// (CM/ECF: "11/16/2026"; feeds: "2026-11-16T11:20"), or instants with an offset.
import { latestZonedInstant, zonedTimeToIso, type LocalTime } from "../zoned-time";

export class UnreadableSourceDate extends Error {
  constructor(value: string) {
    super(`unreadable date from the source: "${value}"`);
    this.name = "UnreadableSourceDate";
  }
}

interface Parsed extends LocalTime {
  /** Present when the source gave an offset: the value is an instant, kept as given. */
  withOffset?: string;
  /** Whether the source wrote the seconds (a time without them stands for any moment of that minute). */
  withSeconds?: boolean;
}

const ISO_WITH_OFFSET = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i;
const ISO_LOCAL = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?$/;
const US_LOCAL = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:\s+(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([ap]\.?m\.?)?)?$/i;

function parse(value: string): Parsed {
  const text = value.trim();
  let match = ISO_WITH_OFFSET.exec(text);
  if (match) {
    const [, y, mo, d, h, mi, s, zone] = match;
    const offset = zone!.toUpperCase() === "Z" ? "Z" : zone!.replace(/^([+-]\d{2})(\d{2})$/, "$1:$2");
    return checked(text, { year: +y!, month: +mo!, day: +d!, hour: +h!, minute: +mi!, second: s ? +s : 0, withOffset: offset, withSeconds: s !== undefined });
  }
  match = ISO_LOCAL.exec(text);
  if (match) {
    const [, y, mo, d, h, mi, s] = match;
    return checked(text, { year: +y!, month: +mo!, day: +d!, ...(h ? { hour: +h, minute: +mi!, second: s ? +s : 0, withSeconds: s !== undefined } : {}) });
  }
  match = US_LOCAL.exec(text);
  if (match) {
    const [, mo, d, y, h, mi, s, meridiem] = match;
    let hour = h === undefined ? undefined : +h;
    if (hour !== undefined && meridiem) {
      const pm = meridiem.toLowerCase().startsWith("p");
      // A 12-hour clock reads 1–12 ("00:05 AM" is midnight as some systems write it); "00:05 PM" or "13:05 AM"
      // contradict themselves, and guessing either way could date an entry half a day off.
      if (hour > 12 || (hour === 0 && pm)) throw new UnreadableSourceDate(value);
      if (hour === 12) hour = pm ? 12 : 0;
      else if (pm) hour += 12;
    }
    return checked(text, {
      year: +y!,
      month: +mo!,
      day: +d!,
      ...(hour === undefined ? {} : { hour, minute: +mi!, second: s ? +s : 0, withSeconds: s !== undefined }),
    });
  }
  throw new UnreadableSourceDate(value);
}

function checked(text: string, parsed: Parsed): Parsed {
  const probe = new Date(Date.UTC(parsed.year, parsed.month - 1, parsed.day));
  // An offset past ±23:59 is no instant (Date.parse refuses it): refused here, not handed on.
  const offset = /^[+-](\d{2}):(\d{2})$/.exec(parsed.withOffset ?? "");
  const valid =
    (offset === null || (Number(offset[1]) < 24 && Number(offset[2]) < 60)) &&
    probe.getUTCFullYear() === parsed.year &&
    probe.getUTCMonth() === parsed.month - 1 &&
    probe.getUTCDate() === parsed.day &&
    (parsed.hour ?? 0) < 24 &&
    (parsed.minute ?? 0) < 60 &&
    (parsed.second ?? 0) < 60;
  if (!valid) throw new UnreadableSourceDate(text);
  return parsed;
}

const pad = (value: number) => String(value).padStart(2, "0");

/** ISO-8601 timestamp with offset; a date alone is midnight in the court's zone. */
export function toTimestamp(value: string, zone: string): string {
  const parsed = parse(value);
  if (parsed.withOffset) {
    const time = `${pad(parsed.hour!)}:${pad(parsed.minute!)}:${pad(parsed.second ?? 0)}`;
    return `${parsed.year}-${pad(parsed.month)}-${pad(parsed.day)}T${time}${parsed.withOffset}`;
  }
  return zonedTimeToIso(parsed, zone);
}

/** ISO-8601 calendar date, as the court wrote it (the local date). */
export function toCalendarDate(value: string): string {
  const parsed = parse(value);
  return `${parsed.year}-${pad(parsed.month)}-${pad(parsed.day)}`;
}

export function toOptionalCalendarDate(value: string | null | undefined): string | null {
  return value === null || value === undefined || value.trim() === "" ? null : toCalendarDate(value);
}

/**
 * The latest instant a source date allows (ISO-8601): a date alone is the last millisecond of that day in
 * the court's zone (an entry "entered 11/16/2026" may have been entered at any time that day), a time
 * without seconds the last millisecond of that minute ("[Entered: 11/16/2026 02:03 PM]"), a time with
 * seconds the last of that second (fractions are not kept); a wall time the clocks show twice (fall back) its
 * second occurrence. Change detection takes it as the moment an
 * entry appeared, so that no agent is told to skip past a filing it has not seen.
 */
export function toLatestTimestamp(value: string, zone: string): string {
  const parsed = parse(value);
  if (parsed.withOffset || parsed.hour !== undefined) {
    // A wall time in the hour the clocks go back may be its second occurrence: the later one is the latest.
    const start = parsed.withOffset ? Date.parse(toTimestamp(value, zone)) : latestZonedInstant(parsed, zone);
    return new Date(start + (parsed.withSeconds ? 999 : 59_999)).toISOString();
  }
  const nextDay = new Date(Date.UTC(parsed.year, parsed.month - 1, parsed.day + 1));
  const startOfNextDay = zonedTimeToIso(
    { year: nextDay.getUTCFullYear(), month: nextDay.getUTCMonth() + 1, day: nextDay.getUTCDate() },
    zone,
  );
  return new Date(Date.parse(startOfNextDay) - 1).toISOString();
}
