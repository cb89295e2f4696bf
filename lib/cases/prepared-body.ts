// A case's `case` object built, checked against the contract and serialized once per stored content, then
// reused by every response of that content: a sandbox fixture's, or a cached case's while its content
// version stands (lib/cases/case-content-cache.ts). Per request only what varies is left to do — the meta,
// the delta, a few hundred bytes of JSON around the body — instead of mapping, checking and serializing a
// docket of thousands of entries each time (docs/performance.md "Request overhead").
//
// Only contents registered as shared are prepared (lib/cases/shared-content.ts): a case read once for one answer
// gains nothing from it, and a large docket is then built only as far as the size ceiling needs
// (lib/cases/build-case-response.ts). Prepared bodies are frozen, so what was checked is what is sent.
import { caseBasicSchema, caseFullSchema, type CaseBasic, type CaseFull, type DocketEntry } from "@/contract";
import type { CourtRecord } from "@/lib/courts/types";
import { buildCaseBody, type CaseBody } from "./build-case-body";
import { RESPONSE_LIMIT_BYTES } from "./fit-docket";
import { isSharedContent } from "./shared-content";
import type { CaseRecord, StoredDocketEntry } from "./types";

export interface PreparedBody extends CaseBody {
  /** JSON.stringify(body) as UTF-8: what answers send, copied, never encoded again. */
  json: Buffer;
}

interface Entry {
  /** null: the body is larger than any answer may be (answers of it are cut: the general path's work). */
  body: PreparedBody | null;
  header: CaseRecord["header"];
  parties: CaseRecord["parties"];
  crossReferences: CaseRecord["cross_references"];
}

const prepared = new WeakMap<readonly StoredDocketEntry[], Map<string, Entry>>();
/** Bodies and entries that passed the contract's schema (frozen: they cannot have changed since). */
const checkedBodies = new WeakMap<object, Buffer>();
const checkedEntries = new WeakSet<DocketEntry>();

export interface PrepareOptions {
  record: CaseRecord;
  court: CourtRecord;
  context: "basic" | "full";
  language: "en" | "fr" | null;
}

/** The prepared body of a shared content, or null when the content is not shared (or breaks the contract). */
export function preparedBody({ record, court, context, language }: PrepareOptions): PreparedBody | null {
  if (!isSharedContent(record.entries)) return null;
  const key = `${court.court_code}\u0000${court.name}\u0000${court.jurisdiction_country}\u0000${court.language}\u0000${context}\u0000${language ?? ""}`;
  let byKey = prepared.get(record.entries);
  if (!byKey) {
    byKey = new Map();
    prepared.set(record.entries, byKey);
  }
  const known = byKey.get(key);
  if (known && known.header === record.header && known.parties === record.parties && known.crossReferences === record.cross_references) return known.body;
  const entry: Entry = { body: null, header: record.header, parties: record.parties, crossReferences: record.cross_references };

  const built = buildCaseBody({ record, court, context, language });
  // A body that breaks the contract is not kept: the response check then finds and logs it (500, not charged).
  if (!(context === "full" ? caseFullSchema : caseBasicSchema).safeParse(built.body).success) return null;
  const json = Buffer.from(JSON.stringify(built.body), "utf8");
  byKey.set(key, entry);
  if (json.length > RESPONSE_LIMIT_BYTES) return null;
  freezeBody(built.body);
  checkedBodies.set(built.body, json);
  if ("docket_history" in built.body) for (const view of built.body.docket_history) checkedEntries.add(view);
  entry.body = { ...built, json };
  return entry.body;
}

/** The serialized form of a prepared body (undefined for any other object). */
export function preparedJson(body: unknown): Buffer | undefined {
  return typeof body === "object" && body !== null ? checkedBodies.get(body) : undefined;
}

/** Whether this docket entry object already passed the contract's schema. */
export function entryChecked(entry: unknown): boolean {
  return typeof entry === "object" && entry !== null && checkedEntries.has(entry as DocketEntry);
}

function freezeBody(body: CaseBasic | CaseFull): void {
  for (const party of body.primary_parties) Object.freeze(party);
  Object.freeze(body.primary_parties);
  if (body.appellate) Object.freeze(body.appellate);
  if ("docket_history" in body) {
    for (const party of body.parties) {
      for (const attorney of party.attorneys) Object.freeze(attorney);
      Object.freeze(party.attorneys);
      Object.freeze(party);
    }
    for (const reference of body.cross_references) Object.freeze(reference);
    Object.freeze(body.parties);
    Object.freeze(body.cross_references);
    Object.freeze(body.docket_history); // its entries are frozen when made (build-case-body.ts)
  }
  Object.freeze(body);
}
