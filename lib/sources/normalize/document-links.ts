// What kind of document identifier a court's system uses, and the link to the document at the source
// portal. Decided by the court, not by the adapter, so every adapter of a system links the same way.
import type { DocketEntry } from "@/contract";
import type { CourtRecord } from "@/lib/courts/types";

type IdentifierType = DocketEntry["document_identifier_type"];

export function documentIdentifierType(court: CourtRecord): Exclude<IdentifierType, "none"> {
  switch (court.kind) {
    case "us_district":
    case "us_bankruptcy":
      return "fed_doc_id";
    case "us_appellate":
      return "appellate_doc_id";
    case "us_national":
      // The national trial courts (CIT, Federal Claims, JPML) are on district CM/ECF; the others (the BAPs,
      // Veterans Claims, the Supreme Court) are appellate courts. The system's name may be wrapped in how this
      // deployment answers for it ("Demo source (generated cases; CM/ECF not connected)"), so it is looked for
      // inside the name.
      return /\bCM\/ECF(?! Appellate)/.test(court.case_management_system ?? "") ? "fed_doc_id" : "appellate_doc_id";
    case "us_state":
      return "state_doc_id";
    case "ca_federal":
    case "ca_provincial":
      return "ca_doc_id";
  }
}

const PORTALS: Readonly<Record<string, (court: CourtRecord, id: string) => string>> = {
  "CM/ECF": (court, id) => `https://ecf.${court.court_code}.uscourts.gov/doc1/${encodeURIComponent(id)}`,
  "CM/ECF Appellate": (court, id) => `https://ecf.${court.court_code}.uscourts.gov/docs1/${encodeURIComponent(id)}`,
  NYSCEF: (_court, id) => `https://iapps.courts.state.ny.us/nyscef/ViewDocument?docIndex=${encodeURIComponent(id)}`,
  "Federal Courts Proceedings Queries": (_court, id) =>
    `https://www.fct-cf.gc.ca/en/court-files-and-decisions/court-files?doc=${encodeURIComponent(id)}`,
  Plumitif: (_court, id) => `https://services.justice.gouv.qc.ca/plumitif/document/${encodeURIComponent(id)}`,
};

/** A link to the document at the source portal, or null when the court's portal has no document links. */
export function documentUrl(court: CourtRecord, documentId: string): string | null {
  const portal = court.case_management_system ? PORTALS[court.case_management_system] : undefined;
  return portal ? portal(court, documentId) : null;
}
