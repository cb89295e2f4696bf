// The state courts of registry 2.0, under the codes they keep. Their numbers have not been read off records
// yet, so they are planned until they are; their systems are named in their notes. Where courts-db lists the
// same court (EARLIER_CODES), that row becomes this one.
import type { CourtEntry } from "./court-entry";

type Earlier = Pick<CourtEntry, "court_code" | "name" | "region" | "level" | "system"> & { example: string; courts_db_id: string | null };

export const EARLIER_STATE_COURTS: readonly Earlier[] = [
  { court_code: "nysupnyc", name: "Supreme Court of the State of New York, New York County", region: "NY", level: "gjc", system: "NYSCEF", example: "654321/2023", courts_db_id: "nysupctnewyork" },
  { court_code: "nysupkings", name: "Supreme Court of the State of New York, Kings County", region: "NY", level: "gjc", system: "NYSCEF", example: "512345/2024", courts_db_id: "nysupctkings" },
  { court_code: "dechancery", name: "Court of Chancery of the State of Delaware", region: "DE", level: "ljc", system: "File & ServeXpress", example: "2024-0123-KSJM", courts_db_id: "delch" },
  { court_code: "calasc", name: "Superior Court of California, County of Los Angeles", region: "CA", level: "gjc", system: "LASC Case Access", example: "23STCV12345", courts_db_id: "calsuppctla" },
  { court_code: "ilcook", name: "Circuit Court of Cook County, Illinois", region: "IL", level: "gjc", system: "Cook County Clerk eFiling", example: "2023L001234", courts_db_id: null },
  { court_code: "txharris", name: "District Courts of Harris County, Texas", region: "TX", level: "gjc", system: "Harris County District Clerk", example: "2023-12345", courts_db_id: null },
  { court_code: "flmiamidade", name: "Circuit Court of the Eleventh Judicial Circuit, Miami-Dade County, Florida", region: "FL", level: "gjc", system: "Miami-Dade Clerk Civil Online", example: "2023-012345-CA-01", courts_db_id: "flacirct11mia" },
  { court_code: "ohctclaims", name: "Ohio Court of Claims", region: "OH", level: "ljc", system: null, example: "2024-00123", courts_db_id: "ohioctcl" },
  { court_code: "pasupct", name: "Supreme Court of Pennsylvania", region: "PA", level: "colr", system: null, example: "12 EAP 2024", courts_db_id: "pa" },
];

/** Courts whose numbers the corpus shows and whose systems have readers (../shared/corpus: TAMES, ACIS). */
export const VERIFIED_STATE_COURTS: Readonly<Record<string, Pick<CourtEntry, "system" | "format" | "notes"> & { name?: string }>> = {
  txsupct: {
    name: "Supreme Court of Texas",
    system: "TAMES",
    format: "texasSupreme",
    notes: "Case id as TAMES prints it: yy-nnnn (25-1066); older cases A-4369-A, C-2302.",
  },
  texcrimapp: {
    system: "TAMES",
    format: "texasCriminalAppeals",
    notes: "Case id as TAMES prints it: PD-0975-25 (discretionary review), WR-70,849-04 (writs), AP-77,129 (direct appeals).",
  },
  ...Object.fromEntries(
    Array.from({ length: 15 }, (_, index) => [
      `texapp${index + 1}`,
      {
        system: "TAMES",
        format: "texasAppeals" as const,
        notes: `Case id as TAMES prints it: the court's own number, the year, the case number, CV or CR (${String(index + 1).padStart(2, "0")}-yy-nnnnn-CV).`,
      },
    ]),
  ),
  fla: { system: "ACIS", format: "florida", notes: "Case id as the court's docket prints it, with its four-digit year: SCyyyy-nnnn or SCyyyy-nnnnn (SC2026-0703); ACIS has no two-digit form (SC26-0703)." },
  ...Object.fromEntries(
    Array.from({ length: 6 }, (_, index) => [
      `fladistctapp${index + 1}`,
      { system: "ACIS", format: "florida" as const, notes: `Case id as the court's docket prints it, with its four-digit year: ${index + 1}Dyyyy-nnnn or ${index + 1}Dyyyy-nnnnn (4D2026-0606 is the Fourth's); ACIS has no two-digit form (4D26-0606).` },
    ]),
  ),
};
