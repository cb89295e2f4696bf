// The sandbox fixture cases (docs/sandbox.md lists them; those outside the US federal courts are in
// non-federal-cases.ts). Fictional parties and filings with the shape, rhythm and edge cases of real
// dockets. The newest filings of each open case were first seen between 2026-11-16 and 2026-11-19, so
// `last_checked=2026-11-15T00:00:00Z` shows a delta and `last_checked=2026-11-20T00:00:00Z` shows none (the
// closed txed case has no filing since 2023: no delta).
import {
  FIXTURE_REFRESH_PLACEHOLDER,
  attorney,
  cmEcf,
  cmEcfAppellate,
  entryBuilder,
  fixtureHeader as header,
  generateDocket,
  party,
  type FixtureCase,
} from "./fixture-builders";
import { bilingual, quebec, state } from "./non-federal-cases";

// --- An open federal civil case with a long docket -------------------------------------------------
const nysd = entryBuilder(cmEcf("nysd"));
const civil: FixtureCase = {
  case_id: "1:23-cv-04567",
  court_code: "nysd",
  header: header({
    case_number: "1:23-cv-04567",
    case_name: "Harborline Logistics LLC v. Meridian Data Systems, Inc.",
    case_type: "civil",
    date_filed: "2023-06-01",
    assigned_judge: "Hon. Eleanor M. Castellano",
    nature_of_proceeding: "Contract: Other",
    cause: "28:1332 Diversity-Breach of Contract",
    jury_demand: "both",
  }),
  parties: [
    party("Harborline Logistics LLC", "plaintiff", "Plaintiff", "2023-06-01", [
      attorney("Dana R. Whitfield", "Whitfield & Oduya LLP", "Lead Attorney", "2023-06-01"),
      attorney("Marcus T. Oduya", "Whitfield & Oduya LLP", "Attorney to be Noticed", "2023-06-14"),
    ], { primary: true }),
    party("Meridian Data Systems, Inc.", "defendant", "Defendant", "2023-06-01", [
      attorney("Priya K. Raman", "Castell Brandt LLP", "Lead Attorney", "2023-07-10"),
    ], { primary: true }),
    party("Meridian Cloud Services Ltd.", "defendant", "Defendant", "2023-06-01", [
      attorney("Priya K. Raman", "Castell Brandt LLP", "Lead Attorney", "2023-07-10"),
    ], { terminated: "2024-02-12" }),
    party("Atlas Freight Insurance Co.", "intervenor", "Intervenor Plaintiff", "2024-05-03", [
      attorney("Samuel J. Ekwueme", "Ekwueme Lowry PC", "Lead Attorney", "2024-05-03"),
    ]),
  ],
  cross_references: [
    { relationship: "related", case_id: "1:23-cv-05110", court_code: "nysd", relationship_note: "Related by the Court on 2023-07-21" },
  ],
  entries: [
    nysd({ entry_number: 1, filed_at: "2023-06-01T16:42:00-04:00", filing_type: "complaint", filed_by: "Harborline Logistics LLC", description: "COMPLAINT against Meridian Data Systems, Inc., Meridian Cloud Services Ltd. (Filing Fee $ 402.00). Document filed by Harborline Logistics LLC. (Attachments: # 1 Civil Cover Sheet, # 2 Exhibit 1 - Master Services Agreement)", document_identifier: "127034111201" }),
    nysd({ entry_number: 2, filed_at: "2023-06-02T10:05:00-04:00", filing_type: "notice", filed_by: "Court", description: "ELECTRONIC SUMMONS ISSUED as to Meridian Data Systems, Inc., Meridian Cloud Services Ltd.", document_identifier: "127034111987" }),
    ...generateDocket({
      seed: 4567,
      count: 139,
      start: "2023-06-20T14:00:00Z",
      zone: "America/New_York",
      meanGapHours: 90,
      firstEntryNumber: 3,
      parties: ["Harborline Logistics LLC", "Meridian Data Systems, Inc.", "Atlas Freight Insurance Co."],
      lawyers: ["Dana R. Whitfield", "Priya K. Raman", "Samuel J. Ekwueme", "Marcus T. Oduya"],
      firstDocumentId: 127034200000,
      style: cmEcf("nysd"),
    }),
    nysd({ entry_number: 143, filed_at: "2026-11-16T11:20:00-05:00", filing_type: "motion", filed_by: "Meridian Data Systems, Inc.", description: "MOTION for Summary Judgment. Document filed by Meridian Data Systems, Inc. (Attachments: # 1 Rule 56.1 Statement, # 2 Declaration of P. Raman)", document_identifier: "127039990001" }),
    nysd({ entry_number: 144, filed_at: "2026-11-16T11:31:00-05:00", filing_type: "brief", filed_by: "Meridian Data Systems, Inc.", description: "MEMORANDUM OF LAW in Support re: 143 MOTION for Summary Judgment. Document filed by Meridian Data Systems, Inc.", document_identifier: "127039990004" }),
    // Filed on the 12th, but the court docketed it late: first seen by the service on the 18th.
    nysd({ entry_number: 142, filed_at: "2026-11-12T09:00:00-05:00", appeared_at: "2026-11-18T15:05:00Z", filing_type: "order", filed_by: "Court", description: "ORDER: The final pretrial conference is adjourned to January 14, 2027. SO ORDERED. (Signed by Judge Eleanor M. Castellano on 11/12/2026)", document_identifier: "127039980117" }),
    nysd({ entry_number: 145, filed_at: "2026-11-18T14:02:00-05:00", filing_type: "notice", filed_by: "Harborline Logistics LLC", description: "NOTICE of Appearance by Leah Brandvold on behalf of Harborline Logistics LLC.", document_identifier: "127039990311" }),
    nysd({ entry_number: 146, filed_at: "2026-11-19T09:15:00-05:00", filing_type: "stipulation", filed_by: "Harborline Logistics LLC", description: "STIPULATION and [Proposed] Order setting the briefing schedule on 143 MOTION for Summary Judgment: opposition due 12/18/2026, reply due 01/08/2027.", document_identifier: "127039990420" }),
  ],
  last_refreshed_at: FIXTURE_REFRESH_PLACEHOLDER,
};

// --- A criminal case -----------------------------------------------------------------------------
const dcd = entryBuilder(cmEcf("dcd"));
const criminal: FixtureCase = {
  case_id: "1:22-cr-00123",
  court_code: "dcd",
  header: header({
    case_number: "1:22-cr-00123",
    case_name: "United States v. Corvin Halloway",
    case_type: "criminal",
    date_filed: "2022-04-11",
    assigned_judge: "Hon. Theodore A. Lindqvist",
    nature_of_proceeding: "Fraud",
    cause: "18:1343 Wire Fraud",
    jury_demand: "none",
  }),
  parties: [
    party("United States of America", "plaintiff", "Plaintiff", "2022-04-11", [
      attorney("AUSA Renata Okafor", "U.S. Attorney's Office for the District of Columbia", "Lead Attorney", "2022-04-11"),
    ], { primary: true }),
    party("Corvin Halloway", "defendant", "Defendant (1)", "2022-04-11", [
      attorney("Jonah B. Strickland", "Federal Public Defender", "Lead Attorney", "2022-04-13"),
    ], { primary: true }),
  ],
  cross_references: [
    { relationship: "magistrate_case", case_id: "1:22-mj-00087", court_code: "dcd", relationship_note: "Complaint and arrest warrant" },
  ],
  entries: [
    dcd({ entry_number: 1, filed_at: "2022-04-11T15:10:00-04:00", filing_type: "complaint", filed_by: "United States of America", description: "INDICTMENT as to Corvin Halloway (1) count(s) 1-4.", document_identifier: "045011230001" }),
    dcd({ entry_number: 6, filed_at: "2022-04-18T11:00:00-04:00", filing_type: "hearing", filed_by: "Court", description: "Minute Entry for Arraignment as to Corvin Halloway held on 4/18/2022. Plea of NOT GUILTY entered as to all counts.", document_identifier: null }),
    dcd({ entry_number: 31, filed_at: "2023-01-09T16:30:00-05:00", filing_type: "motion", filed_by: "Corvin Halloway", description: "MOTION to Suppress Evidence by Corvin Halloway.", document_identifier: "045011230311" }),
    dcd({ entry_number: 37, filed_at: "2023-03-02T10:00:00-05:00", filing_type: "order", filed_by: "Court", description: "MEMORANDUM OPINION AND ORDER denying 31 Motion to Suppress as to Corvin Halloway.", document_identifier: "045011230377" }),
    dcd({ entry_number: 52, filed_at: "2024-06-20T14:00:00-04:00", filing_type: "judgment", filed_by: "Court", description: "JUDGMENT as to Corvin Halloway: 46 months imprisonment, 3 years supervised release, restitution $ 1,240,000.", document_identifier: "045011230529" }),
    dcd({ entry_number: 61, filed_at: "2026-11-17T13:45:00-05:00", filing_type: "motion", filed_by: "Corvin Halloway", description: "MOTION for Early Termination of Supervised Release by Corvin Halloway.", document_identifier: "045011230611" }),
  ],
  last_refreshed_at: FIXTURE_REFRESH_PLACEHOLDER,
};

// --- A bankruptcy case ---------------------------------------------------------------------------
const deb = entryBuilder(cmEcf("deb"));
const bankruptcy: FixtureCase = {
  case_id: "1:24-bk-10234",
  court_code: "deb",
  header: header({
    case_number: "1:24-bk-10234",
    case_name: "In re: Northwind Grocers Holdings, Inc.",
    case_type: "bankruptcy",
    date_filed: "2024-02-05",
    assigned_judge: "Hon. Miriam O. Castaneda",
    nature_of_proceeding: "Chapter 11 Voluntary",
    cause: null,
  }),
  parties: [
    party("Northwind Grocers Holdings, Inc.", "debtor", "Debtor", "2024-02-05", [
      attorney("Carla J. Benedetti", "Benedetti Shah LLP", "Debtor's Counsel", "2024-02-05"),
    ], { primary: true }),
    party("Office of the United States Trustee", "trustee", "U.S. Trustee", "2024-02-05", [
      attorney("Gregory P. Nakamura", null, "Trial Attorney", "2024-02-06"),
    ]),
    party("Official Committee of Unsecured Creditors", "creditor", "Creditor Committee", "2024-02-20", [
      attorney("Hannah V. Osei", "Osei Marchetti LLP", "Committee Counsel", "2024-02-22"),
    ]),
    party("First Harbor Bank, N.A.", "creditor", "Creditor", "2024-02-07", [
      attorney("Luis E. Ferraz", "Ferraz Bloom LLP", "Attorney to be Noticed", "2024-02-07"),
    ]),
  ],
  cross_references: [
    { relationship: "jointly_administered", case_id: "1:24-bk-10235", court_code: "deb", relationship_note: "Northwind Grocers Operating LLC" },
    { relationship: "adversary_proceeding", case_id: "1:24-ap-50112", court_code: "deb", relationship_note: "Committee v. First Harbor Bank, N.A." },
  ],
  entries: [
    deb({ entry_number: 1, filed_at: "2024-02-05T23:51:00-05:00", filing_type: "complaint", filed_by: "Northwind Grocers Holdings, Inc.", description: "Chapter 11 Voluntary Petition for Non-Individuals. Fee Amount $1738.", document_identifier: "036024100001" }),
    deb({ entry_number: 12, filed_at: "2024-02-06T14:00:00-05:00", filing_type: "motion", filed_by: "Northwind Grocers Holdings, Inc.", description: "Motion of the Debtors for Interim and Final Orders Authorizing Use of Cash Collateral.", document_identifier: "036024100122" }),
    deb({ entry_number: 58, filed_at: "2024-02-07T17:30:00-05:00", filing_type: "order", filed_by: "Court", description: "Interim Order Authorizing the Debtors' Use of Cash Collateral.", document_identifier: "036024100588" }),
    deb({ entry_number: 412, filed_at: "2024-09-30T12:00:00-04:00", filing_type: "notice", filed_by: "Northwind Grocers Holdings, Inc.", description: "Notice of Filing of Plan Supplement.", document_identifier: "036024104121" }),
    deb({ entry_number: 733, filed_at: "2026-11-17T10:10:00-05:00", filing_type: "motion", filed_by: "Official Committee of Unsecured Creditors", description: "Motion of the Official Committee of Unsecured Creditors to Convert the Case to Chapter 7.", document_identifier: "036024107333" }),
    deb({ entry_number: 734, filed_at: "2026-11-18T16:00:00-05:00", filing_type: "hearing", filed_by: "Court", description: "Hearing Scheduled for 12/9/2026 at 10:00 AM, Courtroom 7 (re: 733 Motion to Convert Case).", document_identifier: null }),
  ],
  last_refreshed_at: FIXTURE_REFRESH_PLACEHOLDER,
};

// --- An appellate case with the `appellate` object ----------------------------------------------
const ca9 = entryBuilder(cmEcfAppellate("ca9"));
const appellate: FixtureCase = {
  case_id: "23-15678",
  court_code: "ca9",
  header: header({
    case_number: "23-15678",
    case_name: "Sierra Vista Growers Cooperative v. Pacific Irrigation Authority",
    case_type: "appellate",
    date_filed: "2023-05-02",
    nature_of_proceeding: "Civil Private - Environmental Matters",
    appellate: {
      appeal_type: "civil",
      panel: ["Hon. Rosalind T. Achebe", "Hon. Gregory L. Whitcombe", "Hon. Ines M. Varga"],
      originating_court: { court_code: "cand", case_id: "3:21-cv-08812", court_name: "U.S. District Court for the Northern District of California" },
      oral_argument_date: "2024-03-12",
    },
  }),
  parties: [
    party("Sierra Vista Growers Cooperative", "appellant", "Plaintiff - Appellant", "2023-05-02", [
      attorney("Ruth A. Callaghan", "Callaghan Ng LLP", "Counsel", "2023-05-02"),
    ], { primary: true }),
    party("Pacific Irrigation Authority", "appellee", "Defendant - Appellee", "2023-05-02", [
      attorney("Omar F. Haddad", "Haddad Sterling LLP", "Counsel", "2023-05-09"),
    ], { primary: true }),
    party("Western Rivers Alliance", "amicus", "Amicus Curiae", "2023-09-14", [
      attorney("Yuki S. Tanabe", "Western Rivers Alliance", "Counsel", "2023-09-14"),
    ]),
  ],
  cross_references: [
    { relationship: "appeal_from", case_id: "3:21-cv-08812", court_code: "cand", relationship_note: null },
  ],
  entries: [
    ca9({ entry_number: 1, filed_at: "2023-05-02T12:31:00-07:00", filing_type: "notice", filed_by: "Sierra Vista Growers Cooperative", description: "DOCKETED CAUSE AND ENTERED APPEARANCES OF COUNSEL. SEND MQ: No. Setting schedule as to the briefs.", document_identifier: "012712345601" }),
    ca9({ entry_number: 9, filed_at: "2023-08-28T16:00:00-07:00", filing_type: "brief", filed_by: "Sierra Vista Growers Cooperative", description: "Submitted (ECF) Opening Brief for review. Submitted by Appellant Sierra Vista Growers Cooperative.", document_identifier: "012712345699" }),
    ca9({ entry_number: 17, filed_at: "2023-10-30T15:20:00-07:00", filing_type: "brief", filed_by: "Pacific Irrigation Authority", description: "Submitted (ECF) Answering Brief for review. Submitted by Appellee Pacific Irrigation Authority.", document_identifier: "012712345777" }),
    ca9({ entry_number: 31, filed_at: "2024-03-12T09:30:00-07:00", filing_type: "hearing", filed_by: "Court", description: "ARGUED AND SUBMITTED TO ROSALIND T. ACHEBE, GREGORY L. WHITCOMBE and INES M. VARGA.", document_identifier: null }),
    ca9({ entry_number: 33, filed_at: "2026-11-17T10:00:00-08:00", filing_type: "judgment", filed_by: "Court", description: "FILED OPINION (ROSALIND T. ACHEBE, GREGORY L. WHITCOMBE and INES M. VARGA) AFFIRMED IN PART, REVERSED IN PART, AND REMANDED. FILED AND ENTERED JUDGMENT.", document_identifier: "012712346033" }),
  ],
  last_refreshed_at: FIXTURE_REFRESH_PLACEHOLDER,
};

// --- A closed case -------------------------------------------------------------------------------
const txed = entryBuilder(cmEcf("txed"));
const closed: FixtureCase = {
  case_id: "2:21-cv-00321",
  court_code: "txed",
  header: header({
    case_number: "2:21-cv-00321",
    case_name: "Lumenroot Technologies, LLC v. Brightwave Devices Corp.",
    case_type: "civil",
    date_filed: "2021-08-24",
    date_terminated: "2023-02-15",
    status: "closed",
    assigned_judge: "Hon. Walter B. Kinsey",
    nature_of_proceeding: "Patent",
    cause: "35:271 Patent Infringement",
    jury_demand: "plaintiff",
  }),
  parties: [
    party("Lumenroot Technologies, LLC", "plaintiff", "Plaintiff", "2021-08-24", [
      attorney("Evelyn C. Marsh", "Marsh Delacroix PLLC", "Lead Attorney", "2021-08-24"),
    ], { primary: true }),
    party("Brightwave Devices Corp.", "defendant", "Defendant", "2021-08-24", [
      attorney("Tobias R. Lindgren", "Lindgren Abara LLP", "Lead Attorney", "2021-10-01"),
    ], { primary: true, terminated: "2023-02-15" }),
  ],
  cross_references: [],
  entries: [
    txed({ entry_number: 1, filed_at: "2021-08-24T13:00:00-05:00", filing_type: "complaint", filed_by: "Lumenroot Technologies, LLC", description: "COMPLAINT for Patent Infringement against Brightwave Devices Corp. (Filing fee $ 402.)", document_identifier: "175021000001" }),
    txed({ entry_number: 88, filed_at: "2023-01-30T11:00:00-06:00", filing_type: "settlement", filed_by: "Lumenroot Technologies, LLC", description: "NOTICE of Settlement by Lumenroot Technologies, LLC.", document_identifier: "175021000888" }),
    txed({ entry_number: 90, filed_at: "2023-02-15T09:45:00-06:00", filing_type: "judgment", filed_by: "Court", description: "FINAL JUDGMENT. All claims are DISMISSED WITH PREJUDICE. The Clerk is directed to CLOSE this case.", document_identifier: "175021000901" }),
  ],
  last_refreshed_at: FIXTURE_REFRESH_PLACEHOLDER,
};

// --- A docket large enough that context=full truncates at 2 MB ------------------------------------
const cand = entryBuilder(cmEcf("cand"));
const huge: FixtureCase = {
  case_id: "3:21-md-02996",
  court_code: "cand",
  header: header({
    case_number: "3:21-md-02996",
    case_name: "In re: Consumer Router Firmware Antitrust Litigation",
    case_type: "civil",
    date_filed: "2021-04-01",
    assigned_judge: "Hon. Jonathan P. Ferreira",
    nature_of_proceeding: "Antitrust",
    cause: "15:1 Antitrust Litigation",
    jury_demand: "both",
  }),
  parties: [
    party("Direct Purchaser Plaintiffs", "plaintiff", "Plaintiff", "2021-04-01", [
      attorney("Grace H. Abernathy", "Abernathy Koenig LLP", "Interim Lead Counsel", "2021-05-10"),
    ], { primary: true }),
    party("Netstar Communications, Inc.", "defendant", "Defendant", "2021-04-01", [
      attorney("Victor L. Osterman", "Osterman Quayle LLP", "Lead Attorney", "2021-04-20"),
    ], { primary: true }),
  ],
  cross_references: [{ relationship: "mdl_transferor", case_id: "MDL-2996", court_code: "jpml", relationship_note: "Transfer order of the Judicial Panel on Multidistrict Litigation" }],
  entries: [
    cand({ entry_number: 1, filed_at: "2021-04-01T09:00:00-07:00", filing_type: "order", filed_by: "Court", description: "TRANSFER ORDER from the Judicial Panel on Multidistrict Litigation.", document_identifier: "035121000001" }),
    ...generateDocket({
      seed: 2996,
      count: 9000,
      start: "2021-04-02T17:00:00Z",
      zone: "America/Los_Angeles",
      meanGapHours: 4,
      firstEntryNumber: 2,
      parties: ["Direct Purchaser Plaintiffs", "Indirect Purchaser Plaintiffs", "Netstar Communications, Inc.", "Corvex Systems LLC"],
      lawyers: ["Grace H. Abernathy", "Victor L. Osterman", "Ana P. Delgado", "Felix W. Brandt"],
      firstDocumentId: 35121000100,
      style: cmEcf("cand"),
      padding: 120,
    }),
    cand({ entry_number: 9002, filed_at: "2026-11-17T13:00:00-08:00", filing_type: "order", filed_by: "Court", description: "ORDER re: Class Certification Hearing. Hearing set for 1/21/2027 10:00 AM.", document_identifier: "035121099002" }),
  ],
  last_refreshed_at: FIXTURE_REFRESH_PLACEHOLDER,
};

export const SANDBOX_CASES: readonly FixtureCase[] = [civil, criminal, bankruptcy, appellate, closed, bilingual, quebec, state, huge];

/** Requests the sandbox answers with an error, by design (docs/sandbox.md). */
export const SANDBOX_ERROR_FIXTURES = {
  plannedCourt: { case_id: "2024-00123", court_code: "ohctclaims" },
  sourceDown: { case_id: "3:24-cv-01001", court_code: "prd" },
  unknownCase: { case_id: "1:24-cv-99999", court_code: "nysd" },
} as const;
