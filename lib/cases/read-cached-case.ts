// Reads normalized cases from the cache into the shape responses are built from: one query per table
// whatever the number of cases (a batch of 50 costs what one case costs).
import type { Appellate } from "@/contract";
import type { Prisma, PrismaClient } from "@/lib/generated/prisma/client";
import { courtTimezone } from "@/lib/courts/timezone";
import { findCourt } from "@/lib/courts/registry";
import { instantToZonedIso } from "@/lib/sources/zoned-time";
import type { CaseContentCache, CaseContent } from "./case-content-cache";
import type { CaseHeader, CaseRecord } from "./types";

type Reader = PrismaClient | Prisma.TransactionClient;

const day = (value: Date | null): string | null => (value === null ? null : value.toISOString().slice(0, 10));

export interface CaseKey {
  courtCode: string;
  caseId: string;
}

interface EntryRow {
  case_ref: string;
  entry_key: string;
  entry_number: number | null;
  filed_at: Date;
  filing_type: string | null;
  filed_by: string | null;
  description: string;
  description_secondary: string | null;
  document_identifier: string | null;
  document_identifier_type: string;
  external_url: string | null;
  first_seen_at: Date;
  appeared_at: Date;
}

export const cacheKey = (courtCode: string, caseId: string) => `${courtCode}|${caseId}`;

interface HeadRow {
  id: string;
  court_code: string;
  case_id: string;
  version: string;
  last_refreshed_at: Date;
  unanswered_since: Date | null;
  source_state: string;
}

/**
 * The cases at `keys`, as stored now. With a content cache (lib/cases/case-content-cache.ts), a case
 * whose content version this instance holds costs one small row: only the others are read whole. Call it
 * inside a case snapshot (lib/cases/case-snapshot.ts), which keeps writers out between its statements.
 */
export async function readCachedCases(db: Reader, keys: readonly CaseKey[], cache?: CaseContentCache): Promise<Map<string, CaseRecord>> {
  const found = new Map<string, CaseRecord>();
  if (keys.length === 0) return found;
  const heads = await db.$queryRawUnsafe<HeadRow[]>(
    `SELECT c.id, c.court_code, c.case_id, c.content_version::text AS version, c.last_refreshed_at, c.unanswered_since, c.source_state
     FROM cases c JOIN unnest($1::text[], $2::text[]) AS k(court_code, case_id) ON c.court_code = k.court_code AND c.case_id = k.case_id`,
    keys.map((key) => key.courtCode),
    keys.map((key) => key.caseId),
  );
  const contents = new Map<string, CaseContent>();
  const misses: HeadRow[] = [];
  for (const head of heads) {
    const held = cache?.get(head.id, head.version);
    if (held) contents.set(head.id, held);
    else misses.push(head);
  }
  if (misses.length > 0) {
    for (const [id, content] of await readContents(db, misses.map((head) => head.id))) {
      contents.set(id, content);
      cache?.set(id, misses.find((head) => head.id === id)!.version, content);
    }
  }
  for (const head of heads) {
    const content = contents.get(head.id);
    if (!content) continue;
    found.set(cacheKey(head.court_code, head.case_id), {
      ...content,
      last_refreshed_at: head.last_refreshed_at.toISOString(),
      ...(head.unanswered_since ? { unanswered_since: head.unanswered_since.toISOString() } : {}),
      source_state: head.source_state as NonNullable<CaseRecord["source_state"]>,
    });
  }
  return found;
}

/** Header, parties, cross-references and entries of the given case rows: one query per table. */
async function readContents(db: Reader, ids: readonly string[]): Promise<Map<string, CaseContent>> {
  const contents = new Map<string, CaseContent>();
  const rows = await db.case.findMany({
    where: { id: { in: [...ids] } },
    include: {
      parties: { orderBy: { position: "asc" }, include: { attorneys: { orderBy: { position: "asc" } } } },
      crossReferences: { orderBy: { position: "asc" } },
    },
  });
  // Docket entries (the bulk of a case) in one plain query: Prisma's relation loading costs twice as much.
  const entries = new Map<string, EntryRow[]>();
  if (rows.length > 0) {
    const entryRows = await db.$queryRawUnsafe<EntryRow[]>(
      `SELECT case_ref, entry_key, entry_number, filed_at, filing_type, filed_by, description, description_secondary,
              document_identifier, document_identifier_type, external_url, first_seen_at, appeared_at
       FROM docket_entries WHERE case_ref = ANY($1::uuid[])
       -- The served order of entries the chronological order cannot tell apart (same filing time, no
       -- numbers, one refresh) must not depend on where the database keeps its rows.
       ORDER BY filed_at, entry_number NULLS LAST, appeared_at, entry_key`,
      rows.map((row) => row.id),
    );
    for (const entry of entryRows) {
      const list = entries.get(entry.case_ref);
      if (list) list.push(entry);
      else entries.set(entry.case_ref, [entry]);
    }
  }
  for (const row of rows) {
    const court = findCourt(row.courtCode);
    const zone = court ? courtTimezone(court) : "UTC";
    const header: CaseHeader = {
      case_number: row.caseNumber,
      case_name: row.caseName,
      case_name_secondary: row.caseNameSecondary,
      case_name_secondary_language: row.caseNameSecondaryLanguage as CaseHeader["case_name_secondary_language"],
      case_type: row.caseType as CaseHeader["case_type"],
      language: row.language as CaseHeader["language"],
      date_filed: day(row.dateFiled),
      date_terminated: day(row.dateTerminated),
      status: row.status as CaseHeader["status"],
      assigned_judge: row.assignedJudge,
      nature_of_proceeding: row.natureOfProceeding,
      cause: row.cause,
      jury_demand: row.juryDemand as CaseHeader["jury_demand"],
      appellate: (row.appellate as Appellate | null) ?? null,
    };
    contents.set(row.id, {
      case_id: row.caseId,
      court_code: row.courtCode,
      header,
      parties: row.parties.map((party) => ({
        name: party.name,
        type: party.type as CaseRecord["parties"][number]["type"],
        role_in_case: party.roleInCase,
        is_primary: party.isPrimary,
        date_joined: day(party.dateJoined),
        date_terminated: day(party.dateTerminated),
        attorneys: party.attorneys.map((attorney) => ({
          name: attorney.name,
          firm: attorney.firm ?? "",
          role: attorney.role ?? "",
          date_action: day(attorney.dateAction),
        })),
      })),
      cross_references: row.crossReferences.map((reference) => ({
        relationship: reference.relationship,
        case_id: reference.refCaseId,
        court_code: reference.refCourtCode,
        relationship_note: reference.relationshipNote,
      })),
      entries: (entries.get(row.id) ?? []).map((entry) => ({
        entry_number: entry.entry_number,
        // The court's own offset (docs/live-data.md): an evening filing's date reads as the court's date.
        filed_at: instantToZonedIso(entry.filed_at.getTime(), zone),
        filing_type: entry.filing_type as CaseRecord["entries"][number]["filing_type"],
        filed_by: entry.filed_by,
        description: entry.description,
        description_secondary: entry.description_secondary,
        document_identifier: entry.document_identifier,
        document_identifier_type: entry.document_identifier_type as CaseRecord["entries"][number]["document_identifier_type"],
        external_url: entry.external_url,
        first_seen_at: entry.first_seen_at.toISOString(),
        appeared_at: entry.appeared_at.toISOString(),
        entry_key: entry.entry_key,
      })),
    });
  }
  return contents;
}

export async function readCachedCase(db: Reader, courtCode: string, caseId: string): Promise<CaseRecord | null> {
  return (await readCachedCases(db, [{ courtCode, caseId }])).get(cacheKey(courtCode, caseId)) ?? null;
}
