// Our case id → PACER's internal case id, through possible_case_numbers.pl (court-systems.md §1.2):
// the exact match on office, year, type and serial (choose-possible-case.ts), stored in pacer_cases so it
// is asked once per case. "Cannot find case" → not found; "Case Under Seal" → sealed.
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { chooseCase } from "./choose-possible-case";
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
  if (known) return { kind: "found", pacerCaseId: known.pacerCaseId, listedNumber: known.listedNumber };

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
      const chosen = chooseCase(reading.cases, caseId);
      if (!chosen) return { kind: "not_found" };
      await prisma.pacerCase.upsert({
        where: { courtCode_caseId: { courtCode, caseId } },
        create: { courtCode, caseId, pacerCaseId: chosen.pacerCaseId, listedNumber: chosen.number },
        update: { pacerCaseId: chosen.pacerCaseId, listedNumber: chosen.number },
      });
      return { kind: "found", pacerCaseId: chosen.pacerCaseId, listedNumber: chosen.number };
    }
    default:
      throw new EcfUnavailable(`${courtCode}: possible_case_numbers.pl answered something unreadable (${reading.message})`);
  }
}
