// Writes a normalized case into the cache in one transaction. Known docket entries keep their
// first_seen_at; entries new to the service get `seenAt` (change detection depends on this).
import type { Prisma } from "@/lib/generated/prisma/client";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { entryKey } from "./entry-key";
import type { CaseRecord } from "./types";

const asDate = (value: string | null): Date | null => (value === null ? null : new Date(value));

export interface StoreCaseOptions {
  prisma: PrismaClient;
  record: CaseRecord;
  /** When the refresh saw the source: first_seen_at of new entries and last_refreshed_at of the case. */
  seenAt: Date;
}

export async function storeCase({ prisma, record, seenAt }: StoreCaseOptions): Promise<{ newEntries: number }> {
  const header = record.header;
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
    appellate: header.appellate === null ? undefined : (header.appellate as unknown as Prisma.InputJsonValue),
    sourceSystem: "source",
    lastRefreshedAt: seenAt,
  };

  return prisma.$transaction(async (tx) => {
    const stored = await tx.case.upsert({
      where: { courtCode_caseId: { courtCode: record.court_code, caseId: record.case_id } },
      create: { courtCode: record.court_code, caseId: record.case_id, ...fields },
      update: fields,
      select: { id: true },
    });

    // Parties and cross-references are replaced wholesale: the source's list is the truth.
    await tx.party.deleteMany({ where: { caseRef: stored.id } });
    for (const [position, party] of record.parties.entries()) {
      await tx.party.create({
        data: {
          caseRef: stored.id,
          position,
          name: party.name,
          type: party.type,
          roleInCase: party.role_in_case,
          isPrimary: party.is_primary,
          dateJoined: asDate(party.date_joined),
          dateTerminated: asDate(party.date_terminated),
          attorneys: {
            create: party.attorneys.map((attorney, index) => ({
              position: index,
              name: attorney.name,
              firm: attorney.firm,
              role: attorney.role,
              dateAction: asDate(attorney.date_action),
            })),
          },
        },
      });
    }
    await tx.crossReference.deleteMany({ where: { caseRef: stored.id } });
    if (record.cross_references.length > 0) {
      await tx.crossReference.createMany({
        data: record.cross_references.map((ref, position) => ({
          caseRef: stored.id,
          position,
          relationship: ref.relationship,
          refCaseId: ref.case_id,
          refCourtCode: ref.court_code,
          relationshipNote: ref.relationship_note,
        })),
        skipDuplicates: true,
      });
    }

    const known = new Set(
      (await tx.docketEntry.findMany({ where: { caseRef: stored.id }, select: { entryKey: true } })).map((row) => row.entryKey),
    );
    let newEntries = 0;
    for (const entry of record.entries) {
      const key = entryKey(entry);
      const data = {
        entryNumber: entry.entry_number,
        filedAt: new Date(entry.filed_at),
        filingType: entry.filing_type,
        filedBy: entry.filed_by,
        description: entry.description,
        descriptionSecondary: entry.description_secondary ?? null,
        documentIdentifier: entry.document_identifier,
        documentIdentifierType: entry.document_identifier_type,
        externalUrl: entry.external_url,
      };
      if (known.has(key)) {
        await tx.docketEntry.update({ where: { caseRef_entryKey: { caseRef: stored.id, entryKey: key } }, data });
      } else {
        await tx.docketEntry.create({ data: { caseRef: stored.id, entryKey: key, firstSeenAt: seenAt, ...data } });
        known.add(key);
        newEntries += 1;
      }
    }
    return { newEntries };
  });
}
