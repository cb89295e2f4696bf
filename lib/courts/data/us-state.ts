// The first US state courts. Case numbers follow each court's own docketing system; the pattern is
// what the court prints on its dockets. Planned courts are registered (and listed by /v2/status) before
// access is in place: queries answer 422 until their coverage starts.
import type { CourtRecord } from "../types";

type StateCourt = Omit<CourtRecord, "jurisdiction_country" | "language" | "kind">;

const active = (court: Omit<StateCourt, "refresh_cadence_seconds"> & { refresh_cadence_seconds?: number }): StateCourt => ({
  refresh_cadence_seconds: 3600,
  ...court,
});

const planned = (court: Omit<StateCourt, "coverage" | "refresh_cadence_seconds" | "case_management_system">): StateCourt => ({
  ...court,
  coverage: "planned",
  refresh_cadence_seconds: null,
  case_management_system: null,
});

const STATE_COURTS: readonly StateCourt[] = [
  active({
    court_code: "nysupnyc",
    name: "Supreme Court of the State of New York, New York County",
    case_id_format: { pattern: "^[0-9]{6}/[0-9]{4}$", example: "654321/2023" },
    coverage: "full",
    case_management_system: "NYSCEF",
    notes: "Case id is the index number (nnnnnn/yyyy). E-filed cases only; paper-only cases are not covered.",
    region: "NY",
  }),
  active({
    court_code: "nysupkings",
    name: "Supreme Court of the State of New York, Kings County",
    case_id_format: { pattern: "^[0-9]{6}/[0-9]{4}$", example: "512345/2024" },
    coverage: "full",
    case_management_system: "NYSCEF",
    notes: "Case id is the index number (nnnnnn/yyyy). E-filed cases only; paper-only cases are not covered.",
    region: "NY",
  }),
  active({
    court_code: "dechancery",
    name: "Court of Chancery of the State of Delaware",
    case_id_format: { pattern: "^[0-9]{4}-[0-9]{4}-[A-Z]{2,5}$", example: "2024-0123-KSJM" },
    coverage: "full",
    case_management_system: "File & ServeXpress",
    notes: "Case id is the C.A. number with the judicial officer's initials. Sealed filings are listed without text.",
    region: "DE",
  }),
  active({
    court_code: "calasc",
    name: "Superior Court of California, County of Los Angeles",
    case_id_format: { pattern: "^[0-9]{2}[A-Z]{4}[0-9]{5}$", example: "23STCV12345" },
    coverage: "partial",
    case_management_system: "LASC Case Access",
    notes: "Civil cases only; family, probate and criminal cases are not covered. Documents are not linked.",
    region: "CA",
  }),
  active({
    court_code: "ilcook",
    name: "Circuit Court of Cook County, Illinois",
    case_id_format: { pattern: "^[0-9]{4}[A-Z]{1,2}[0-9]{5,6}$", example: "2023L001234" },
    coverage: "partial",
    case_management_system: "Cook County Clerk eFiling",
    notes: "Law (2023L001234) and Chancery (2020CH04247) divisions only. Docket texts are the clerk's short entries.",
    region: "IL",
  }),
  active({
    court_code: "txharris",
    name: "District Courts of Harris County, Texas",
    case_id_format: { pattern: "^[0-9]{4}-[0-9]{5}$", example: "2023-12345" },
    coverage: "partial",
    case_management_system: "Harris County District Clerk",
    notes: "Civil cases only. Criminal cases are not covered.",
    region: "TX",
  }),
  active({
    court_code: "flmiamidade",
    name: "Circuit Court of the Eleventh Judicial Circuit, Miami-Dade County, Florida",
    case_id_format: { pattern: "^[0-9]{4}-[0-9]{6}-[A-Z]{2}-[0-9]{2}$", example: "2023-012345-CA-01" },
    coverage: "partial",
    case_management_system: "Miami-Dade Clerk Civil Online",
    notes: "Civil and family divisions. Confidential family filings are omitted.",
    region: "FL",
  }),
  planned({
    court_code: "ohctclaims",
    name: "Ohio Court of Claims",
    case_id_format: { pattern: "^[0-9]{4}-[0-9]{5}[A-Z]{0,2}$", example: "2024-00123" },
    notes: "Access agreement pending.",
    region: "OH",
  }),
  planned({
    court_code: "txsupct",
    name: "Supreme Court of Texas",
    case_id_format: { pattern: "^[0-9]{2}-[0-9]{4}$", example: "24-0123" },
    notes: "Access agreement pending.",
    region: "TX",
  }),
  planned({
    court_code: "pasupct",
    name: "Supreme Court of Pennsylvania",
    case_id_format: { pattern: "^[0-9]{1,4} [A-Z]{2,3} [0-9]{4}$", example: "12 EAP 2024" },
    notes: "Access agreement pending.",
    region: "PA",
  }),
];

export const US_STATE_COURTS: readonly CourtRecord[] = STATE_COURTS.map((court) => ({
  ...court,
  jurisdiction_country: "US",
  language: "en",
  kind: "us_state",
}));
