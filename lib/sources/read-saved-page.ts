// What `npm run parse -- <reader> <file>...` does with one saved page: the reader named, then the same
// normalization and case-object building the API uses, so an operator (and ../shared/tools/score-sources.mjs)
// sees exactly what a query would answer from that page. Pure: text in, one output row out.
import type { CaseFull } from "@/contract";
import { buildCaseBody } from "@/lib/cases/build-case-body";
import type { CaseRecord } from "@/lib/cases/types";
import { caseIdMatches, findCourt } from "@/lib/courts/registry";
import { normalizeCaseId } from "@/lib/courts/normalize-case-id";
import type { CourtKind, CourtRecord } from "@/lib/courts/types";
import { normalizeCase } from "./normalize/normalize-case";
import { SAVED_PAGE_READERS, type SavedPageReader } from "./saved-page-readers";
import type { DocketRead, PartialDocketRead } from "./types";

export type SavedPageOutput =
  | { cases: CaseFull[] }
  | { error: { code: string; message: string } }
  | { result: unknown }
  | { partial: PartialCaseObject };

/** The fields of the `case` object one piece of a case carries (its parties, or a page of its entries). */
export interface PartialCaseObject {
  parties?: CaseFull["parties"];
  docket_history?: CaseFull["docket_history"];
  page: PartialDocketRead["page"];
}

export function readerNames(): string[] {
  return Object.keys(SAVED_PAGE_READERS).sort();
}

export function findReader(name: string): SavedPageReader | undefined {
  return Object.hasOwn(SAVED_PAGE_READERS, name) ? SAVED_PAGE_READERS[name] : undefined;
}

/** A stand-in for a page whose court is not in the registry: the reader family decides the kind. */
function unknownCourt(code: string | null, kind: CourtKind, system: string): CourtRecord {
  return {
    court_code: code ?? "unknown",
    name: code ? `Court ${code}` : "Unknown court",
    jurisdiction_country: "US",
    language: "en",
    case_id_format: { pattern: ".*", example: "" },
    coverage: "full",
    refresh_cadence_seconds: null,
    case_management_system: system,
    notes: null,
    kind,
    region: null,
  };
}

/** The `case` object of GET /v2/case?context=full for one docket a reader produced. */
export function caseObjectOf(read: DocketRead, fallback: { kind: CourtKind; system: string }, now: Date): CaseFull {
  const court = (read.courtCode ? findCourt(read.courtCode) : undefined) ?? unknownCourt(read.courtCode, fallback.kind, fallback.system);
  const normalizedId = normalizeCaseId(court, read.case.caseNumber);
  const caseId = caseIdMatches(court, normalizedId) ? normalizedId : read.case.caseNumber;
  const normalized = normalizeCase(court, caseId, read.case);
  const stamp = now.toISOString();
  const record: CaseRecord = {
    ...normalized,
    entries: normalized.entries.map((entry) => ({ ...entry, first_seen_at: stamp, appeared_at: stamp })),
    last_refreshed_at: stamp,
  };
  return buildCaseBody({ record, court, context: "full", language: null }).body as CaseFull;
}

export function readSavedPage(reader: SavedPageReader, text: string, now = new Date()): SavedPageOutput {
  try {
    if (reader.kind === "protocol") return { result: reader.read(text) };
    if (reader.kind === "partial") {
      const piece = reader.read(text);
      if (piece.kind === "refused") return { error: { code: piece.reason, message: piece.message } };
      // Normalized as the API would show them, inside an otherwise empty case of an appellate court.
      const shell: DocketRead = {
        kind: "case",
        case: { caseNumber: "", title: "", parties: piece.parties ?? [], entries: piece.entries ?? [], appellate: {} },
        courtCode: null,
      };
      const full = caseObjectOf(shell, reader.court, now);
      return {
        partial: {
          ...(piece.parties ? { parties: full.parties } : {}),
          ...(piece.entries ? { docket_history: full.docket_history } : {}),
          page: piece.page,
        },
      };
    }
    const read = reader.read(text);
    if ("kind" in read && read.kind === "refused") return { error: { code: read.reason, message: read.message } };
    const dockets = Array.isArray(read) ? read : [read as DocketRead];
    return { cases: dockets.map((docket) => caseObjectOf(docket, reader.court, now)) };
  } catch (error) {
    return { error: { code: "unreadable", message: error instanceof Error ? error.message : String(error) } };
  }
}
