// Local wall-clock time in an IANA zone → ISO-8601 with that zone's offset at that moment, without a
// time-zone library: Intl tells the offset of an instant, and a second round settles the DST edges.

const formatters = new Map<string, Intl.DateTimeFormat>();
/** Offsets by zone and quarter hour: zones change offset on quarter hours at most, and a docket's entries share few. */
const offsets = new Map<string, number>();
const QUARTER_HOUR = 900_000;

function formatterFor(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

/** Offset of `zone` at the instant `utcMs`, in minutes east of UTC. */
function offsetMinutes(zone: string, utcMs: number): number {
  const key = `${zone}|${Math.floor(utcMs / QUARTER_HOUR)}`;
  const known = offsets.get(key);
  if (known !== undefined) return known;
  const parts = formatterFor(zone).formatToParts(new Date(utcMs));
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  const asUtc = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second"));
  const offset = Math.round((asUtc - Math.floor(utcMs / 1000) * 1000) / 60_000);
  if (offsets.size > 100_000) offsets.clear();
  offsets.set(key, offset);
  return offset;
}

function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? "-" : "+";
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
}

const pad = (value: number, width = 2) => String(value).padStart(width, "0");

function render(instantMs: number, offset: number): string {
  const shifted = new Date(instantMs + offset * 60_000);
  return (
    `${pad(shifted.getUTCFullYear(), 4)}-${pad(shifted.getUTCMonth() + 1)}-${pad(shifted.getUTCDate())}` +
    `T${pad(shifted.getUTCHours())}:${pad(shifted.getUTCMinutes())}:${pad(shifted.getUTCSeconds())}${formatOffset(offset)}`
  );
}

export interface LocalTime {
  year: number;
  month: number;
  day: number;
  hour?: number;
  minute?: number;
  second?: number;
}

/**
 * `2026-11-16T11:20:00-05:00` for 11:20 on 16 Nov 2026 in America/New_York. A wall time that does not
 * exist (spring-forward gap) moves forward by the gap; an ambiguous one (fall-back) takes the first.
 */
export function zonedTimeToIso(local: LocalTime, zone: string): string {
  const wall = Date.UTC(local.year, local.month - 1, local.day, local.hour ?? 0, local.minute ?? 0, local.second ?? 0);
  const first = offsetMinutes(zone, wall);
  let offset = offsetMinutes(zone, wall - first * 60_000);
  let instant = wall - offset * 60_000;
  if (offsetMinutes(zone, instant) !== offset) {
    // The wall time falls in a spring-forward gap: read it with the earlier offset, which lands after the gap.
    instant = wall - first * 60_000;
    offset = offsetMinutes(zone, instant);
  }
  return render(instant, offset);
}

/**
 * An instant rendered in a zone: 2026-11-16T16:20:00Z in New York → 2026-11-16T11:20:00-05:00. Milliseconds
 * are kept when there are any (`...T11:20:00.250-05:00`), so the rendering names the same instant.
 */
export function instantToZonedIso(instantMs: number, zone: string): string {
  const whole = Math.floor(instantMs / 1000) * 1000;
  const rendered = render(whole, offsetMinutes(zone, whole));
  const millis = instantMs - whole;
  return millis === 0 ? rendered : `${rendered.slice(0, 19)}.${String(millis).padStart(3, "0")}${rendered.slice(19)}`;
}

/**
 * The last instant (ms) at which the zone's clocks read this wall time: in the hour the clocks go back it
 * happens twice, and the second time is an hour after the one zonedTimeToIso names. Elsewhere the same instant
 * as zonedTimeToIso (a wall time in the spring-forward gap moves forward by the gap likewise).
 */
export function latestZonedInstant(local: LocalTime, zone: string): number {
  const wall = Date.UTC(local.year, local.month - 1, local.day, local.hour ?? 0, local.minute ?? 0, local.second ?? 0);
  let latest = Date.parse(zonedTimeToIso(local, zone));
  // The offsets in force a day either side: a zone changes its offset far less often than that.
  for (const offset of new Set([offsetMinutes(zone, wall - 86_400_000), offsetMinutes(zone, wall + 86_400_000)])) {
    const instant = wall - offset * 60_000;
    if (offsetMinutes(zone, instant) === offset && instant > latest) latest = instant;
  }
  return latest;
}
