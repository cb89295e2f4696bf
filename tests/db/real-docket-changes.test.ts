// Change detection on real dockets (issue "Read real federal dockets", point 4), on PGlite and PostgreSQL:
// earlier snapshots of real docket pages are made by cutting their entry tables; storing the snapshot and
// then the whole page through the live store yields exactly the cut entries as new, each once, with stable
// identities. Edited entries are not new filings, and unnumbered minute entries of one day stay apart.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { newEntriesSince } from "@/lib/cases/compute-delta";
import { readCachedCase } from "@/lib/cases/read-cached-case";
import { readMigrations } from "@/lib/db/apply-migrations";
import { storeCase } from "@/lib/cases/store-case";
import { findCourt } from "@/lib/courts/registry";
import { courtTimezone } from "@/lib/courts/timezone";
import type { CaseRecord } from "@/lib/cases/types";
import type { CourtRecord } from "@/lib/courts/types";
import { normalizeCase } from "@/lib/sources/normalize/normalize-case";
import { readAcmsCase } from "@/lib/sources/pacer/read-acms-case";
import { readAppellateDocket } from "@/lib/sources/pacer/read-appellate-docket";
import { readDocketReport } from "@/lib/sources/pacer/read-docket-report";
import { readScotusJson } from "@/lib/sources/scotus/read-scotus-json";
import { readTamesCase } from "@/lib/sources/texas/read-tames-case";
import { zonedTimeToIso } from "@/lib/sources/zoned-time";
import type { DocketRead, PageRefusal, SourceCase } from "@/lib/sources/types";
import { corpusFiles, corpusText, HAS_CORPUS, NO_CORPUS_MESSAGE } from "../helpers/corpus";
import { EACH_DATABASE, databaseForSuite } from "../helpers/test-database";

type Reader = (text: string) => DocketRead | PageRefusal;

/** Real records of each page kind, with entries numbered and not, several tables, attachments, edits. */
const RECORDS: ReadonlyArray<readonly [file: string, read: Reader, court: string]> = [
  ["pacer/district/ncwd_1.html", readDocketReport, "ncwd"],
  ["pacer/district/njd_509180.html", readDocketReport, "njd"],
  ["pacer/district/nysd.html", readDocketReport, "nysd"],
  ["pacer/district/txsd_1.html", readDocketReport, "txsd"],
  ["pacer/bankruptcy/casb.html", readDocketReport, "casb"],
  ["pacer/bankruptcy/deb_10.html", readDocketReport, "deb"],
  ["pacer/bankruptcy/nysb_21.html", readDocketReport, "nysb"],
  ["pacer/bankruptcy/txnb_420776.html", readDocketReport, "txnb"],
  ["pacer/appellate/ca1.html", readAppellateDocket, "ca1"],
  ["pacer/appellate/ca11_1.html", readAppellateDocket, "ca11"],
  ["pacer/acms/ca2_23-7246.acms_json", readAcmsCase, "ca2"],
];

/**
 * Every CM/ECF docket report of the corpus (held-back records too, where CI has them), with the court it is
 * from and at least three days on which entries were entered: what an incremental reading can be cut from.
 */
const INCREMENTAL: ReadonlyArray<readonly [file: string, court: CourtRecord]> = HAS_CORPUS
  ? ["pacer/district", "pacer/bankruptcy"].flatMap((folder) =>
      corpusFiles(folder, ".html").flatMap((file) => {
        const result = readDocketReport(corpusText(file));
        if (result.kind !== "case") return [];
        const court = findCourt(result.courtCode ?? path.basename(file).split(/[_.]/)[0]!);
        return court && new Set(result.case.entries.map(enteredDay)).size >= 3 ? [[file, court] as const] : [];
      }),
    )
  : [];

/** The court-local day CM/ECF entered an entry (the filing day where the page gives none). */
function enteredDay(entry: SourceCase["entries"][number]): string {
  return (entry.entered ?? entry.filed).slice(0, 10);
}

let counter = 0;

function readRecord(file: string, read: Reader): SourceCase {
  const result = read(corpusText(file));
  if (result.kind !== "case") throw new Error(`${file}: refused (${result.reason}: ${result.message})`);
  return result.case;
}

/** A case id of our own per store, so that records never share cache rows across tests and databases. */
function caseIdFor(court: CourtRecord): string {
  counter += 1;
  const serial = String(10000 + counter + Math.floor(Math.random() * 80000)).padStart(5, "0");
  return court.kind === "us_appellate" ? `24-${serial}` : `1:24-cv-${serial}`;
}

describe.skipIf(!HAS_CORPUS).each(EACH_DATABASE)("change detection on real dockets, on %s", (_name, target) => {
  const database = databaseForSuite(target);
  if (!HAS_CORPUS) console.warn(NO_CORPUS_MESSAGE);

  async function store(court: CourtRecord, caseId: string, source: SourceCase) {
    return storeCase({ prisma: database().db.prisma, record: normalizeCase(court, caseId, source), source: "corpus" });
  }
  const read = async (court: CourtRecord, caseId: string) => (await readCachedCase(database().db.prisma, court.court_code, caseId))!;

  it.each(RECORDS.map(([file, reader, code]) => [file, reader, code] as const))(
    "%s: a snapshot of its first rows, then the whole page: the delta is exactly the rest, each once",
    async (file, reader, code) => {
      const court = findCourt(code)!;
      const full = readRecord(file, reader);
      expect(full.entries.length).toBeGreaterThan(3);
      for (const k of [0, 1, Math.floor(full.entries.length / 2), full.entries.length - 1]) {
        const caseId = caseIdFor(court);
        const snapshot = { ...full, entries: full.entries.slice(0, k) };
        const first = await store(court, caseId, snapshot);
        const second = await store(court, caseId, full);
        const stored = await read(court, caseId);
        // Every entry of the page is stored once: no row of the page collapses into another.
        expect(stored.entries).toHaveLength(full.entries.length);
        expect(second.newEntries).toBe(full.entries.length - k);
        const fresh = newEntriesSince(stored.entries, first.storedAt);
        expect(fresh).toHaveLength(full.entries.length - k);
        const cut = new Set(normalizeCase(court, caseId, { ...full, entries: full.entries.slice(k) }).entries.map((entry) => `${entry.entry_number}|${entry.description}`));
        expect(new Set(fresh.map((entry) => `${entry.entry_number}|${entry.description}`))).toEqual(cut);
        // Reading the same page again adds nothing and changes no identity.
        const again = await store(court, caseId, full);
        expect(again.newEntries).toBe(0);
        const reread = await read(court, caseId);
        expect(newEntriesSince(reread.entries, second.storedAt)).toEqual([]);
        expect(new Set(reread.entries.map((entry) => entry.entry_key))).toEqual(new Set(stored.entries.map((entry) => entry.entry_key)));
      }
    },
  );

  it.each(INCREMENTAL.map(([file, court]) => [file, court] as const))(
    "%s: read as PACER's refresh reads it (entries entered since the day of the latest filing held), the cache equals a whole reading",
    async (file, court) => {
      const full = readRecord(file, readDocketReport);
      const days = [...new Set(full.entries.map(enteredDay))].sort();
      for (const cut of [days[Math.floor(days.length / 3)]!, days[Math.floor((2 * days.length) / 3)]!]) {
        // A first fetch on the day `cut`, then a refresh as lib/sources/pacer/pacer-source.ts asks for it: the rows
        // entered since the court-local day of the latest filing held, told so (less the clocks' hour).
        const caseId = caseIdFor(court);
        const first = await store(court, caseId, { ...full, entries: full.entries.filter((entry) => enteredDay(entry) <= cut) });
        const latest = Math.max(...(await read(court, caseId)).entries.map((entry) => Date.parse(entry.filed_at)));
        const zone = courtTimezone(court);
        const sinceDay = new Intl.DateTimeFormat("sv-SE", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit" }).format(latest);
        const [year, month, day] = sinceDay.split("-").map(Number);
        const enteredSince = new Date(Date.parse(zonedTimeToIso({ year: year!, month: month!, day: day! }, zone)) - 3_600_000).toISOString();
        const reading = { ...full, entries: full.entries.filter((entry) => enteredDay(entry) >= sinceDay) };
        await storeCase({ prisma: database().db.prisma, record: normalizeCase(court, caseId, reading), source: "corpus", enteredSince });

        const after = await read(court, caseId);
        const fresh = newEntriesSince(after.entries, first.storedAt);
        const enteredLater = normalizeCase(court, caseId, { ...full, entries: full.entries.filter((entry) => enteredDay(entry) > cut) }).entries;
        expect(fresh.map((entry) => `${entry.entry_number}|${entry.description}`).sort(), `${file} after ${cut}`).toEqual(
          enteredLater.map((entry) => `${entry.entry_number}|${entry.description}`).sort(),
        );
        const whole = caseIdFor(court);
        await store(court, whole, full);
        const shape = (entries: CaseRecord["entries"]) => entries.map((entry) => `${entry.entry_key}|${entry.description}`).sort();
        expect(shape(after.entries), `${file} after ${cut}`).toEqual(shape((await read(court, whole)).entries));
      }
    },
  );

  it("an entry the court edits later (CM/ECF 'Modified on') is the same entry, not a new filing", async () => {
    const court = findCourt("ned")!;
    const full = readRecord("pacer/district/ned.html", readDocketReport);
    const caseId = caseIdFor(court);
    const first = await store(court, caseId, full);
    const edited = {
      ...full,
      entries: full.entries.map((entry, index) => (index % 3 === 0 ? { ...entry, text: `${entry.text} Modified on 1/5/2027 (ys, COURT STAFF).` } : entry)),
    };
    const second = await store(court, caseId, edited);
    expect(second.newEntries).toBe(0);
    const stored = await read(court, caseId);
    expect(newEntriesSince(stored.entries, first.storedAt)).toEqual([]);
    expect(stored.entries.filter((entry) => entry.description.includes("Modified on 1/5/2027"))).toHaveLength(
      full.entries.filter((_, index) => index % 3 === 0).length,
    );
  });

  /** The docket as it stood before the court linked the documents and wrote what `unwritten` removes. */
  const EARLIER_STATES = {
    "nothing written yet": (text: string) => text.replace(/(?: \([^()]*\))?(?: — .*)?$/s, ""),
    "the disposition written after the remarks": (text: string) => text.replace(/ \([^()]*\)(?=(?: — .*)?$)/s, ""),
  } as const;

  it.each(
    [
      ["scotus/json/20-1268.compare.json", readScotusJson, "scotus"],
      ["scotus/json/16-1362.compare.json", readScotusJson, "scotus"],
      ["state/texas/coa/01-25-00011-CV.html", readTamesCase, "texapp1"],
      ["state/texas/coa/01-18-00277-CR.html", readTamesCase, "texapp1"],
      ["state/texas/coa/08-16-00334-CV.html", readTamesCase, "texapp8"],
      ["state/texas/sc/25-1069.html", readTamesCase, "txsupct"],
    ].flatMap(([file, reader, code]) => Object.keys(EARLIER_STATES).map((state) => [file, state, reader, code] as const)),
  )(
    "%s (%s): entries without numbers the court edits later are the same entries; a new filing that day is new, once",
    async (file, state, reader, code) => {
      const court = findCourt(code as string)!;
      const full = readRecord(file as string, reader as Reader);
      const unwritten = EARLIER_STATES[state as keyof typeof EARLIER_STATES];
      const before = full.entries.map((entry) => ({ ...entry, documentId: null, documentUrl: null, documentIds: null, text: unwritten(entry.text) }));
      const edited = full.entries.filter((entry, index) => entry.text !== before[index]!.text || entry.documentId);
      expect(edited.length).toBeGreaterThan(0);
      const caseId = code === "scotus" ? `24-${String(1000 + (counter += 1))}` : `01-24-${String(10000 + (counter += 1)).slice(-5)}-CV`;
      const first = await store(court, caseId, { ...full, entries: before });
      const second = await store(court, caseId, full);
      expect(second.newEntries).toBe(0);
      const stored = await read(court, caseId);
      expect(stored.entries).toHaveLength(full.entries.length);
      expect(newEntriesSince(stored.entries, first.storedAt)).toEqual([]);

      // Another filing of the same kind on the day of an edited entry, with a document of its own, listed before
      // that day's entries (TAMES lists newest first): exactly it is new, and every stored entry keeps its document.
      const model = edited.find((entry) => entry.documentId) ?? edited[0]!;
      const filing = { ...model, documentId: "new-filing-document", documentUrl: null, documentIds: ["new-filing-document"] };
      const at = full.entries.findIndex((entry) => entry.filed === model.filed);
      const third = await store(court, caseId, { ...full, entries: [...full.entries.slice(0, at), filing, ...full.entries.slice(at)] });
      expect(third.newEntries).toBe(1);
      const after = await read(court, caseId);
      expect(after.entries).toHaveLength(full.entries.length + 1);
      const fresh = newEntriesSince(after.entries, second.storedAt);
      expect(fresh).toHaveLength(1);
      expect(fresh[0]!.document_identifier).toContain("new-filing-document");
      const documents = (entries: typeof after.entries) => entries.map((entry) => entry.document_identifier).filter(Boolean).sort();
      expect(documents(after.entries)).toEqual([...documents(stored.entries), fresh[0]!.document_identifier].sort());
      const keysOf = (entries: typeof after.entries) => new Map(entries.map((entry) => [entry.document_identifier ?? entry.entry_key, entry.entry_key]));
      const keysBefore = keysOf(stored.entries);
      for (const [identity, key] of keysOf(after.entries)) if (keysBefore.has(identity!)) expect(key, identity!).toBe(keysBefore.get(identity!));
    },
  );

  it("moves El Paso's entries stored in Central time to Mountain time: the next reading finds each, none new", async () => {
    const court = findCourt("texapp8")!;
    const record = readRecord("state/texas/coa/08-16-00334-CV.html", readTamesCase);
    // Events without documents, known by their date and text alone (with a document, the document decides).
    const full = { ...record, entries: record.entries.map((entry) => ({ ...entry, documentId: null, documentUrl: null })) };
    const caseId = `08-24-${String(10000 + (counter += 1)).slice(-5)}-CV`;
    // As read and stored before the court's zone was fixed: date-only filings at Central midnight (an hour before
    // Mountain's), and the identities made from those times.
    const normalized = normalizeCase(court, caseId, full);
    const central = { ...normalized, entries: normalized.entries.map((entry) => ({ ...entry, filed_at: new Date(Date.parse(entry.filed_at) - 3_600_000).toISOString() })) };
    const first = await storeCase({ prisma: database().db.prisma, record: central, source: "corpus" });
    expect((await read(court, caseId)).entries.every((entry) => /T23:00:00-0[67]:00$/.test(entry.filed_at))).toBe(true);
    const migration = (await readMigrations()).find((candidate) => candidate.name.endsWith("_texapp8_mountain_time"))!;
    await database().db.sql.exec(migration.sql);
    const again = await store(court, caseId, full);
    expect(again.newEntries).toBe(0);
    const stored = await read(court, caseId);
    expect(stored.entries).toHaveLength(full.entries.length);
    expect(newEntriesSince(stored.entries, first.storedAt)).toEqual([]);
    expect(stored.entries.every((entry) => /T00:00:00-0[67]:00$/.test(entry.filed_at))).toBe(true);
  });

  it("tells apart unnumbered minute entries of one day, also when a later page adds one more", async () => {
    // A real docket with unnumbered entries; several of them share a filing date.
    const court = findCourt("ncwd")!;
    const full = readRecord("pacer/district/ncwd_1.html", readDocketReport);
    const unnumbered = full.entries.filter((entry) => entry.number === null || entry.number === undefined);
    const byDay = new Map<string, number>();
    for (const entry of unnumbered) byDay.set(entry.filed, (byDay.get(entry.filed) ?? 0) + 1);
    const [day] = [...byDay].find(([, count]) => count > 1)!;
    const sameDay = unnumbered.filter((entry) => entry.filed === day);
    expect(sameDay.length).toBeGreaterThan(1);
    const minute = { ...sameDay[0]!, text: "Minute Entry for proceedings held before Judge X: Status Conference held." };
    const caseId = caseIdFor(court);
    // The page lists the same minute text twice that day: both are kept.
    const withTwins = { ...full, entries: [...full.entries, minute, { ...minute }] };
    const first = await store(court, caseId, withTwins);
    expect(first.newEntries).toBe(withTwins.entries.length);
    // The day's real unnumbered entries are all there, each once.
    const stored0 = await read(court, caseId);
    expect(stored0.entries.filter((entry) => entry.entry_number === null && entry.filed_at.startsWith(day))).toHaveLength(sameDay.length + 2);
    // A third identical minute entry the next refresh brings is one new entry, not a repeat of the others.
    const withTriplets = { ...withTwins, entries: [...withTwins.entries, { ...minute }] };
    const second = await store(court, caseId, withTriplets);
    expect(second.newEntries).toBe(1);
    const stored = await read(court, caseId);
    expect(stored.entries).toHaveLength(withTriplets.entries.length);
    expect(newEntriesSince(stored.entries, first.storedAt)).toHaveLength(1);
  });

  // CM/ECF appellate prints an unnumbered entry's sequence number (its selection checkbox) only in the docket form
  // of its page, not in the summary form: these dockets' unnumbered entries without a document, read in one form
  // and then the other (the summary form made by dropping the checkboxes' numbers), are each stored once.
  it.each([
    ["pacer/appellate/cadc_1.html", "cadc"],
    ["pacer/appellate/ca1_2.html", "ca1"],
  ])("%s read with its entries' sequence numbers and without, in either order: nothing new, nothing stored twice", async (file, code) => {
    const court = findCourt(code)!;
    const docketForm = readRecord(file, readAppellateDocket);
    expect(docketForm.entries.some((entry) => entry.number === null && entry.sequence && !entry.documentId)).toBe(true);
    const summaryForm = { ...docketForm, entries: docketForm.entries.map((entry) => ({ ...entry, sequence: null })) };
    for (const order of [[docketForm, summaryForm, docketForm], [summaryForm, docketForm, summaryForm]]) {
      const caseId = caseIdFor(court);
      await store(court, caseId, order[0]!);
      for (const reading of order.slice(1)) expect((await store(court, caseId, reading)).newEntries).toBe(0);
      expect((await read(court, caseId)).entries).toHaveLength(docketForm.entries.length);
      // The sequence numbers the docket form gave are kept when the summary form (none) is read after it.
      const sequences = await database().db.prisma.docketEntry.count({ where: { case: { courtCode: code, caseId }, sourceSequence: { not: null } } });
      expect(sequences).toBe(docketForm.entries.filter((entry) => entry.sequence).length);
    }
  });
});
