// Florida's ACIS API for the replay server, from the recorded real answers of ../shared/corpus/state/florida:
// `GET /courts` (the list of courts), `GET /courts/cms/cases/?caseNumber=` (the case search, a HAL list of
// case headers: the recorded case_info headers and every header of the recorded search pages),
// `GET /courts/{court}/cms/cases/{case}/docketentries` and `/parties` (paged, `page` and `size`; entries
// newest first, as recorded). A case known by its header whose parties or entries were not recorded answers
// an empty list (the replay cannot know them: tests of what a docket holds use wholeCases()), unless a test serves
// parties; a path or a
// case it does not know answers Spring's 404 body. A test can serve an earlier state of a docket (its newest entries not
// yet entered), entries or parties of another shape, a search that ignores its filter, and cap the page size (to make a short docket span several pages).
import { corpusFiles, corpusJson } from "../corpus";
import type { ReplayProtocol, ReplayRequest, ReplayResponse } from "./replay-server";

type Json = Record<string, unknown>;
type HalList = { _embedded?: { results?: Json[] }; page?: Json };

const json = (body: unknown, status = 200): ReplayResponse => ({ status, headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
const notFound = (path: string) => json({ timestamp: new Date().toISOString(), status: 404, error: "Not Found", path }, 404);

/** One page of a list, Spring's way (an empty list is its `page` alone). */
function page(items: Json[], number: number, size: number): Json {
  const totalPages = Math.ceil(items.length / size);
  const slice = items.slice(number * size, (number + 1) * size);
  const where = { size, totalElements: items.length, totalPages, number };
  return slice.length > 0 ? { _embedded: { results: slice }, page: where } : { page: where };
}

export class AcisReplay implements ReplayProtocol {
  /** Case number → its header, and case id → its number. */
  private readonly headers = new Map<string, Json>();
  private readonly numbers = new Map<string, string>();
  /** Case number → docket entries as recorded (newest first), and as served now. */
  private readonly recordedEntries = new Map<string, Json[]>();
  private readonly entries = new Map<string, Json[]>();
  /** Case number → parties a test serves (none recorded for the replayed cases). */
  private readonly parties = new Map<string, Json[]>();
  /** A search answer a test serves whatever number is asked (a search that ignores its filter), or null. */
  private searchAnswer: Json | null = null;
  private readonly courts: Json;
  /** A list of courts a test serves instead of the recorded one, or null. */
  private courtsAnswer: Json | null = null;
  /** Largest page served, whatever `size` asks (null: as asked). */
  pageCap: number | null = null;
  /** How long the list of courts takes to answer (ms). */
  courtsDelayMs = 0;

  constructor() {
    this.courts = corpusJson("state/florida/courts/courts.compare.json");
    for (const file of corpusFiles("state/florida/cases", ".compare.json")) {
      for (const item of corpusJson<HalList>(file)._embedded?.results ?? []) this.addHeader(item.caseHeader as Json);
    }
    // The full header (with the caption) where it was recorded.
    for (const file of corpusFiles("state/florida/case_info", ".compare.json")) this.addHeader(corpusJson<{ caseHeader: Json }>(file).caseHeader);
    for (const file of corpusFiles("state/florida/docket_entries", ".compare.json")) {
      const number = file.split("/").pop()!.replace(/\.compare\.json$/, "").toUpperCase();
      const list = corpusJson<HalList>(file);
      // Only a docket recorded whole is served (one page holding every entry).
      if (Number(list.page?.totalPages ?? 0) > 1) continue;
      this.recordedEntries.set(number, list._embedded?.results ?? []);
    }
    for (const [number, list] of this.recordedEntries) this.entries.set(number, list);
  }

  private addHeader(header: Json): void {
    const number = String(header.caseNumber ?? "").toUpperCase();
    if (!number) return;
    this.headers.set(number, header);
    this.numbers.set(String(header.caseInstanceUUID), number);
  }

  /** Case numbers with a header and a whole recorded docket: the ones an adapter can read end to end. */
  wholeCases(): string[] {
    return [...this.recordedEntries.keys()].filter((number) => this.headers.has(number));
  }

  /** Serves the docket as it stood before its `newest` entries were entered; 0 restores it. */
  withoutNewest(number: string, newest: number): void {
    this.entries.set(number.toUpperCase(), this.recordedEntries.get(number.toUpperCase())!.slice(newest));
  }

  /** Serves these items as the docket's entries (a changed layout), newest first; null restores the recorded ones. */
  serveEntries(number: string, items: Json[] | null): void {
    this.entries.set(number.toUpperCase(), items ?? this.recordedEntries.get(number.toUpperCase())!);
  }

  /** Serves these items as the case's parties; null: none again. */
  serveParties(number: string, items: Json[] | null): void {
    if (items) this.parties.set(number.toUpperCase(), items);
    else this.parties.delete(number.toUpperCase());
  }

  /** Answers the list of courts with this body; null: the recorded list again. */
  serveCourts(body: Json | null): void {
    this.courtsAnswer = body;
  }

  /** The recorded list of courts (a copy a test may change). */
  recordedCourts(): Json {
    return structuredClone(this.courts);
  }

  /** Answers every case search with this body (e.g. the unfiltered list); null: the search by number again. */
  serveSearch(body: Json | null): void {
    this.searchAnswer = body;
  }

  /** The docket's entries as recorded, newest first. */
  recordedItems(number: string): Json[] {
    return this.recordedEntries.get(number.toUpperCase())!;
  }

  async handle(request: ReplayRequest): Promise<ReplayResponse | null> {
    if (request.method !== "GET") return null;
    if (request.path === "/courts") {
      if (this.courtsDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.courtsDelayMs));
      return json(this.courtsAnswer ?? this.courts);
    }
    if (request.path === "/courts/cms/cases/" || request.path === "/courts/cms/cases") {
      if (this.searchAnswer) return json(this.searchAnswer);
      const header = this.headers.get((request.query.get("caseNumber") ?? "").trim().toUpperCase());
      return json(page(header ? [{ caseHeader: header }] : [], 0, Number(request.query.get("size") ?? 50)));
    }
    const match = /^\/courts\/([^/]+)\/cms\/cases\/([^/]+)\/(docketentries|parties)$/.exec(request.path);
    if (!match) return request.path.startsWith("/courts") ? notFound(request.path) : null;
    const number = this.numbers.get(decodeURIComponent(match[2]!));
    if (!number) return notFound(request.path);
    const items = (match[3] === "docketentries" ? this.entries.get(number) : this.parties.get(number)) ?? [];
    const size = Math.min(Number(request.query.get("size") ?? 20), this.pageCap ?? Number.POSITIVE_INFINITY);
    return json(page(items, Number(request.query.get("page") ?? 0), size));
  }
}
