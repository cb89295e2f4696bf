// Small builders for the sandbox fixtures: they keep lib/sandbox/cases.ts readable as data, and
// generate long dockets deterministically (same input, same docket, on every instance).
import type { CaseHeader, CaseRecord, StoredDocketEntry, StoredParty } from "@/lib/cases/types";
import { instantToZonedIso } from "@/lib/sources/zoned-time";

type EntryInput = Omit<StoredDocketEntry, "first_seen_at" | "appeared_at" | "document_identifier_type" | "external_url"> & {
  /** Minutes between filing and the refresh that first stored it (default 20). */
  seenAfterMinutes?: number;
  /** Overrides the computed appearance (a filing picked up late by a refresh). */
  appeared_at?: string;
};

export interface SourceStyle {
  documentIdentifierType: StoredDocketEntry["document_identifier_type"];
  /** Link to the document at the source portal, from its identifier. */
  documentUrl: (documentIdentifier: string) => string;
}

export const cmEcf = (court: string): SourceStyle => ({
  documentIdentifierType: "fed_doc_id",
  documentUrl: (id) => `https://ecf.${court}.uscourts.gov/doc1/${id}`,
});

export const cmEcfAppellate = (court: string): SourceStyle => ({
  documentIdentifierType: "appellate_doc_id",
  documentUrl: (id) => `https://ecf.${court}.uscourts.gov/docs1/${id}`,
});

export function entryBuilder(style: SourceStyle) {
  return (input: EntryInput): StoredDocketEntry => {
    const { seenAfterMinutes = 20, appeared_at, ...entry } = input;
    const appeared = appeared_at ?? new Date(Date.parse(entry.filed_at) + seenAfterMinutes * 60_000).toISOString();
    return {
      ...entry,
      document_identifier_type: entry.document_identifier === null ? "none" : style.documentIdentifierType,
      external_url: entry.document_identifier === null ? null : style.documentUrl(entry.document_identifier),
      first_seen_at: appeared,
      appeared_at: appeared,
    };
  };
}

export function party(
  name: string,
  type: StoredParty["type"],
  role: string,
  dateJoined: string,
  attorneys: StoredParty["attorneys"] = [],
  options: { primary?: boolean; terminated?: string | null } = {},
): StoredParty {
  return {
    name,
    type,
    role_in_case: role,
    date_joined: dateJoined,
    date_terminated: options.terminated ?? null,
    attorneys,
    is_primary: options.primary ?? false,
  };
}

export function attorney(name: string, firm: string | null, role: string, dateAction: string) {
  return { name, firm: firm ?? "", role, date_action: dateAction };
}

/** The fixture's refresh time is set per request (cache_age_seconds); this placeholder is replaced. */
export const FIXTURE_REFRESH_PLACEHOLDER = "1970-01-01T00:00:00.000Z";

export type FixtureCase = CaseRecord;

/** Deterministic pseudo-random numbers (LCG): fixtures must be identical on every instance. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const ROUTINE: ReadonlyArray<readonly [StoredDocketEntry["filing_type"], string]> = [
  ["motion", "MOTION to Compel Production of Documents by {party}. (Attachments: # 1 Memorandum of Law, # 2 Declaration, # 3 Exhibit A)"],
  ["order", "ORDER granting in part and denying in part {party}'s Letter Motion for a discovery conference. Conference set for {date}. So Ordered."],
  ["notice", "NOTICE of Appearance by {lawyer} on behalf of {party}."],
  ["stipulation", "STIPULATION and [Proposed] Order extending time to respond to the amended complaint, filed by {party}."],
  ["brief", "MEMORANDUM OF LAW in Opposition re: Motion to Dismiss, filed by {party}."],
  ["hearing", "Minute Entry for proceedings held before the Court: Status Conference held on {date}. Counsel for all parties present."],
  ["subpoena", "SUBPOENA to Produce Documents issued to a non-party, served by {party}."],
  ["notice", "LETTER addressed to the Court from {lawyer} regarding the schedule for expert discovery."],
  ["order", "SCHEDULING ORDER: fact discovery to be completed by {date}."],
  ["motion", "LETTER MOTION for Extension of Time to file reply, by {party}."],
  [null, "Transcript of proceedings held on {date} has been filed. Redaction request due in 21 days."],
  ["other", "CERTIFICATE OF SERVICE of the documents filed on {date}, by {party}."],
];

export interface GeneratedDocketOptions {
  seed: number;
  count: number;
  /** Filing time of the first generated entry. */
  start: string;
  /** The court's IANA zone: filing times carry its offset, as live ones do (lib/courts/timezone.ts). */
  zone: string;
  /** Mean gap between filings, in hours. */
  meanGapHours: number;
  firstEntryNumber: number;
  parties: readonly string[];
  lawyers: readonly string[];
  firstDocumentId: number;
  style: SourceStyle;
  /** Makes descriptions longer (a filler of this many characters is appended), for large dockets. */
  padding?: number;
}

/** A long, realistic-looking run of routine docket activity. */
export function generateDocket(options: GeneratedDocketOptions): StoredDocketEntry[] {
  const random = seededRandom(options.seed);
  const build = entryBuilder(options.style);
  const entries: StoredDocketEntry[] = [];
  let time = Date.parse(options.start);
  for (let index = 0; index < options.count; index += 1) {
    const [filingType, template] = ROUTINE[Math.floor(random() * ROUTINE.length)]!;
    const party = options.parties[Math.floor(random() * options.parties.length)]!;
    const lawyer = options.lawyers[Math.floor(random() * options.lawyers.length)]!;
    const later = new Date(time + (7 + Math.floor(random() * 40)) * 86_400_000).toISOString().slice(0, 10);
    const text = template.replaceAll("{party}", party).replaceAll("{lawyer}", lawyer).replaceAll("{date}", later);
    const filler = options.padding ? ` ${"Filed electronically; see attached documents for details. ".repeat(Math.ceil(options.padding / 58)).slice(0, options.padding)}` : "";
    const number = options.firstEntryNumber + index;
    entries.push(
      build({
        entry_number: number,
        // To the minute, in the court's zone: a docket's times, not a random instant's milliseconds in UTC.
        filed_at: instantToZonedIso(Math.floor(time / 60_000) * 60_000, options.zone),
        filing_type: filingType,
        filed_by: filingType === "order" || filingType === "hearing" ? "Court" : party,
        description: text + filler,
        document_identifier: filingType === "hearing" ? null : String(options.firstDocumentId + index * 3),
      }),
    );
    time += Math.max(1, Math.round(random() * 2 * options.meanGapHours * 3_600_000));
  }
  return entries;
}

/** A case header with the defaults most fixtures share. */
export const fixtureHeader = (fields: Partial<CaseHeader> & Pick<CaseHeader, "case_number" | "case_name" | "case_type">): CaseHeader => ({
  case_name_secondary: null,
  case_name_secondary_language: null,
  language: "en",
  date_filed: null,
  date_terminated: null,
  status: "open",
  assigned_judge: null,
  nature_of_proceeding: null,
  cause: null,
  jury_demand: null,
  appellate: null,
  ...fields,
});
