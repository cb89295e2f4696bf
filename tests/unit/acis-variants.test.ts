// The ACIS readers (Florida's Supreme Court and six District Courts of Appeal) on forms of the real answers the
// corpus does not show: every record of every endpoint folder of ../shared/corpus/state/florida rewritten the
// way the API, a proxy or another serializer may write the same answer (key order, pretty-printing, null, a
// missing key or "" for a field it has no value for, ids as numbers, timestamps with or without fractional
// seconds, in Z or another offset for the same instant, unknown keys, one-element lists unwrapped, Unicode
// escapes, padding around strings). Every reader's reading of every record (refusals too: a documents or
// hearings answer stays refused as a case, a party list or an entry list) must stay the same, and every rewrite
// must change some record. Then the rules for fields another court's answer may lack or type otherwise (read, or
// refused: never a wrong value), and the endpoints read as the live source uses them (search, courts, and the
// documents and hearings it does not read).
import { describe, expect, it } from "vitest";
import { acisCourtCode, floridaCourtNamed } from "@/lib/sources/florida/acis-courts";
import { combineAcisCase } from "@/lib/sources/florida/combine-acis-case";
import { readAcisCase, readAcisCaseHandle } from "@/lib/sources/florida/read-acis-case";
import { readAcisCourts } from "@/lib/sources/florida/read-acis-courts";
import { readAcisDocketEntries } from "@/lib/sources/florida/read-acis-docket-entries";
import { readAcisParties, unnamedPartiesRefusal } from "@/lib/sources/florida/read-acis-parties";
import type { PartialDocketRead, SourceCase } from "@/lib/sources/types";
import { corpusFiles, corpusText, HAS_CORPUS, NO_CORPUS_MESSAGE } from "@/tests/helpers/corpus";
import { expectRewriteReadsTheSame } from "@/tests/helpers/rewritten-corpus";

const ENDPOINTS = ["case_info", "cases", "courts", "docket_entries", "documents", "hearings", "parties"];
const FILES = HAS_CORPUS ? ENDPOINTS.flatMap((endpoint) => corpusFiles(`state/florida/${endpoint}`, ".compare.json")) : [];

/** A closed case the pieces are put together with, so that a disposition entry dates its end. */
const CLOSED: SourceCase = { caseNumber: "4D2025-1311", title: "A v. B", closed: true, parties: [], entries: [] };

/** What every reader makes of one answer, and the case its pieces make; a refusal as its reason and message. */
function readings(json: string): unknown {
  const found = readAcisCase(json);
  const numbers = Array.isArray(found) ? found.map((read) => read.case.caseNumber) : found.kind === "case" ? [found.case.caseNumber] : [];
  const parties = readAcisParties(json);
  const entries = readAcisDocketEntries(json);
  const pieces = [parties, entries].filter((piece): piece is PartialDocketRead => piece.kind === "partial");
  return {
    cases: found,
    handles: numbers.map((number) => readAcisCaseHandle(json, number)),
    parties,
    entries,
    courts: readAcisCourts(json),
    combined: combineAcisCase(CLOSED, pieces),
  };
}

type Json = unknown;
type Rewrite = (json: string) => string;

/** Rebuilds parsed JSON bottom up; `change` sees every value with the key it sits under (null at the root and in lists). */
function mapJson(value: Json, change: (value: Json, key: string | null) => Json, key: string | null = null): Json {
  const inner = Array.isArray(value)
    ? value.map((item) => mapJson(item, change, null))
    : value !== null && typeof value === "object"
      ? Object.fromEntries(Object.entries(value).map(([name, item]) => [name, mapJson(item, change, name)]))
      : value;
  return change(inner, key);
}
const rewriteJson = (change: (value: Json, key: string | null) => Json, indent?: number) => (json: string) => JSON.stringify(mapJson(JSON.parse(json), change), null, indent);
const isObject = (value: Json): value is Record<string, Json> => value !== null && typeof value === "object" && !Array.isArray(value);
const objectsOnly = (change: (value: Record<string, Json>) => Json) => (value: Json) => (isObject(value) ? change(value) : value);

/** The keys each kind of object (by the path of keys leading to it) has anywhere in the answer, with a value's type. */
function keysByPath(root: Json): Map<string, Map<string, string>> {
  const found = new Map<string, Map<string, string>>();
  const walk = (value: Json, path: string) => {
    if (Array.isArray(value)) return value.forEach((item) => walk(item, `${path}[]`));
    if (!isObject(value)) return;
    const keys = found.get(path) ?? new Map<string, string>();
    found.set(path, keys);
    for (const [key, item] of Object.entries(value)) {
      if (item !== null) keys.set(key, Array.isArray(item) ? "array" : typeof item);
      walk(item, `${path}.${key}`);
    }
  };
  walk(root, "");
  return found;
}

/** Gives each object the keys its siblings have and it lacks (a field with no value), as `absent(type)` makes them. */
const withAbsentKeys = (absent: (type: string) => Json) => (json: string) => {
  const root = JSON.parse(json) as Json;
  const keys = keysByPath(root);
  const fill = (value: Json, path: string): Json => {
    if (Array.isArray(value)) return value.map((item) => fill(item, `${path}[]`));
    if (!isObject(value)) return value;
    const out = Object.fromEntries(Object.entries(value).map(([key, item]) => [key, fill(item, `${path}.${key}`)]));
    for (const [key, type] of keys.get(path) ?? []) if (!(key in out)) out[key] = absent(type);
    return out;
  };
  return JSON.stringify(fill(root, ""));
};

/** Every JSON string token of the text (keys and values) rewritten by `change`, escapes left as they are. */
const inStringTokens = (change: (token: string) => string) => (json: string) => json.replace(/"(?:[^"\\]|\\.)*"/g, change);

const ISO = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(\.\d+)?(Z|[+-]\d{2}:?\d{2})$/;
/** Every timestamp value rewritten by `change` (its whole seconds, fraction and offset). */
const timestamps = (change: (seconds: string, fraction: string, offset: string) => string) =>
  rewriteJson((value) => {
    const match = typeof value === "string" ? ISO.exec(value) : null;
    return match ? change(match[1]!, match[2] ?? "", match[3]!) : value;
  });

/** The same instant written with another offset (`-05:00`: the court's standard time, whatever the season). */
function atOffset(seconds: string, fraction: string, offset: string, minutes: number): string {
  const instant = Date.parse(`${seconds}${offset === "Z" ? "Z" : offset.replace(/^([+-]\d{2}):?(\d{2})$/, "$1:$2")}`);
  const shifted = new Date(instant + minutes * 60_000).toISOString().slice(0, 19);
  const sign = minutes < 0 ? "-" : "+";
  const hours = String(Math.floor(Math.abs(minutes) / 60)).padStart(2, "0");
  return `${shifted}${fraction}${sign}${hours}:${String(Math.abs(minutes) % 60).padStart(2, "0")}`;
}

const reversedKeys = objectsOnly((value) => Object.fromEntries(Object.entries(value).reverse()));
const sortedKeys = objectsOnly((value) => Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b))));
const ID_OR_COUNT = /(?:ID|Id|Identifier|Count)$/;

const REWRITES: Record<string, Rewrite> = {
  "keys in reverse order": rewriteJson(reversedKeys),
  "keys in alphabetical order": rewriteJson(sortedKeys),
  "no whitespace at all": rewriteJson((value) => value),
  "indented by two spaces, CRLF line ends": (json) => JSON.stringify(JSON.parse(json), null, 2).replace(/\n/g, "\r\n"),
  "indented by tabs": (json) => JSON.stringify(JSON.parse(json), null, "\t"),
  "a byte order mark and a trailing newline": (json) => `\ufeff${json}\n`,
  "null keys left out": rewriteJson(objectsOnly((value) => Object.fromEntries(Object.entries(value).filter(([, item]) => item !== null)))),
  "empty strings as null": rewriteJson((value) => (value === "" ? null : value)),
  "null as empty strings": rewriteJson((value) => (value === null ? "" : value)),
  "empty strings and empty lists left out": rewriteJson(objectsOnly((value) => Object.fromEntries(Object.entries(value).filter(([, item]) => item !== "" && !(Array.isArray(item) && item.length === 0))))),
  "absent keys given as null": withAbsentKeys(() => null),
  "absent keys given as empty values": withAbsentKeys((type) => (type === "string" ? "" : type === "array" ? [] : null)),
  "ids and counts as numbers": rewriteJson((value, key) => (key && ID_OR_COUNT.test(key) && typeof value === "string" && /^(?:0|[1-9]\d{0,14})$/.test(value) ? Number(value) : value)),
  "numbers as strings": rewriteJson((value) => (typeof value === "number" ? String(value) : value)),
  "timestamps without a zero fraction": timestamps((seconds, fraction, offset) => `${seconds}${/^\.0+$/.test(fraction) ? "" : fraction}${offset}`),
  "timestamps to the microsecond": timestamps((seconds, fraction, offset) => `${seconds}${(fraction || ".").padEnd(7, "0")}${offset}`),
  "timestamps in Z": timestamps((seconds, fraction, offset) => `${seconds}${fraction}${/^[+-]00:?00$/.test(offset) ? "Z" : offset}`),
  "timestamps with +0000": timestamps((seconds, fraction, offset) => `${seconds}${fraction}${offset === "Z" || offset === "+00:00" ? "+0000" : offset}`),
  "timestamps with the offset in hours alone (+00)": timestamps((seconds, fraction, offset) => `${seconds}${fraction}${offset === "Z" ? "+00" : offset.replace(/^([+-]\d{2}):?00$/, "$1")}`),
  "timestamps in the court's standard time (-05:00)": timestamps((seconds, fraction, offset) => atOffset(seconds, fraction, offset, -300)),
  "timestamps in a far offset (+05:30)": timestamps((seconds, fraction, offset) => atOffset(seconds, fraction, offset, 330)),
  "unknown keys in every object": rewriteJson(objectsOnly((value) => ({ _links: { self: { href: "https://acis-api.flcourts.gov/x" } }, ...value, etag: 'W/"7"', rowVersion: 3 }))),
  "one-element lists written as their element": rewriteJson((value) => (Array.isArray(value) && value.length === 1 && isObject(value[0]) ? value[0] : value)),
  "HTML-safe Unicode escapes (\\u0026 \\u0027 \\u003c \\u003e)": inStringTokens((token) => token.replace(/[&'<>]/g, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, "0")}`)),
  "letters written as Unicode escapes (\\u0065 for e)": inStringTokens((token) => token.replace(/\\.|e/g, (part) => (part === "e" ? "\\u0065" : part))),
  "spaces around every string": rewriteJson((value) => (typeof value === "string" ? `  ${value} ` : value)),
  "a newline and a tab around every string": rewriteJson((value) => (typeof value === "string" ? `\n${value}\t` : value)),
  "several rewrites at once": (json) =>
    [rewriteJson(reversedKeys), REWRITES["ids and counts as numbers"]!, REWRITES["timestamps in Z"]!, REWRITES["null keys left out"]!, REWRITES["spaces around every string"]!].reduce((text, rewrite) => rewrite(text), json),
};

describe.skipIf(!HAS_CORPUS)(`every ACIS record of every endpoint, rewritten (${HAS_CORPUS ? "corpus" : NO_CORPUS_MESSAGE})`, () => {
  it("has records of every endpoint", () => {
    for (const endpoint of ENDPOINTS) expect(FILES.some((file) => file.includes(`/${endpoint}/`)), endpoint).toBe(true);
  });

  for (const [name, rewrite] of Object.entries(REWRITES)) {
    it(`reads the same with ${name}`, () => expectRewriteReadsTheSame(FILES, name, rewrite, readings));
  }

  it("reads a character written as itself and as its \\u escape the same (é, ’, a name in another script)", () => {
    // The corpus is plain ASCII: names are given accented letters, then written both ways.
    const accented = (json: string) => json.replace(/"(displayName|caseTitle|docketEntryDescription|originatingCourtName)": ?"([^"\\]*)"/g, (_whole, key: string, text: string) => `"${key}":"${text.replace(/e/g, "é").replace(/'/g, "’")} Ωμέγα"`);
    const escaped = (json: string) => json.replace(/[^\x00-\x7f]/g, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, "0")}`);
    let changed = 0;
    for (const file of FILES) {
      const literal = accented(corpusText(file));
      if (literal === corpusText(file)) continue;
      changed += 1;
      expect(escaped(literal), file).not.toBe(literal);
      expect(readings(escaped(literal)), file).toEqual(readings(literal));
    }
    expect(changed).toBeGreaterThan(0);
  });

  it("puts a list read in pages of one together as the same case as the list read whole", () => {
    let checked = 0;
    for (const file of FILES.filter((name) => /\/(docket_entries|parties)\//.test(name))) {
      const whole = JSON.parse(corpusText(file)) as { _embedded: { results: Json[] }; page: Record<string, number> };
      const items = whole._embedded.results;
      const pages = items.map((item, number) =>
        JSON.stringify({ _embedded: { results: [item] }, page: { size: 1, totalElements: items.length, totalPages: items.length, number } }),
      );
      const read = (text: string) => {
        const piece = /parties/.test(file) ? readAcisParties(text) : readAcisDocketEntries(text);
        if (piece.kind !== "partial") throw new Error(`${file}: ${piece.message}`);
        return piece;
      };
      expect(combineAcisCase(CLOSED, pages.map(read)), file).toEqual(combineAcisCase(CLOSED, [read(corpusText(file))]));
      checked += 1;
    }
    expect(checked).toBeGreaterThan(1);
  });
});

/** A case search's answer (a HAL list of headers), as the live source asks for a case by its number. */
const search = (...headers: Record<string, unknown>[]) =>
  JSON.stringify({ _embedded: { results: headers.map((caseHeader) => ({ caseHeader })) }, page: { size: 50, totalElements: headers.length, totalPages: 1, number: 0 } });
const HEADER = {
  caseInstanceUUID: "f1f7f12e-593c-4210-b060-cfbe023b704a",
  caseNumber: "SC2026-0703",
  caseTitle: "The Florida Bar v. Joshua Mark Silverman",
  closedFlag: false,
  caseClassification: "Original Proceedings - Florida Bar - Complaint",
  courtID: "1",
  filedDate: "2026-05-05T15:00:00.000+00:00",
};
const without = (key: string) => Object.fromEntries(Object.entries(HEADER).filter(([name]) => name !== key));
const parties = (...items: Record<string, unknown>[]) =>
  JSON.stringify({ _embedded: { results: items }, page: { size: 50, totalElements: items.length, totalPages: 1, number: 0 } });
const party = (name: string | null, extra: Record<string, unknown> = {}) => ({
  partyHeader: { partyType: "Party", partySubType: "Appellant", partyActorInstance: name === null ? {} : { displayName: name } },
  proSeFlag: false,
  nonPublicFlag: false,
  ...extra,
});

describe("fields another court's answer may lack or type otherwise: read, or refused, never a wrong value", () => {
  it("finds the case's court when ACIS writes the ids as numbers (courtID 1, externalIdentifier 1)", () => {
    expect(readAcisCaseHandle(search({ ...HEADER, courtID: 1 }), "SC2026-0703")).toEqual({ caseId: HEADER.caseInstanceUUID, courtNumber: "1" });
    const courts = JSON.stringify({ _embedded: { results: [{ resourceID: "68f021c4", externalIdentifier: 1, displayName: "Supreme Court of Florida" }] }, page: { size: 500, totalElements: 1, totalPages: 1, number: 0 } });
    expect(readAcisCourts(courts)).toEqual([{ id: "68f021c4", number: "1", name: "Supreme Court of Florida" }]);
  });

  it("reads the closed flag written as a string, and refuses a header without one it can read rather than call the case open", () => {
    const closed = readAcisCase(search({ ...HEADER, closedFlag: "true" }));
    expect(Array.isArray(closed) ? closed[0]!.case.closed : closed).toBe(true);
    for (const header of [without("closedFlag"), { ...HEADER, closedFlag: null }, { ...HEADER, closedFlag: "Y" }, { ...HEADER, closedFlag: 1 }]) {
      expect(readAcisCase(search(header)), JSON.stringify(header.closedFlag)).toMatchObject({ kind: "refused", reason: "unreadable" });
      expect(readAcisCase(JSON.stringify({ caseHeader: header }))).toMatchObject({ kind: "refused", reason: "unreadable" });
    }
    // Beside a header it can read, too: dropped, the case searched for would be answered "not found".
    expect(readAcisCase(search({ ...HEADER, caseNumber: "SC2026-0704" }, without("closedFlag")))).toMatchObject({ kind: "refused", reason: "unreadable" });
  });

  it("refuses a case found without its id, rather than take it for one the court does not have; without its court's number, leaves the court to its case number", () => {
    expect(readAcisCaseHandle(search(without("caseInstanceUUID")), "SC2026-0703")).toMatchObject({ kind: "refused", reason: "unreadable" });
    expect(readAcisCaseHandle(search(without("courtID")), "SC2026-0703")).toEqual({ caseId: HEADER.caseInstanceUUID, courtNumber: null });
    expect(readAcisCaseHandle(search({ ...HEADER, courtID: "" }), "SC2026-0703")).toEqual({ caseId: HEADER.caseInstanceUUID, courtNumber: null });
    // A search that found nothing: the court has no such case.
    expect(readAcisCaseHandle(search(), "SC2026-0703")).toBeNull();
  });

  it("reads an entry's time with its offset in hours alone (-05, +00), the same instant", () => {
    const entry = (id: string, filedDate: string) => ({ docketEntryHeader: { docketEntryUUID: id, docketEntryName: "Notice - Notice of Appeal", filedDate } });
    const read = readAcisDocketEntries(parties(entry("a", "2026-03-05T11:17:31-05"), entry("b", "2026-03-05T16:17:31.000+00"), entry("c", "2026-03-05T16:17:31Z")));
    expect(read.kind === "partial" ? read.entries!.map((item) => item.filed) : read).toEqual(Array(3).fill("2026-03-05T11:17:31-05:00"));
  });

  it("skips a party without a name, refuses a page whose public parties are all nameless (another layout), reads flags written as strings", () => {
    const read = readAcisParties(parties(party("A. Smith", { proSeFlag: "true" }), party(null, { nonPublicFlag: true }), party("B. Jones", { legalRepresentations: [{ attorneyPartyHeader: { partyActorInstance: { displayName: "C. Lee" } }, primaryFlag: "true" }] })));
    expect(read.kind === "partial" ? read.parties : read).toEqual([
      { name: "A. Smith", role: "Appellant", attorneys: [{ name: "A. Smith", role: "Pro Se" }] },
      { name: "B. Jones", role: "Appellant", attorneys: [{ name: "C. Lee", role: "Primary" }] },
    ]);
    const oneNameless = readAcisParties(parties(party("A. Smith"), party(null)));
    expect(oneNameless.kind === "partial" ? oneNameless.parties!.map((item) => item.name) : oneNameless).toEqual(["A. Smith"]);
    expect(readAcisParties(parties(party(null), { ...party(null), partyHeader: { partyType: "Party", partyActorInstance: { sortName: "Doe, J." } } }))).toMatchObject({ kind: "refused", reason: "unreadable" });
    const withheldOnly = readAcisParties(parties(party(null, { nonPublicFlag: true })));
    expect(withheldOnly.kind === "partial" ? withheldOnly.parties : withheldOnly).toEqual([]);
  });
  it("judges nameless parties on the whole list, not page by page: one alone on a later page is left out as among named ones", () => {
    // 51 parties, 50 a page: the 51st, nameless, is alone on page 1. Read whole it would be left out.
    const onPage = (number: number, totalPages: number, ...items: Record<string, unknown>[]) =>
      JSON.stringify({ _embedded: { results: items }, page: { size: 1, totalElements: totalPages, totalPages, number } });
    const pieces = [readAcisParties(onPage(0, 2, party("A. Smith"))), readAcisParties(onPage(1, 2, party(null)))];
    expect(pieces.map((piece) => (piece.kind === "partial" ? piece.parties!.map((item) => item.name) : piece))).toEqual([["A. Smith"], []]);
    expect(unnamedPartiesRefusal(pieces.filter((piece): piece is PartialDocketRead => piece.kind === "partial"))).toBeNull();
    // Every page nameless: the case's parties are another layout, refused once every page is read.
    const nameless = [readAcisParties(onPage(0, 2, party(null))), readAcisParties(onPage(1, 2, party(null)))];
    expect(nameless.every((piece) => piece.kind === "partial")).toBe(true);
    expect(unnamedPartiesRefusal(nameless.filter((piece): piece is PartialDocketRead => piece.kind === "partial"))).toMatchObject({ kind: "refused", reason: "unreadable" });
  });
});

describe.skipIf(!HAS_CORPUS)("the endpoints as the live source uses them (fetch-acis.ts, acis-source.ts)", () => {
  it("cases: every header of every search page names, by its courtID, the ACIS court its number belongs to in the list of courts", () => {
    const courts = readAcisCourts(corpusText("state/florida/courts/courts.compare.json"));
    if (!Array.isArray(courts)) throw new Error(courts.message);
    expect(courts.map((court) => floridaCourtNamed(court.name))).toEqual(["fla", ...[1, 2, 3, 4, 5, 6].map((n) => `fladistctapp${n}`)]);
    let checked = 0;
    for (const file of corpusFiles("state/florida/cases", ".compare.json")) {
      const text = corpusText(file);
      const found = readAcisCase(text);
      if (!Array.isArray(found)) throw new Error(`${file}: ${JSON.stringify(found)}`);
      for (const read of found) {
        const handle = readAcisCaseHandle(text, read.case.caseNumber);
        if (!handle || "kind" in handle) throw new Error(`${file}: ${read.case.caseNumber}: ${JSON.stringify(handle)}`);
        const court = courts.find((candidate) => candidate.number === handle.courtNumber);
        expect(court && floridaCourtNamed(court.name), `${file}: ${read.case.caseNumber}`).toBe(acisCourtCode(read.case.caseNumber));
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(100);
  });

  it("cases: a header it cannot read refuses a search, unless it is another case's than the one searched for", () => {
    const answer = search({ ...HEADER, caseNumber: "SC2026-07031", closedFlag: "maybe" }, HEADER);
    expect(readAcisCase(answer)).toMatchObject({ kind: "refused", reason: "unreadable" });
    expect(readAcisCase(answer, "SC2026-07031")).toMatchObject({ kind: "refused", reason: "unreadable" });
    const read = readAcisCase(answer, "sc2026-0703");
    expect(Array.isArray(read) ? read.map((item) => item.case.caseNumber) : read).toEqual(["SC2026-0703"]);
    // Only another case's unreadable header: no case of this number, for the handle to say which (here a filter
    // matching by part: no such case), not a refusal of the search.
    const onlyOther = search({ ...HEADER, caseNumber: "SC2026-07031", closedFlag: "maybe" });
    expect(readAcisCase(onlyOther, "SC2026-0703")).toEqual([]);
    expect(readAcisCaseHandle(onlyOther, "SC2026-0703")).toBeNull();
  });

  it("cases: a search that lists other cases and not the one asked for did not filter by number: refused, not 'no such case'", () => {
    // The unfiltered search (10,000 cases, newest first) is what a search answers that ignores `caseNumber`.
    const unfiltered = corpusText("state/florida/cases/unfiltered.compare.json");
    expect(readAcisCaseHandle(unfiltered, "4D2019-0001")).toMatchObject({ kind: "refused", reason: "not_a_docket" });
    expect(readAcisCaseHandle(unfiltered, "4D2026-0606")).toEqual({ caseId: "562e4de3-c5ea-4e8d-a87f-3c80c4693c70", courtNumber: "5" });
    // A filter that matches by part answers, in one page, numbers that continue this one with digits: the court
    // has no such case. In more pages (the case could be on a later one), or with other endings, it is not that.
    const longer = (...numbers: string[]) => search(...numbers.map((caseNumber) => ({ ...HEADER, caseNumber })));
    expect(readAcisCaseHandle(longer("SC2026-07031", "SC2026-07032"), "SC2026-0703")).toBeNull();
    expect(readAcisCaseHandle(longer("SC2026-07031", "SC2026-0703A"), "SC2026-0703")).toMatchObject({ kind: "refused", reason: "not_a_docket" });
    const pages = JSON.parse(longer("SC2026-07031")) as { page: { totalPages: number; totalElements: number } };
    pages.page = { ...pages.page, totalPages: 2, totalElements: 51 };
    expect(readAcisCaseHandle(JSON.stringify(pages), "SC2026-0703")).toMatchObject({ kind: "refused", reason: "not_a_docket" });
    // An empty search is the court's "no such case".
    expect(readAcisCaseHandle(corpusText("state/florida/documents/4D2026-0606_1.compare.json"), "4D2019-0001")).toBeNull();
  });

  it("documents and hearings, which it does not read, are no case, no page of parties or entries and no list of courts", () => {
    for (const file of ["state/florida/documents/66de2144.compare.json", "state/florida/hearings/1D2022-0045.compare.json"]) {
      const text = corpusText(file);
      // A document list's items carry their case's header, without its closed flag or filing time: not a case answer.
      expect(readAcisCase(text), file).toMatchObject({ kind: "refused" });
      expect(readAcisParties(text), file).toMatchObject({ kind: "refused" });
      expect(readAcisDocketEntries(text), file).toMatchObject({ kind: "refused" });
      expect(readAcisCourts(text), file).toMatchObject({ kind: "refused" });
    }
  });
});
