// The shapes ACIS (Florida's appellate courts' public API, acis-api.flcourts.gov) answers in: JSON, lists as HAL
// (`_embedded.results` and `page{size, totalElements, totalPages, number}`), an empty list as `page` alone.
// Facts: ../shared/notes/court-systems.md §4.
import type { PageRefusal } from "../types";
import { zonedTimeToIso } from "../zoned-time";

export type Fields = Record<string, unknown>;

export const record = (value: unknown): Fields | null =>
  typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Fields) : null;
/**
 * A text field, its whitespace squeezed. A number is read as its digits: ACIS writes ids as strings ("courtID":
 * "5", "externalIdentifier": "1") and a serializer may write them as numbers, the same id.
 */
export const str = (value: unknown): string =>
  typeof value === "string" ? value.replace(/\s+/g, " ").trim() : typeof value === "number" && Number.isFinite(value) ? String(value) : "";
/** A list; an object alone is a list of one (a serializer may write a one-element list as its element). */
export const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : record(value) ? [value] : []);
/** A flag (`closedFlag`, `primaryFlag`): true or false, as a boolean or written "true"/"false"; null when neither. */
export const flag = (value: unknown): boolean | null => {
  if (typeof value === "boolean") return value;
  const text = str(value).toLowerCase();
  return text === "true" ? true : text === "false" ? false : null;
};

export const refuse = (reason: PageRefusal["reason"], message: string): PageRefusal => ({ kind: "refused", reason, message });

/** Where a page of a paged list sits: the caller fetches the next one while `number + 1 < totalPages`. */
export interface AcisPage {
  number: number;
  size: number;
  totalPages: number;
  totalElements: number;
}

/** The JSON of an ACIS answer, or why it is not one (an HTML error page, broken JSON). */
export function parseAcis(json: string, what: string): Fields | PageRefusal {
  let parsed: unknown;
  try {
    // A byte order mark is no part of the JSON (a saved answer may keep one).
    parsed = JSON.parse(json.replace(/^\uFEFF/, ""));
  } catch {
    return /^\s*</.test(json)
      ? refuse("not_a_docket", `an HTML page, not ACIS's JSON ${what}`)
      : refuse("unreadable", `not JSON: ACIS answers ${what} in JSON`);
  }
  const root = record(parsed);
  if (!root) return refuse("not_a_docket", `not ACIS's ${what}: the JSON is not an object`);
  // Spring's error body ({timestamp, status, error, path}) for a case the court does not have.
  if (typeof root.status === "number" && typeof root.error === "string") {
    return root.status === 404 ? refuse("case_not_found", `ACIS: ${root.error} (${str(root.path)})`) : refuse("error_page", `ACIS answered ${root.status} ${root.error}`);
  }
  return root;
}

export const isRefusal = <T extends object>(value: T | PageRefusal): value is PageRefusal => (value as PageRefusal).kind === "refused" && typeof (value as PageRefusal).reason === "string";

/**
 * The items of a HAL list and where its page sits; null when the JSON is no list at all, or when its page says
 * it holds items and none can be read (`_embedded.results` renamed: not an empty list, which is `page` alone).
 */
export function halList(root: Fields): { items: Fields[]; page: AcisPage | null } | null {
  const embedded = record(root._embedded);
  const page = record(root.page);
  if (!embedded && !page) return null;
  const items = list(embedded?.results).map(record).filter((item): item is Fields => item !== null);
  const number = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value : Number(str(value)) || 0);
  const where = page ? { number: number(page.number), size: number(page.size), totalPages: number(page.totalPages), totalElements: number(page.totalElements) } : null;
  if (where && items.length === 0 && where.totalElements > 0 && where.number < where.totalPages) return null;
  return { items, page: where };
}

/** A person or organization as ACIS names it: `partyActorInstance.displayName`. */
export function actorName(value: unknown): string {
  return str(record(record(value)?.partyActorInstance)?.displayName);
}

/** Florida's appellate courts sit in Eastern time (Tallahassee, Lakeland, Miami, West Palm Beach, Daytona Beach). */
export const FLORIDA_ZONE = "America/New_York";

// The offset as ISO 8601 allows it: `Z`, `+00:00`, `+0000`, or hours alone (`+00`, `-05`), as some serializers write it.
const WITH_OFFSET = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(?:Z|[+-]\d{2}(?::?\d{2})?)$/i;
const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?)?$/;

/** Whether the date (groups 1-3) is on the calendar and the time of day (groups 4-6, when given) on the clock. */
function onClock(parts: RegExpExecArray): boolean {
  const [year, month, day] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) return false;
  return Number(parts[4] ?? 0) <= 23 && Number(parts[5] ?? 0) <= 59 && Number(parts[6] ?? 0) <= 59;
}

/**
 * An ACIS time: an instant with its offset, as ACIS writes them ("2026-03-05T16:17:00.000+00:00"), in whatever
 * offset and to whatever fraction of a second; a time without an offset is the court's wall time and a bare
 * date the court's day, never the reading machine's (Date.parse would take either in the machine's own zone,
 * or at UTC midnight, the evening before in Florida).
 * Null when the value is none of these.
 */
export function acisTime(value: unknown): { instant: number } | { date: string } | null {
  const text = str(value);
  const stamped = WITH_OFFSET.exec(text);
  if (stamped) {
    // Date.parse rolls a day or hour that does not exist over (30 February → 2 March, 24:00 → the next day):
    // such a value is refused as the same value without an offset is.
    if (!onClock(stamped)) return null;
    const instant = Date.parse(text.replace(" ", "T").replace(/([+-]\d{2})$/, "$1:00"));
    return Number.isNaN(instant) ? null : { instant };
  }
  const wall = WALL_TIME.exec(text);
  if (!wall || !onClock(wall)) return null;
  const [year, month, day] = [Number(wall[1]), Number(wall[2]), Number(wall[3])];
  if (wall[4] === undefined) return { date: text };
  const local = { year, month, day, hour: Number(wall[4]), minute: Number(wall[5]), second: Number(wall[6] ?? 0) };
  const instant = Date.parse(zonedTimeToIso(local, FLORIDA_ZONE)) + Math.round(Number(`0.${wall[7] ?? 0}`) * 1000);
  return Number.isNaN(instant) ? null : { instant };
}
