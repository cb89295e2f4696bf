// Florida's appellate courts as a live source (ACIS: the Supreme Court and the six District Courts of Appeal).
// A case is looked up by its number, then its parties and docket entries are read page by page. A case the
// cache holds is refreshed with only what changed as far as ACIS allows: entries come newest first, so pages
// are read until one holds an entry already stored (the store keeps the older ones; lib/cases/store-case.ts),
// and once a day all of them (an entry added late with an older filing time is listed past that page).
// Parties are read whole (a page or two). A missing page, an error body or anything unreadable makes the
// fetch an outage (503): a partial docket is never stored as the whole one.
import { getPrisma } from "@/lib/db";
import { getEnv } from "@/lib/env";
import type { FetchCaseRequest, PartialDocketRead, SourceAdapter, SourceResult } from "../types";
import { answeredOrUnavailable, courtUnavailable } from "../http/court-outage";
import { acisCourtCode, floridaCourtNamed } from "./acis-courts";
import { combineAcisCase } from "./combine-acis-case";
import { fetchAcisCasePage, fetchAcisCourts, searchAcisCase } from "./fetch-acis";
import { readAcisCase, readAcisCaseHandle } from "./read-acis-case";
import { readAcisDocketEntries } from "./read-acis-docket-entries";
import { readAcisParties, unnamedPartiesRefusal } from "./read-acis-parties";

/** Pages read at most per list: 5,000 entries, far beyond any appellate docket seen. */
const MAX_PAGES = 100;

/**
 * How long a refresh may stop at the first page holding a stored entry. ACIS lists entries newest first by their
 * filing time, so one the court adds late with an older filing time is listed among stored ones, past that page:
 * once the entries were last read whole longer ago than this, every page is read again, and such an entry is
 * found (and told as new) within a day.
 */
export const ACIS_WHOLE_READING_MS = 86_400_000;

interface StoredState {
  /** ACIS's entry ids the cache holds. */
  sequences: Set<string>;
  dateTerminated: string | null;
  /** When the entries were last read whole and stored (cases.entries_whole_at). */
  entriesWholeAt: Date | null;
}

async function storedState(courtCode: string, caseId: string): Promise<StoredState | null> {
  const prisma = await getPrisma();
  const rows = await prisma.$queryRawUnsafe<{ source_sequence: string | null; date_terminated: Date | null; entries_whole_at: Date | null }[]>(
    `SELECT e.source_sequence, c.date_terminated, c.entries_whole_at FROM cases c LEFT JOIN docket_entries e ON e.case_ref = c.id
      WHERE c.court_code = $1 AND c.case_id = $2`,
    courtCode,
    caseId,
  );
  if (rows.length === 0) return null;
  return {
    sequences: new Set(rows.flatMap((row) => (row.source_sequence ? [row.source_sequence] : []))),
    dateTerminated: rows[0]!.date_terminated?.toISOString().slice(0, 10) ?? null,
    entriesWholeAt: rows[0]!.entries_whole_at,
  };
}

type PageOutcome = { pieces: PartialDocketRead[] } | { failure: string };

/** Every page of one list (or, with `enough`, pages until one satisfies it). */
async function readPages(
  request: FetchCaseRequest,
  list: "parties" | "docketentries",
  courtId: string,
  caseId: string,
  enough: (piece: PartialDocketRead) => boolean = () => false,
): Promise<PageOutcome> {
  const read = list === "parties" ? readAcisParties : readAcisDocketEntries;
  const pieces: PartialDocketRead[] = [];
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const response = await fetchAcisCasePage(list, courtId, caseId, page, request.signal);
    if (response.status !== 200) return { failure: `${list} page ${page} answered HTTP ${response.status}` };
    const piece = read(response.text());
    if (piece.kind === "refused") return { failure: `${list} page ${page}: ${piece.reason}: ${piece.message}` };
    pieces.push(piece);
    if (enough(piece) || !piece.page || piece.page.number + 1 >= piece.page.totalPages) return { pieces };
  }
  return { failure: `${list}: more than ${MAX_PAGES} pages` };
}

async function fetchCase(request: FetchCaseRequest): Promise<SourceResult> {
  const { court, caseId } = request;
  // A number of another court is no case of this one (`4D...` is the Fourth District's).
  if (acisCourtCode(caseId) !== court.court_code) return { kind: "not_found" };
  const search = await searchAcisCase(caseId, request.signal);
  if (search.status === 404) return { kind: "not_found" };
  if (search.status !== 200) return courtUnavailable("acis", request, `the case search answered HTTP ${search.status}`);
  const text = search.text();
  const found = readAcisCase(text, caseId);
  if (!Array.isArray(found) && found.kind === "refused") {
    return found.reason === "case_not_found" ? { kind: "not_found" } : courtUnavailable("acis", request, `${found.reason}: ${found.message}`);
  }
  const header = (Array.isArray(found) ? found : [found]).find((read) => read.case.caseNumber.toUpperCase() === caseId.toUpperCase());
  const handle = readAcisCaseHandle(text, caseId);
  // The case there without its id, or other cases listed and not this one: another layout
  // or a search that did not filter, not a case the court lacks.
  if (handle && "kind" in handle) return courtUnavailable("acis", request, `${handle.reason}: ${handle.message}`);
  if (!header || !handle) return { kind: "not_found" };

  const courts = await fetchAcisCourts(request.signal);
  if (!Array.isArray(courts)) return courtUnavailable("acis", request, `the list of courts: ${courts.message}`);
  // The court by the number the case's header gives; a header without one, by the court its case number names
  // (`4D...` the Fourth District, as the registry's court), matched to the list's names: one court so named only.
  const named = courts.filter((candidate) => floridaCourtNamed(candidate.name) === court.court_code);
  const acisCourt = handle.courtNumber !== null ? courts.find((candidate) => candidate.number === handle.courtNumber) : named.length === 1 ? named[0] : undefined;
  if (!acisCourt) return courtUnavailable("acis", request, handle.courtNumber !== null ? `no court ${handle.courtNumber} in ACIS's list of courts` : `no court named for ${court.court_code} in ACIS's list of courts`);

  const stored = await storedState(court.court_code, caseId);
  const parties = await readPages(request, "parties", acisCourt.id, handle.caseId);
  if ("failure" in parties) return courtUnavailable("acis", request, parties.failure);
  const unnamed = unnamedPartiesRefusal(parties.pieces);
  if (unnamed) return courtUnavailable("acis", request, `parties: ${unnamed.reason}: ${unnamed.message}`);
  // A refresh stops at the first page that holds an entry the cache has: the rest is older and stored. Unless the
  // entries were last read whole a day ago or more: then all of them (ACIS_WHOLE_READING_MS).
  const incremental = stored !== null && stored.entriesWholeAt !== null && request.now.getTime() - stored.entriesWholeAt.getTime() < ACIS_WHOLE_READING_MS;
  const knows = (piece: PartialDocketRead) => incremental && (piece.entries ?? []).some((entry) => entry.sequence && stored!.sequences.has(entry.sequence));
  const entries = await readPages(request, "docketentries", acisCourt.id, handle.caseId, knows);
  if ("failure" in entries) return courtUnavailable("acis", request, entries.failure);
  const last = entries.pieces.at(-1)?.page;
  const olderEntriesOmitted = last !== undefined && last !== null && last.number + 1 < last.totalPages;

  const combined = combineAcisCase(header.case, [...parties.pieces, ...entries.pieces]);
  // A closed case's end is dated by its disposition entry, which an incremental reading may not hold.
  if (combined.closed && !combined.dateTerminated && stored?.dateTerminated) combined.dateTerminated = stored.dateTerminated;
  return { kind: "found", case: combined, ...(olderEntriesOmitted ? { olderEntriesOmitted: true } : {}) };
}

export function createAcisSource(): SourceAdapter {
  return {
    name: "acis",
    hostOf: () => new URL(getEnv().ACIS_BASE_URL).hostname,
    fetchCase: (request) => answeredOrUnavailable("acis", request, () => fetchCase(request)),
  };
}
