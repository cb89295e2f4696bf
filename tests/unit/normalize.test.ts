// The shared normalization every source adapter goes through.
import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { caseFullSchema } from "@/contract";
import { findCourt } from "@/lib/courts/registry";
import { courtTimezone } from "@/lib/courts/timezone";
import { classifyCaseType, normalizeJuryDemand } from "@/lib/sources/normalize/classify-case";
import { classifyFilingType } from "@/lib/sources/normalize/classify-filing-type";
import { classifyPartyType } from "@/lib/sources/normalize/classify-party-type";
import { documentIdentifierType } from "@/lib/sources/normalize/document-links";
import { harmonizeCaseName } from "@/lib/sources/normalize/harmonize-case-name";
import { normalizeCase } from "@/lib/sources/normalize/normalize-case";
import { UnreadableSourceDate, toCalendarDate, toLatestTimestamp, toTimestamp } from "@/lib/sources/normalize/normalize-date";
import { instantToZonedIso, zonedTimeToIso } from "@/lib/sources/zoned-time";

describe("filing types", () => {
  it.each([
    ["COMPLAINT against Globex Corp. (Filing fee $ 402)", "complaint"],
    ["Chapter 11 Voluntary Petition for Non-Individuals. Fee Amount $1738", "complaint"],
    ["INDICTMENT as to John Doe (1) count(s) 1-3", "complaint"],
    ["Notice of application for judicial review", "complaint"],
    ["MOTION to Compel Discovery by Acme", "motion"],
    ["Ex parte Application for order shortening time", "motion"],
    ["Petition for Rehearing En Banc filed by Appellant", "motion"],
    ["ORDER granting 12 Motion to Dismiss. Signed by Judge X.", "order"],
    ["MEMORANDUM OPINION AND ORDER denying motion to suppress", "order"],
    ["Memo-Endorsement on letter addressed to Judge Martin", "order"],
    ["FINAL JUDGMENT. The Clerk is directed to close this case.", "judgment"],
    ["FILED OPINION (A, B and C) AFFIRMED. FILED AND ENTERED JUDGMENT.", "judgment"],
    ["NOTICE of Appearance by Jane Roe on behalf of Acme", "notice"],
    ["LETTER addressed to Judge from counsel", "notice"],
    ["NOTICE of Settlement by Lumenroot", "settlement"],
    ["STIPULATION and [Proposed] Order extending time", "stipulation"],
    ["Minute Entry for proceedings held before Judge: Status Conference", "hearing"],
    ["Transcript of proceedings held on 3/1/2024", "hearing"],
    ["MEMORANDUM OF LAW in Opposition re: Motion to Dismiss", "brief"],
    ["APPELLEES' BRIEF filed by Appellees", "brief"],
    ["Objection to Trustee's Determination of Claim", "brief"],
    ["SUBPOENA to Produce Documents served on a non-party", "subpoena"],
    ["CERTIFICATE OF SERVICE of documents", "other"],
    ["BNC Certificate of Mailing. (RE: related document(s) 16 Order)", "other"],
    ["Corporate disclosure statement filed by Appellee", "other"],
    // Real CM/ECF wordings (../shared/corpus) that lead with something other than their kind.
    ["Receipt of Voluntary Petition (Chapter 7)(4:09-bk-05144) [other,volp7] ( 299.00) Filing Fee.", "other"],
    ["Receipt of Motion for Relief from Stay (150.00 fee)(2:09-bk-13744-CGC) [motion,185]", "other"],
    ["AFFIDAVIT of Service for Complaint for declaratory judgment; and summons served on Matthew Brent Gifford", "other"],
    ["WAIVER OF SERVICE Returned Executed; waiver sent to Best Chevrolet Inc on 12/8/2008, answer due 2/6/2009.", "other"],
    ["WAIVER OF INDICTMENT by Jose Miguel Santana-Esmeralda. (AJS)", "notice"],
    ["WAIVER of Jury Trial by Attorney Steven A. Russell as to defendant(s) Joseph J. Benz.", "notice"],
    ["Certificate of No Objection to Application for Authority for Employment and Retention of Accountants", "notice"],
    ["Disposition of Adversary [96-90892] Granting [1-1] Complaint NOS 454 Recover Money/Property", "judgment"],
    ["Set Deadlines as to 14 Consent MOTION for Leave to Appear Pro Hac Vice. Motion set for 4/17/2023", "order"],
    ["Set/Reset Hearings: Status Conference set for 5/1/2023 10:00 AM before Judge X.", "hearing"],
    ["LETTER ORDER granting the request for an extension of time. Signed by Magistrate Judge X.", "order"],
    ["ANSWER to Complaint with Jury Demand by Globex Corp.", "brief"],
    ["Affidavit Of John Sharpe In Support Of Application For An Order Under 11 U.S.C. § 105, 327(a)", "brief"],
    ["DECLARATION in Support re 23 MOTION to Dismiss filed by Defendant.", "brief"],
    ["Arrest Warrant Issued as to Jose Garcia.", "order"],
    ["Supreme Court Case Info Case number: 16-1540 Filed on: 06/26/2017 Cert Petition Action 1: Pending", "notice"],
    ["Demande introductive d'instance", "complaint"],
    ["Demande de prolongation de délai", "motion"],
    ["Avis de comparution déposé pour X", "notice"],
    ["Jugement final rendu", "judgment"],
    ["Ordonnance de gestion rendue", "order"],
    ["Protocole de l'instance convenu", "stipulation"],
  ])("%s → %s", (text, type) => {
    expect(classifyFilingType(text)).toBe(type);
  });

  it("gives entries without text no type", () => {
    expect(classifyFilingType("")).toBeNull();
    expect(classifyFilingType("   ")).toBeNull();
    expect(classifyFilingType(null)).toBeNull();
  });

  // Real CM/ECF entries (../shared/corpus): entries that name their kind first are read as that kind.
  const corpus = path.resolve(process.cwd(), "../shared/corpus/pacer");
  it.skipIf(!existsSync(corpus))("reads real docket texts by the kind they name first (skipped without ../shared/corpus)", () => {
    const expectations: Array<[RegExp, string]> = [
      [/^MOTION\b/i, "motion"],
      [/^ORDER\b/i, "order"],
      [/^COMPLAINT\b/i, "complaint"],
      [/^NOTICE of Appearance/i, "notice"],
      [/^Minute Entry\b/i, "hearing"],
      [/^(JUDGMENT|FINAL JUDGMENT)\b/i, "judgment"],
      [/^STIPULATION\b/i, "stipulation"],
    ];
    let checked = 0;
    const wrong: string[] = [];
    for (const dir of ["district", "bankruptcy", "appellate"]) {
      for (const name of readdirSync(path.join(corpus, dir)).filter((file) => file.endsWith(".json"))) {
        const record = JSON.parse(readFileSync(path.join(corpus, dir, name), "utf8")) as { docket_entries?: Array<{ description?: string | null }> };
        for (const entry of record.docket_entries ?? []) {
          const text = entry.description ?? "";
          const type = classifyFilingType(text);
          if (text.trim() !== "") expect(type).not.toBeNull();
          for (const [pattern, expected] of expectations) {
            if (!pattern.test(text)) continue;
            checked += 1;
            if (type !== expected) wrong.push(`${expected} ← ${text.slice(0, 80)}`);
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(300);
    expect(wrong).toEqual([]);
  });
});

describe("party types", () => {
  it.each([
    ["Plaintiff", false, "plaintiff"],
    ["Defendant (1)", false, "defendant"],
    ["Plaintiff - Counter Defendant", false, "plaintiff"],
    ["Plaintiff - Appellant", true, "appellant"],
    ["Defendant - Appellee", true, "appellee"],
    ["Petitioner", true, "petitioner"],
    ["Debtor", false, "debtor"],
    ["U.S. Trustee", false, "trustee"],
    ["Creditor Committee", false, "creditor"],
    ["Intervenor Plaintiff", false, "intervenor"],
    ["Amicus Curiae", false, "amicus"],
    ["Interested Party", false, "interested_party"],
    ["Demanderesse", false, "plaintiff"],
    ["Défendeur", false, "defendant"],
    ["Applicant / Demanderesse", false, "plaintiff"],
    ["Respondent / Défendeur", false, "respondent"],
    ["Mis en cause", false, "interested_party"],
    ["Movant", false, "other"],
    // Real role wordings (../shared/corpus).
    ["Counter Defendant", false, "defendant"],
    ["Counter-Claimant", false, "plaintiff"],
    ["Debtor In Possession", false, "debtor"],
    ["Joint Debtor", false, "debtor"],
    ["Intervenor Defendant", false, "intervenor"],
    ["Intervenor - Pending", false, "intervenor"],
    ["Assistant U.S. Trustee", false, "trustee"],
    ["Appellee USA", true, "appellee"],
    ["Special Master", false, "other"],
    ["Notice Party", false, "other"],
  ])("%s (appellate court: %s) → %s", (role, appellate, type) => {
    expect(classifyPartyType(role, appellate)).toBe(type);
  });
});

describe("case types and jury demand", () => {
  it.each([
    ["nysd", "1:23-cv-04567", null, "civil"],
    ["nysd", "1:23-cr-00001", null, "criminal"],
    ["nysd", "1:23-mj-00001", null, "criminal"],
    ["nysd", "1:23-mc-00001", null, "miscellaneous"],
    ["deb", "1:24-bk-10234", null, "bankruptcy"],
    ["deb", "1:24-ap-50112", null, "adversary_proceeding"],
    ["ca9", "23-15678", null, "appellate"],
    ["bap9", "15-1074", "Bankruptcy appeal", "appellate"],
    ["cavc", "18-3815", null, "appellate"],
    ["cit", "1:09-cv-00523-N/A", null, "civil"],
    ["nysd", "1:22-cr-00123-2", null, "criminal"],
    ["nysd", "1:21-ml-03011", null, "civil"],
    ["fct", "T-1234-23", "Judicial review", "judicial_review"],
    ["calasc", "23STCV12345", "Civil Unlimited", "civil"],
    ["calasc", "23STFL12345", "Family Law", "family"],
    ["calasc", "23STPB12345", "Probate", "probate"],
    ["calasc", "23STXX12345", "Something else", "other"],
  ])("%s %s (%s) → %s", (court, caseId, sourceType, type) => {
    expect(classifyCaseType(findCourt(court)!, caseId, sourceType)).toBe(type);
  });

  it.each([
    ["Plaintiff", "plaintiff"],
    ["Defendant", "defendant"],
    ["Both", "both"],
    ["None", "none"],
    ["", null],
    [null, null],
  ])("jury demand %s → %s", (value, expected) => {
    expect(normalizeJuryDemand(value)).toBe(expected);
  });
});

describe("dates", () => {
  it("renders court-local times with the offset of that day, daylight saving included", () => {
    expect(zonedTimeToIso({ year: 2026, month: 11, day: 16, hour: 11, minute: 20 }, "America/New_York")).toBe("2026-11-16T11:20:00-05:00");
    expect(zonedTimeToIso({ year: 2026, month: 7, day: 16 }, "America/New_York")).toBe("2026-07-16T00:00:00-04:00");
    expect(zonedTimeToIso({ year: 2026, month: 7, day: 16 }, "America/Phoenix")).toBe("2026-07-16T00:00:00-07:00");
    expect(zonedTimeToIso({ year: 2026, month: 1, day: 2 }, "America/St_Johns")).toBe("2026-01-02T00:00:00-03:30");
    // A wall time in the spring-forward gap moves past it; an ambiguous one takes the first occurrence.
    expect(zonedTimeToIso({ year: 2026, month: 3, day: 8, hour: 2, minute: 30 }, "America/New_York")).toBe("2026-03-08T03:30:00-04:00");
    expect(zonedTimeToIso({ year: 2026, month: 11, day: 1, hour: 1, minute: 30 }, "America/New_York")).toBe("2026-11-01T01:30:00-04:00");
    expect(instantToZonedIso(Date.parse("2026-11-16T16:20:00Z"), "America/Los_Angeles")).toBe("2026-11-16T08:20:00-08:00");
  });

  it("keeps each court's dates in the zone of its seat, where a state spans two", () => {
    expect(courtTimezone(findCourt("texapp8")!)).toBe("America/Denver"); // El Paso
    expect(courtTimezone(findCourt("texapp3")!)).toBe("America/Chicago"); // Austin
    expect(courtTimezone(findCourt("tned")!)).toBe("America/New_York"); // Knoxville
    expect(courtTimezone(findCourt("tnmd")!)).toBe("America/Chicago"); // Nashville
  });

  it.each([
    ["2026-11-16", "2026-11-16T00:00:00-05:00"],
    ["11/16/2026", "2026-11-16T00:00:00-05:00"],
    ["11/16/2026 3:05 PM", "2026-11-16T15:05:00-05:00"],
    ["11/16/2026 12:05 am", "2026-11-16T00:05:00-05:00"],
    ["11/16/2026 00:05 AM", "2026-11-16T00:05:00-05:00"],
    ["2026-11-16T11:20", "2026-11-16T11:20:00-05:00"],
    ["2026-11-16T16:20:00Z", "2026-11-16T16:20:00Z"],
    ["2026-11-16T11:20:00-0500", "2026-11-16T11:20:00-05:00"],
  ])("%s in New York → %s", (value, expected) => {
    expect(toTimestamp(value, "America/New_York")).toBe(expected);
  });

  it.each([
    // The last moment the source's precision allows: the day, the minute, the second.
    ["11/16/2026", "2026-11-17T04:59:59.999Z"],
    ["11/16/2026 3:05 PM", "2026-11-16T20:05:59.999Z"],
    ["2026-11-16T11:20", "2026-11-16T16:20:59.999Z"],
    ["2026-11-16T11:20:07", "2026-11-16T16:20:07.999Z"],
    ["2026-11-16T16:20Z", "2026-11-16T16:20:59.999Z"],
    ["2026-11-16T16:20:00.250Z", "2026-11-16T16:20:00.999Z"],
    // The hour the clocks go back happens twice: 1:30 AM on 3 November 2024 may be the second one (EST), so
    // the latest moment is that one's, not the first's an hour before (the DST start's missing hour moves on).
    ["11/03/2024 1:30 AM", "2024-11-03T06:30:59.999Z"],
    ["2024-11-03T01:30:07", "2024-11-03T06:30:07.999Z"],
    ["11/03/2024 2:30 AM", "2024-11-03T07:30:59.999Z"],
    ["03/10/2024 2:30 AM", "2024-03-10T07:30:59.999Z"],
    ["11/03/2024", "2024-11-04T04:59:59.999Z"],
    ["03/10/2024", "2024-03-11T03:59:59.999Z"],
  ])("entered %s in New York: appeared no later than %s", (value, expected) => {
    expect(toLatestTimestamp(value, "America/New_York")).toBe(expected);
  });

  it("refuses what it cannot read instead of guessing", () => {
    // A 12-hour clock time past 12, or 00 in the afternoon, contradicts itself (was 12:05 for "00:05 PM").
    for (const value of ["16 Nov 2026", "2026-02-30", "13/01/2026", "2026-11-16T25:00", "11/16/2026 00:05 PM", "11/16/2026 13:05 AM", "11/16/2026 13:05 PM"]) {
      expect(() => toTimestamp(value, "America/New_York"), value).toThrow(UnreadableSourceDate);
    }
    // An offset no zone has is no instant: refused by both, not passed on as a timestamp nothing can parse.
    for (const value of ["2026-11-16T11:20:00+25:00", "2026-11-16T11:20:00+05:70", "2026-11-16T11:20-2400"]) {
      expect(() => toTimestamp(value, "America/New_York"), value).toThrow(UnreadableSourceDate);
      expect(() => toLatestTimestamp(value, "America/New_York"), value).toThrow(UnreadableSourceDate);
    }
    expect(toCalendarDate("11/16/2026")).toBe("2026-11-16");
  });
});

describe("normalizeCase", () => {
  it("turns a source's case into the cached shape, the same for every adapter", () => {
    // The Federal Court as an adapter for its system would serve it (the registry lists it as planned until then).
    const court = { ...findCourt("fct")!, coverage: "full" as const, refresh_cadence_seconds: 3600, case_management_system: "Federal Courts Proceedings Queries" };
    const normalized = normalizeCase(court, "T-1234-23", {
      caseNumber: "T-1234-23",
      title: "  Maple  Ridge Fisheries Ltd. v. His Majesty the King ",
      titleSecondary: { text: "Pêcheries Maple Ridge Ltée c. Sa Majesté le Roi", language: "fr" },
      caseType: "Judicial review",
      dateFiled: "06/19/2023",
      dateTerminated: "2024-05-01",
      dateReopened: "2024-06-01",
      parties: [
        { name: "Maple Ridge Fisheries Ltd.", role: "Applicant", attorneys: [{ name: "A. Fairweather", firm: null, role: "Solicitor", dateAction: "2023-06-19" }] },
        { name: "His Majesty the King", role: "Respondent" },
        { name: "Attorney General of Canada", role: "Respondent" },
      ],
      entries: [
        { number: 1, filed: "2023-06-19T10:12", text: "Notice of application filed.", textSecondary: "Avis de demande déposé.", documentId: "D1" },
        { number: 2, filed: "2023-07-04", text: "Hearing held.", documentId: null },
      ],
    });
    expect(normalized.header).toMatchObject({
      case_name: "Maple Ridge Fisheries Ltd. v. His Majesty the King",
      case_name_secondary: "Pêcheries Maple Ridge Ltée c. Sa Majesté le Roi",
      case_name_secondary_language: "fr",
      case_type: "judicial_review",
      language: "bilingual",
      date_filed: "2023-06-19",
      // Reopened after the termination: open again, no termination date.
      status: "open",
      date_terminated: null,
    });
    expect(normalized.parties.map((party) => [party.type, party.is_primary])).toEqual([
      ["plaintiff", true],
      ["respondent", true],
      ["respondent", false],
    ]);
    expect(normalized.entries).toEqual([
      {
        entry_number: 1,
        filed_at: "2023-06-19T10:12:00-04:00",
        filing_type: "complaint",
        filed_by: null,
        description: "Notice of application filed.",
        description_secondary: "Avis de demande déposé.",
        document_identifier: "D1",
        document_identifier_type: "ca_doc_id",
        external_url: "https://www.fct-cf.gc.ca/en/court-files-and-decisions/court-files?doc=D1",
        // A time to the minute: docketed at some moment of that minute, so its last one (an agent whose
        // last_checked falls inside that minute is not told to skip it).
        docketed_at: "2023-06-19T14:12:59.999Z",
        source_sequence: null,
      },
      {
        entry_number: 2,
        filed_at: "2023-07-04T00:00:00-04:00",
        filing_type: "hearing",
        filed_by: null,
        description: "Hearing held.",
        description_secondary: null,
        document_identifier: null,
        document_identifier_type: "none",
        external_url: null,
        // A date alone: the last moment of that day in the court's zone (Toronto, EDT).
        docketed_at: "2023-07-05T03:59:59.999Z",
        source_sequence: null,
      },
    ]);
    const { description_secondary: _a, docketed_at: _b, source_sequence: _c, ...first } = normalized.entries[0]!;
    expect(
      caseFullSchema.safeParse({
        ...normalized.header,
        court_code: "fct",
        court_name: court.name,
        jurisdiction_country: "CA",
        primary_parties: [],
        parties: normalized.parties.map(({ is_primary: _p, ...party }) => party),
        cross_references: [],
        docket_history: [first],
      }).success,
    ).toBe(true);
  });

  it("links ACMS entries by no made-up URL, and prefers the link a source prints", () => {
    const normalized = normalizeCase(findCourt("ca9")!, "23-15678", {
      caseNumber: "23-15678",
      title: "A v. B",
      parties: [],
      entries: [
        { number: 1, filed: "2024-02-03", text: "ORDER", documentId: "331c5dfc-3662-ee11-be6e-001dd804e4bd" },
        { number: 2, filed: "2024-02-04", text: "ORDER", documentId: "0090284296", documentUrl: "https://ecf.ca9.uscourts.gov/docs4/0090284296" },
        { number: 3, filed: "2024-02-05", text: "ORDER", documentId: "9", documentUrl: "/docs1/9" },
      ],
    });
    expect(normalized.entries.map((entry) => [entry.document_identifier_type, entry.external_url])).toEqual([
      ["appellate_doc_id", null],
      ["appellate_doc_id", "https://ecf.ca9.uscourts.gov/docs4/0090284296"],
      ["appellate_doc_id", null],
    ]);
  });

  it("closes a case on termination and links federal documents to CM/ECF", () => {
    const normalized = normalizeCase(findCourt("ca7")!, "23-15678", {
      caseNumber: "23-15678",
      title: "A v. B",
      dateTerminated: "2024-02-03",
      parties: [{ name: "A", role: "Plaintiff - Appellant" }, { name: "B", role: "Defendant - Appellee" }],
      entries: [{ number: 33, filed: "2024-02-03", text: "FILED OPINION AFFIRMED", documentId: "0127" }],
    });
    expect(normalized.header).toMatchObject({ status: "closed", date_terminated: "2024-02-03", case_type: "appellate" });
    expect(normalized.parties.map((party) => party.type)).toEqual(["appellant", "appellee"]);
    expect(normalized.entries[0]).toMatchObject({
      filed_at: "2024-02-03T00:00:00-06:00",
      document_identifier_type: "appellate_doc_id",
      external_url: "https://ecf.ca7.uscourts.gov/docs1/0127",
    });
  });
});

// The Supreme Court's, Texas' (TAMES) and Florida's (ACIS) wordings: real texts of ../shared/corpus/scotus and
// ../shared/corpus/state. These courts are appellate courts whatever kind the registry files them under: a
// source that gives the appellate block (where a case comes from) says so.
describe("appellate courts' wordings (Supreme Court, Texas, Florida)", () => {
  it.each([
    // Supreme Court "Proceedings and Orders"
    ["Petition for a writ of certiorari filed. (Response due June 12, 2017)", "complaint"],
    ["Petition DENIED.", "order"],
    ["Petition GRANTED.", "order"],
    ["Rehearing DENIED.", "order"],
    ["Application (16A599) granted by Justice Ginsburg extending the time to file until February 21, 2017.", "order"],
    ["Application (16A940) to extend the time to file a petition for a writ of certiorari from April 9, 2017 to May 10, 2017, submitted to Justice Kennedy.", "motion"],
    ["Motion to extend the time to file a response is granted and the time is extended to and including July 29, 2024.", "order"],
    ["Motion to proceed in forma pauperis and petition for a writ of certiorari GRANTED.", "order"],
    ["Response Requested. (Due July 10, 2017)", "order"],
    ["The time to file respondents' brief on the merits is extended to and including December 8, 2017.", "order"],
    ["Argued. For petitioner: Paul D. Clement, Washington, D. C.", "hearing"],
    ["SET FOR ARGUMENT ON Wednesday, January 17, 2018", "hearing"],
    ["Joint appendix filed.", "brief"],
    ["Blanket Consent filed by Petitioner, Encino Motorcars, LLC", "notice"],
    ["Brief amici curiae of Criminal Law Scholars filed.", "brief"],
    ["Judgment REVERSED and case REMANDED. Thomas, J., delivered the opinion of the Court.", "judgment"],
    ["JUDGMENT ISSUED.", "judgment"],
    // Texas case events: "type (disposition)"
    ["Motion for extension of time to file brief disposed (Motion or Writ Granted)", "order"],
    ["Motion for extension of time to file brief filed", "motion"],
    ["Motion for rehearing was not filed", "other"],
    ["Motion/leave to file petition for writ of mandamus (Overruled)", "order"],
    ["Case transferred from this court to another court of appeals (Motion or Writ Granted)", "order"],
    ["MOTION DISP (DENIED)", "order"],
    ["PDR DISP (Refused)", "order"],
    ["ACTION TAKEN (Dismissed -- Non-compliance)", "judgment"],
    ["FINAL DISP (Refused)", "judgment"],
    ["PDR FILED", "complaint"],
    ["WRIT RECEIVED", "complaint"],
    ["EXT RR FILED", "motion"],
    ["REH RECD & LTF DEN", "order"],
    ["Appellants brief due", "other"],
    ["Set for submission on briefs", "hearing"],
    ["No payment arrangements made with trial court clerk for record", "other"],
    ["Mandate issued", "judgment"],
    ["Brief filed - oral argument requested", "brief"],
    // Florida ACIS entries: "type - sub-type: description (outcome)"
    ["Disposition (SC) - Dismissed: Dismissed - Order by Judge", "judgment"],
    ["Misc. Events - Miscellaneous Trial Court Order: Order Granting Petition", "order"],
    ["Recognizing Agreed Extension - Answer Brief: 30 Days to 11/17/2025", "order"],
    ["Letter - Acknowledgment Letter", "notice"],
    ["Motions Relating to Oral Argument - Motion/Request for Oral Argument (Granted)", "motion"],
    ["Brief - Reply Brief", "brief"],
  ])("%s → %s", (text, type) => {
    expect(classifyFilingType(text)).toBe(type);
  });

  it.each([
    ["Relator", "petitioner"],
    ["Real Party in Interest", "interested_party"],
    ["Applicant", "petitioner"],
    ["Applicant (writs)/Appellant's (cases)", "appellant"],
    ["Criminal - Appellant", "appellant"],
    ["Criminal - State of Texas", "other"],
    ["Amicus - Appellee", "amicus"],
    ["Lower Tribunal Clerk", "other"],
    ["Judge/Judicial Officer", "other"],
    ["Other", "other"],
  ])("party role %s in an appellate court → %s", (role, type) => {
    expect(classifyPartyType(role, true)).toBe(type);
  });

  const stateCourt = {
    court_code: "txcoa-test",
    name: "First Court of Appeals",
    jurisdiction_country: "US" as const,
    language: "en" as const,
    case_id_format: { pattern: ".*", example: "" },
    coverage: "full" as const,
    refresh_cadence_seconds: 3600,
    case_management_system: "TAMES",
    notes: null,
    kind: "us_state" as const,
    region: "TX",
  };

  it("reads a case with an appellate block as an appeal, its roles as appellate roles", () => {
    const normalized = normalizeCase(stateCourt, "01-25-00011-CV", {
      caseNumber: "01-25-00011-CV",
      title: "Shaffer v. Jomes",
      caseType: "Interlocutory",
      parties: [{ name: "Shaffer", role: "Appellant" }, { name: "X", role: "Amicus - Appellee" }],
      appellate: { appealType: "Interlocutory", originatingCourt: { courtCode: "txharris", caseId: "2024-34116", courtName: "55th District Court, Harris County" } },
      entries: [{ filed: "2025-01-07", text: "Notice of appeal filed in court of appeals" }],
    });
    expect(normalized.header.case_type).toBe("appellate");
    expect(normalized.parties.map((party) => party.type)).toEqual(["appellant", "amicus"]);
    expect(normalized.entries[0]).toMatchObject({ filed_at: "2025-01-07T00:00:00-06:00", filing_type: "notice" });
    // The same wording without the appellate block is read by its words.
    expect(classifyCaseType(stateCourt, "x", "Interlocutory")).toBe("other");
    expect(classifyCaseType(stateCourt, "x", "Interlocutory", true)).toBe("appellate");
  });

  it("closes a case the source says is closed without a date", () => {
    const header = normalizeCase(stateCourt, "4D2026-0606", { caseNumber: "4D2026-0606", title: "A v. B", closed: true, parties: [], entries: [] }).header;
    expect(header).toMatchObject({ status: "closed", date_terminated: null });
  });

  it("harmonizes the courts' captions", () => {
    expect(harmonizeCaseName("Nijjar Realty, Inc., et al., Petitioners v. Germaine Judge, et al.")).toBe("Nijjar Realty, Inc., Petitioners v. Germaine Judge");
    expect(harmonizeCaseName("Larry D. Richardson v. Ricky Dixon, Department of Corrections Secretary, et al.,")).toBe("Larry D. Richardson v. Ricky Dixon, Department of Corrections Secretary");
    // A capital "V." is a middle initial where the caption also has the lower-case "v.".
    expect(harmonizeCaseName("RIDE SAFE TRANSPORT, LLC, MILAGROS V. FERRER-RODRIGUEZ v. ANDREW NAHASS")).toBe("RIDE SAFE TRANSPORT, LLC, MILAGROS V. FERRER-RODRIGUEZ v. ANDREW NAHASS");
    expect(harmonizeCaseName("SMITH V. JONES")).toBe("SMITH v. JONES");
  });

  it("gives a national court off district CM/ECF (the Supreme Court) appellate document ids", () => {
    const supreme = { ...stateCourt, court_code: "scotus-test", kind: "us_national" as const, region: null, case_management_system: "supremecourt.gov" };
    expect(documentIdentifierType(supreme)).toBe("appellate_doc_id");
    expect(documentIdentifierType({ ...supreme, case_management_system: "CM/ECF" })).toBe("fed_doc_id");
    expect(documentIdentifierType({ ...supreme, case_management_system: "CM/ECF (PACER)" })).toBe("fed_doc_id");
    expect(documentIdentifierType({ ...supreme, case_management_system: "CM/ECF Appellate (PACER)" })).toBe("appellate_doc_id");
  });
});
