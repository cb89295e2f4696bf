// Our case id → PACER's internal case id, through possible_case_numbers.pl (court-systems.md §1.2):
// the exact match on office, year, type and serial (choose-possible-case.ts), stored in pacer_cases so it
// is asked once per case, until a docket report asked by it prints another case's number: then it is
// forgotten (forgetPacerCase) and asked once more at the next read. "Cannot find case" → not found; "Case
// Under Seal" → sealed.
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { chooseListedCase } from "./choose-possible-case";
import { ecfRequest, EcfUnavailable } from "./ecf-request";
import type { PacerSettings } from "./pacer-settings";
import { readPossibleCaseNumbers } from "./read-possible-case-numbers";

export type PacerCaseLookup =
  | { kind: "found"; pacerCaseId: string; listedNumber: string }
  | { kind: "not_found" }
  | { kind: "sealed"; message: string };

export interface LookupPacerCaseOptions {
  prisma: PrismaClient;
  settings: PacerSettings;
  courtCode: string;
  caseId: string;
  signal?: AbortSignal;
}

export async function lookupPacerCase({ prisma, settings, courtCode, caseId, signal }: LookupPacerCaseOptions): Promise<PacerCaseLookup> {
  const known = await prisma.pacerCase.findUnique({ where: { courtCode_caseId: { courtCode, caseId } } });
  if (known && !known.mappingRefusedAt) return { kind: "found", pacerCaseId: known.pacerCaseId, listedNumber: known.listedNumber };

  const page = await ecfRequest({
    prisma,
    settings,
    courtCode,
    // Case ids match the court's pattern (digits, letters, ":" and "-"): sent as CM/ECF's own form sends them.
    path: `/cgi-bin/possible_case_numbers.pl?${caseId}`,
    label: "pacer:possible_case_numbers",
    signal,
    loggedOut: (text) => readPossibleCaseNumbers(text).kind === "login_required",
  });
  const reading = readPossibleCaseNumbers(page.text);
  switch (reading.kind) {
    case "not_found":
      return { kind: "not_found" };
    case "sealed":
      return { kind: "sealed", message: reading.message };
    case "cases": {
      const chosen = chooseListedCase(reading.cases, reading.unread ?? [], caseId);
      // A listed case it could not read may be this one: neither "not found" nor another docket, but asked again.
      if (chosen === "unsure") {
        throw new EcfUnavailable(`${courtCode}: possible_case_numbers.pl listed a case it could not read (${reading.unread?.join(", ") || "no number"}) that may be ${caseId}`);
      }
      if (chosen === "not_found") return { kind: "not_found" };
      await prisma.pacerCase.upsert({
        where: { courtCode_caseId: { courtCode, caseId } },
        create: { courtCode, caseId, pacerCaseId: chosen.pacerCaseId, listedNumber: chosen.number },
        // Only the mapping: what else the row holds (feed marks, counts, a hold) stays the case's.
        update: { pacerCaseId: chosen.pacerCaseId, listedNumber: chosen.number, mappingRefusedAt: null },
      });
      return { kind: "found", pacerCaseId: chosen.pacerCaseId, listedNumber: chosen.number };
    }
    default:
      throw new EcfUnavailable(`${courtCode}: possible_case_numbers.pl answered something unreadable (${reading.message})`);
  }
}

/**
 * A docket report asked by `pacerCaseId` printed another case's number (fetch-docket-report.ts): the stored
 * mapping may name the wrong case, and used for good it would have every later read refused and the wrong page
 * billed at each hold's end. It is forgotten, not deleted (the row's feed marks, entry counts and hold stay), so
 * the next read looks the number up once more; that lookup answers one read, however it turns out, so a lookup
 * naming the same id again costs one free lookup per read, never a loop. Only while the row still holds that id:
 * a mapping another instance has looked up meanwhile is not forgotten.
 */
export async function forgetPacerCase(prisma: PrismaClient, courtCode: string, caseId: string, pacerCaseId: string, now: Date): Promise<void> {
  await prisma.pacerCase.updateMany({ where: { courtCode, caseId, pacerCaseId }, data: { mappingRefusedAt: now } });
}
