// The sandbox's fixture cases outside the US federal courts: a bilingual Canadian Federal Court case, a
// French-language Quebec case and a state case (lib/sandbox/cases.ts lists them all).
import {
  FIXTURE_REFRESH_PLACEHOLDER,
  attorney,
  entryBuilder,
  fixtureHeader as header,
  party,
  type FixtureCase,
  type SourceStyle,
} from "./fixture-builders";

// --- A bilingual Canadian Federal Court case (secondary name in French) ---------------------------
const fctStyle: SourceStyle = {
  documentIdentifierType: "ca_doc_id",
  documentUrl: (id) => `https://www.fct-cf.gc.ca/en/court-files-and-decisions/court-files?doc=${id}`,
};
const fct = entryBuilder(fctStyle);
export const bilingual: FixtureCase = {
  case_id: "T-1234-23",
  court_code: "fct",
  header: header({
    case_number: "T-1234-23",
    case_name: "Maple Ridge Fisheries Ltd. v. His Majesty the King",
    case_name_secondary: "Pêcheries Maple Ridge Ltée c. Sa Majesté le Roi",
    case_name_secondary_language: "fr",
    case_type: "judicial_review",
    language: "bilingual",
    date_filed: "2023-06-19",
    assigned_judge: "Justice Madeleine Gagnon-Reid",
    nature_of_proceeding: "Judicial review: federal board or tribunal",
  }),
  parties: [
    party("Maple Ridge Fisheries Ltd.", "petitioner", "Applicant / Demanderesse", "2023-06-19", [
      attorney("Aidan Fairweather", "Fairweather Côté LLP", "Solicitor of record", "2023-06-19"),
    ], { primary: true }),
    party("His Majesty the King", "respondent", "Respondent / Défendeur", "2023-06-19", [
      attorney("Isabelle Thériault", "Department of Justice Canada", "Solicitor of record", "2023-07-04"),
    ], { primary: true }),
  ],
  cross_references: [],
  entries: [
    fct({ entry_number: 1, filed_at: "2023-06-19T10:12:00-04:00", filing_type: "complaint", filed_by: "Maple Ridge Fisheries Ltd.", description: "Notice of application for judicial review filed on behalf of the Applicant.", description_secondary: "Avis de demande de contrôle judiciaire déposé au nom de la demanderesse.", document_identifier: "FC-T-1234-23-0001" }),
    fct({ entry_number: 2, filed_at: "2023-07-04T15:40:00-04:00", filing_type: "notice", filed_by: "His Majesty the King", description: "Notice of appearance filed on behalf of the Respondent.", description_secondary: "Avis de comparution déposé au nom du défendeur.", document_identifier: "FC-T-1234-23-0002" }),
    fct({ entry_number: 7, filed_at: "2024-01-22T11:00:00-05:00", filing_type: "order", filed_by: "Court", description: "Order: the hearing is set down for two days at Ottawa.", description_secondary: "Ordonnance : l'audience est fixée pour deux jours à Ottawa.", document_identifier: "FC-T-1234-23-0007" }),
    fct({ entry_number: 12, filed_at: "2026-11-18T09:30:00-05:00", filing_type: "hearing", filed_by: "Court", description: "Hearing held before Justice Gagnon-Reid; judgment reserved.", description_secondary: "Audience tenue devant la juge Gagnon-Reid; jugement en délibéré.", document_identifier: null }),
  ],
  last_refreshed_at: FIXTURE_REFRESH_PLACEHOLDER,
};

// --- A French-language Quebec case ---------------------------------------------------------------
const qcStyle: SourceStyle = {
  documentIdentifierType: "ca_doc_id",
  documentUrl: (id) => `https://services.justice.gouv.qc.ca/plumitif/document/${id}`,
};
const qccs = entryBuilder(qcStyle);
export const quebec: FixtureCase = {
  case_id: "500-17-123456-231",
  court_code: "qccs",
  header: header({
    case_number: "500-17-123456-231",
    case_name: "Construction Bellerive inc. c. Ville de Montréal",
    case_type: "civil",
    language: "fr",
    date_filed: "2023-03-08",
    assigned_judge: "L'honorable Sophie Lanctôt, j.c.s.",
    nature_of_proceeding: "Contrat d'entreprise",
  }),
  parties: [
    party("Construction Bellerive inc.", "plaintiff", "Demanderesse", "2023-03-08", [
      attorney("Me Julien Beauchemin", "Beauchemin Thibodeau avocats", "Procureur", "2023-03-08"),
    ], { primary: true }),
    party("Ville de Montréal", "defendant", "Défenderesse", "2023-03-08", [
      attorney("Me Nadia Ouellet", "Affaires juridiques, Ville de Montréal", "Procureure", "2023-03-20"),
    ], { primary: true }),
  ],
  cross_references: [],
  entries: [
    qccs({ entry_number: 1, filed_at: "2023-03-08T10:00:00-05:00", filing_type: "complaint", filed_by: "Construction Bellerive inc.", description: "Demande introductive d'instance en réclamation de sommes dues.", document_identifier: "QC-500-17-123456-231-001" }),
    qccs({ entry_number: 2, filed_at: "2023-03-20T14:30:00-04:00", filing_type: "notice", filed_by: "Ville de Montréal", description: "Réponse à l'assignation.", document_identifier: "QC-500-17-123456-231-002" }),
    qccs({ entry_number: 5, filed_at: "2023-06-01T09:00:00-04:00", filing_type: "stipulation", filed_by: "Construction Bellerive inc.", description: "Protocole de l'instance convenu entre les parties.", document_identifier: "QC-500-17-123456-231-005" }),
    qccs({ entry_number: 14, filed_at: "2026-11-16T11:00:00-05:00", filing_type: "motion", filed_by: "Ville de Montréal", description: "Demande en irrecevabilité partielle.", document_identifier: "QC-500-17-123456-231-014" }),
  ],
  last_refreshed_at: FIXTURE_REFRESH_PLACEHOLDER,
};

// --- A state case --------------------------------------------------------------------------------
const nyscefStyle: SourceStyle = {
  documentIdentifierType: "state_doc_id",
  documentUrl: (id) => `https://iapps.courts.state.ny.us/nyscef/ViewDocument?docIndex=${id}`,
};
const nyscef = entryBuilder(nyscefStyle);
export const state: FixtureCase = {
  case_id: "654321/2023",
  court_code: "nysupnyc",
  header: header({
    case_number: "654321/2023",
    case_name: "Greystone Atrium Owners Corp. v. Pellucid Facades Inc.",
    case_type: "civil",
    date_filed: "2023-08-14",
    assigned_judge: "Hon. Adrienne S. Molloy",
    nature_of_proceeding: "Commercial Division: Contract",
    jury_demand: "none",
  }),
  parties: [
    party("Greystone Atrium Owners Corp.", "plaintiff", "Plaintiff", "2023-08-14", [
      attorney("Benjamin R. Aldana", "Aldana Prewitt LLP", "Attorney", "2023-08-14"),
    ], { primary: true }),
    party("Pellucid Facades Inc.", "defendant", "Defendant", "2023-08-14", [
      attorney("Chloe M. Varner", "Varner & Iqbal PC", "Attorney", "2023-09-06"),
    ], { primary: true }),
  ],
  cross_references: [],
  entries: [
    nyscef({ entry_number: 1, filed_at: "2023-08-14T12:00:00-04:00", filing_type: "complaint", filed_by: "Greystone Atrium Owners Corp.", description: "SUMMONS + COMPLAINT", document_identifier: "xyzA7Q2pLm0001" }),
    nyscef({ entry_number: 6, filed_at: "2023-09-06T16:20:00-04:00", filing_type: "other", filed_by: "Pellucid Facades Inc.", description: "ANSWER WITH COUNTERCLAIM(S)", document_identifier: "xyzA7Q2pLm0006" }),
    nyscef({ entry_number: 21, filed_at: "2024-02-01T10:00:00-05:00", filing_type: "order", filed_by: "Court", description: "PRELIMINARY CONFERENCE ORDER", document_identifier: "xyzA7Q2pLm0021" }),
    nyscef({ entry_number: 48, filed_at: "2026-11-19T15:00:00-05:00", filing_type: "subpoena", filed_by: "Greystone Atrium Owners Corp.", description: "SUBPOENA DUCES TECUM (non-party architect)", document_identifier: "xyzA7Q2pLm0048" }),
  ],
  last_refreshed_at: FIXTURE_REFRESH_PLACEHOLDER,
};
