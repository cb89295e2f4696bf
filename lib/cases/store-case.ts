// Writes a normalized case into the cache, in one transaction holding the case's lock (case-snapshot.ts).
// Known docket entries keep their first_seen_at and appeared_at (change detection depends on them). An
// entry new to the service appeared, on the case's first fetch, when the source says it was docketed
// (never later than this write: the agent's first query must not get years of filings as "new since
// yesterday"), and on any later refresh at this write's stamp (so an agent polling with each queried_at
// sees a late-docketed filing once, whatever its dates). Entries a source stops listing are kept: dockets
// only grow, and some sources publish only recent activity. A bounded number of statements, whatever the
// docket's size.
import { randomUUID } from "node:crypto";
import { Prisma } from "@/lib/generated/prisma/client";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { caseLockKey, withCaseWrite, type Transaction } from "./case-snapshot";
import { assignEntryKeys } from "./entry-key";
import type { NormalizedCase, NormalizedDocketEntry } from "./types";

const asDate = (value: string | null): Date | null => (value === null ? null : new Date(value));

/** Entries per insert statement. */
const CHUNK = 2000;

export interface StoreCaseOptions {
  prisma: PrismaClient;
  record: NormalizedCase;
  /** The adapter the case came from, e.g. "demo". */
  source: string;
  /**
   * The reading left the parties out (an incremental docket fetch): keep the stored parties instead of
   * replacing them with none. Header and entries are stored as usual.
   */
  keepParties?: boolean;
  /**
   * The reading lists only entries entered at or after this instant (ISO-8601; an incremental docket
   * fetch): an entry stored as appearing before it is not among them, whatever its number or text
   * (lib/cases/entry-key.ts).
   */
  enteredSince?: string;
  /**
   * When the reading began, by the database's clock (ISO-8601), where the source says. The case keeps the
   * latest such start of its stored readings (cases.read_from): a reading that began earlier than that adds
   * only the entries the cache lacks, so the cache holds what the court showed then, in whatever order
   * overlapping readings are stored.
   */
  readFrom?: string;
  /** The reading stopped at entries the cache holds (lib/sources/types.ts): it does not move entries_whole_at. */
  olderEntriesOmitted?: boolean;
}

export interface StoreCaseResult {
  newEntries: number;
  /** When the write happened (database clock): last_refreshed_at, and first_seen_at of new entries. */
  storedAt: Date;
}

interface EntryData {
  /** Only for new entries: when it appeared (see the file's header). */
  docketedAt: Date;
  entryNumber: number | null;
  filedAt: Date;
  filingType: string | null;
  filedBy: string | null;
  description: string;
  descriptionSecondary: string | null;
  documentIdentifier: string | null;
  documentIdentifierType: string;
  externalUrl: string | null;
  sourceSequence: string | null;
}

function entryData(entry: NormalizedDocketEntry): EntryData {
  const filedAt = new Date(entry.filed_at);
  const docketed = entry.docketed_at ? new Date(entry.docketed_at) : filedAt;
  return {
    // A filing is never docketed before it is filed, whatever a source's dates say.
    docketedAt: docketed.getTime() < filedAt.getTime() ? filedAt : docketed,
    entryNumber: entry.entry_number,
    filedAt: new Date(entry.filed_at),
    filingType: entry.filing_type,
    filedBy: entry.filed_by,
    description: entry.description,
    descriptionSecondary: entry.description_secondary ?? null,
    documentIdentifier: entry.document_identifier,
    documentIdentifierType: entry.document_identifier_type,
    externalUrl: entry.external_url,
    sourceSequence: entry.source_sequence ?? null,
  };
}

function sameEntry(stored: Omit<EntryData, "docketedAt">, next: EntryData): boolean {
  return (
    stored.entryNumber === next.entryNumber &&
    stored.filedAt.getTime() === next.filedAt.getTime() &&
    stored.filingType === next.filingType &&
    stored.filedBy === next.filedBy &&
    stored.description === next.description &&
    stored.descriptionSecondary === next.descriptionSecondary &&
    stored.documentIdentifier === next.documentIdentifier &&
    stored.documentIdentifierType === next.documentIdentifierType &&
    stored.externalUrl === next.externalUrl &&
    stored.sourceSequence === next.sourceSequence
  );
}

export async function storeCase({ prisma, record, source, keepParties = false, enteredSince, readFrom, olderEntriesOmitted = false }: StoreCaseOptions): Promise<StoreCaseResult> {
  const header = record.header;
  return withCaseWrite(prisma, caseLockKey(record.court_code, record.case_id), async ({ tx, stamp }) => {
    const where = { courtCode_caseId: { courtCode: record.court_code, caseId: record.case_id } };
    const before = await tx.case.findUnique({ where, select: { id: true, readFrom: true } });
    // A reading that began before one already stored (overlapping readings stored out of order) is an older
    // state of the case: only the entries the cache lacks are taken from it, and the header, parties and entry
    // texts of the later reading stand, so the cache is what the court showed at read_from.
    if (before?.readFrom && readFrom !== undefined && Date.parse(readFrom) < before.readFrom.getTime()) {
      await tx.case.update({ where, data: { lastRefreshedAt: stamp, sourceState: "found", missingRefreshes: 0, unansweredSince: null } });
      const newEntries = await storeEntries(tx, before.id, record.entries, stamp, { firstFetch: false, enteredSince, insertOnly: true });
      await nextContentVersion(tx, before.id);
      return { newEntries, storedAt: stamp };
    }
    const fields = {
      caseNumber: header.case_number,
      caseName: header.case_name,
      caseNameSecondary: header.case_name_secondary,
      caseNameSecondaryLanguage: header.case_name_secondary_language,
      caseType: header.case_type,
      language: header.language,
      dateFiled: asDate(header.date_filed),
      dateTerminated: asDate(header.date_terminated),
      status: header.status,
      assignedJudge: header.assigned_judge,
      natureOfProceeding: header.nature_of_proceeding,
      cause: header.cause,
      juryDemand: header.jury_demand,
      // DbNull, not undefined: an appellate object the source dropped must be cleared, not kept.
      appellate: header.appellate === null ? Prisma.DbNull : (header.appellate as unknown as Prisma.InputJsonValue),
      sourceSystem: source,
      lastRefreshedAt: stamp,
      // Found again: served again (lib/refresh/record-vanished-case.ts).
      sourceState: "found",
      missingRefreshes: 0,
      // Answered: a change check can say "no change" again (lib/cases/monitor-case.ts).
      unansweredSince: null,
      ...(olderEntriesOmitted || enteredSince !== undefined ? {} : { entriesWholeAt: stamp }),
    };
    const stored = await tx.case.upsert({
      where,
      create: { courtCode: record.court_code, caseId: record.case_id, ...fields },
      update: fields,
      select: { id: true },
    });
    if (readFrom !== undefined) {
      await tx.$executeRawUnsafe("UPDATE cases SET read_from = GREATEST(read_from, $2::timestamptz) WHERE id = $1::uuid", stored.id, readFrom);
    }

    // Parties and cross-references are replaced wholesale: the source's list is the truth (unless the
    // reading left the parties out, and the cache already holds them).
    const parties = keepParties && before ? [] : record.parties.map((party, position) => ({ id: randomUUID(), party, position }));
    if (!(keepParties && before)) await tx.party.deleteMany({ where: { caseRef: stored.id } });
    if (parties.length > 0) {
      await tx.party.createMany({
        data: parties.map(({ id, party, position }) => ({
          id,
          caseRef: stored.id,
          position,
          name: party.name,
          type: party.type,
          roleInCase: party.role_in_case,
          isPrimary: party.is_primary,
          dateJoined: asDate(party.date_joined),
          dateTerminated: asDate(party.date_terminated),
        })),
      });
      const attorneys = parties.flatMap(({ id, party }) =>
        party.attorneys.map((attorney, position) => ({
          partyRef: id,
          position,
          name: attorney.name,
          firm: attorney.firm,
          role: attorney.role,
          dateAction: asDate(attorney.date_action),
        })),
      );
      if (attorneys.length > 0) await tx.attorney.createMany({ data: attorneys });
    }
    await tx.crossReference.deleteMany({ where: { caseRef: stored.id } });
    if (record.cross_references.length > 0) {
      await tx.crossReference.createMany({
        data: record.cross_references.map((reference, position) => ({
          caseRef: stored.id,
          position,
          relationship: reference.relationship,
          refCaseId: reference.case_id,
          refCourtCode: reference.court_code,
          relationshipNote: reference.relationship_note,
        })),
        skipDuplicates: true,
      });
    }

    const newEntries = await storeEntries(tx, stored.id, record.entries, stamp, { firstFetch: before === null, enteredSince });
    await nextContentVersion(tx, stored.id);
    return { newEntries, storedAt: stamp };
  });
}

/**
 * Every write of what the case serves gives it a new content version, in the write's own transaction:
 * instances that hold the previous content in memory (lib/cases/case-content-cache.ts) read it again.
 */
async function nextContentVersion(tx: Transaction, caseRef: string): Promise<void> {
  await tx.$executeRawUnsafe("UPDATE cases SET content_version = content_version + 1 WHERE id = $1::uuid", caseRef);
}

/**
 * Docket entries: insert the new ones, update the ones the source changed (unless `insertOnly`: an older
 * reading's texts do not replace a later one's), leave the rest alone. Returns how many were new.
 */
async function storeEntries(
  tx: Transaction,
  caseRef: string,
  entries: readonly NormalizedDocketEntry[],
  stamp: Date,
  { firstFetch, enteredSince, insertOnly = false }: { firstFetch: boolean; enteredSince?: string; insertOnly?: boolean },
): Promise<number> {
  const existing = new Map(
    (
      await tx.docketEntry.findMany({
        where: { caseRef },
        select: {
          entryKey: true,
          entryNumber: true,
          filedAt: true,
          filingType: true,
          filedBy: true,
          description: true,
          descriptionSecondary: true,
          documentIdentifier: true,
          documentIdentifierType: true,
          externalUrl: true,
          sourceSequence: true,
          appearedAt: true,
        },
      })
    )
      // In a fixed order (code points, not the database's collation): where an incoming entry could match several
      // stored ones, the same one every time.
      .sort((a, b) => (a.entryKey < b.entryKey ? -1 : a.entryKey > b.entryKey ? 1 : 0))
      .map(({ entryKey: key, appearedAt, ...data }) => [key, { ...data, appearedMs: appearedAt.getTime() }]),
  );
  const incoming = new Map<string, EntryData>();
  const keys = assignEntryKeys(
    entries,
    [...existing].map(([key, data]) => ({
      key,
      sequence: data.sourceSequence,
      description: data.description,
      filedMs: data.filedAt.getTime(),
      document: data.documentIdentifier,
      appearedMs: data.appearedMs,
    })),
    enteredSince === undefined ? {} : { readSinceMs: Date.parse(enteredSince) },
  );
  entries.forEach((entry, index) => {
    const data = entryData(entry);
    // A sequence the source printed once is kept when a reading does not print it (CM/ECF appellate's summary
    // form leaves out the docket form's sequence numbers): it is what matches the entry to the docket form again.
    const known = existing.get(keys[index]!);
    incoming.set(keys[index]!, data.sourceSequence === null && known?.sourceSequence ? { ...data, sourceSequence: known.sourceSequence } : data); // a repeated entry: the last wins
  });
  const created: Array<EntryData & { entryKey: string; appearedAt: Date }> = [];
  for (const [key, data] of incoming) {
    const known = existing.get(key);
    if (!known) {
      const appearedAt = firstFetch ? new Date(Math.min(data.docketedAt.getTime(), stamp.getTime())) : stamp;
      created.push({ entryKey: key, ...data, appearedAt });
    } else if (!insertOnly && !sameEntry(known, data)) {
      const { docketedAt: _docketed, ...changed } = data;
      await tx.docketEntry.update({ where: { caseRef_entryKey: { caseRef, entryKey: key } }, data: changed });
    }
  }
  // New entries go in as arrays through unnest: one statement per chunk, far faster than createMany's
  // row-by-row parameters on a 5,000-entry docket.
  for (let start = 0; start < created.length; start += CHUNK) {
    const chunk = created.slice(start, start + CHUNK);
    await tx.$executeRawUnsafe(
      `INSERT INTO docket_entries (id, case_ref, entry_key, entry_number, filed_at, filing_type, filed_by, description,
         description_secondary, document_identifier, document_identifier_type, external_url, first_seen_at, updated_at, appeared_at,
         source_sequence)
       SELECT id, $1::uuid, entry_key, entry_number, filed_at, filing_type, filed_by, description,
         description_secondary, document_identifier, document_identifier_type, external_url, $2::timestamptz, $2::timestamptz, appeared_at,
         source_sequence
       FROM unnest($3::uuid[], $4::text[], $5::int[], $6::timestamptz[], $7::text[], $8::text[], $9::text[], $10::text[],
         $11::text[], $12::text[], $13::text[], $14::timestamptz[], $15::text[])
         AS entry(id, entry_key, entry_number, filed_at, filing_type, filed_by, description, description_secondary,
           document_identifier, document_identifier_type, external_url, appeared_at, source_sequence)`,
      caseRef,
      stamp.toISOString(),
      chunk.map(() => randomUUID()),
      chunk.map((entry) => entry.entryKey),
      chunk.map((entry) => entry.entryNumber),
      chunk.map((entry) => entry.filedAt.toISOString()),
      chunk.map((entry) => entry.filingType),
      chunk.map((entry) => entry.filedBy),
      chunk.map((entry) => entry.description),
      chunk.map((entry) => entry.descriptionSecondary),
      chunk.map((entry) => entry.documentIdentifier),
      chunk.map((entry) => entry.documentIdentifierType),
      chunk.map((entry) => entry.externalUrl),
      chunk.map((entry) => entry.appearedAt.toISOString()),
      chunk.map((entry) => entry.sourceSequence),
    );
  }
  return created.length;
}
