// Builds the court registry's data files (lib/courts/data: data-files.ts says which) from their inputs: PACER's court codes and
// the Canadian courts (tables beside this file), Free Law Project's courts-db (../shared/reference), and the
// case numbers of real records (../shared/corpus) for each court's pattern and example.
//   npm run registry:build            writes the files
//   npm run registry:build -- --check  exits 1 when the files differ from what the inputs give (the suite runs it)
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { normalizeCaseId } from "@/lib/courts/normalize-case-id";
import type { CourtLevel, CourtRecord } from "@/lib/courts/types";
import { canadianCourts } from "./canada-input";
import { CASE_FORMATS, PERMISSIVE_PATTERN, UNVERIFIED_EXAMPLE, UNVERIFIED_NOTE } from "./case-formats";
import { corpusNumbers, DEFAULT_CORPUS, type CorpusNumber } from "./corpus-numbers";
import type { CourtEntry } from "./court-entry";
import { DATA_DIR, extraFiles, readLedgers, registryOutputs, stateFiles } from "./data-files";
import { EARLIER_STATE_COURTS, VERIFIED_STATE_COURTS } from "./earlier-courts";
import { federalCourts } from "./federal-input";
import { EARLIER_CODES, readCourtsDb, stateCourts } from "./state-courts";

export interface Provenance {
  /** "pacer", "courts-db:<id>", "canada", or "registry 2.0" for a court courts-db does not list. */
  court: string;
  case_id_format: "corpus" | "not verified";
  /** The record the example was read from (relative to the corpus; `notes/…`, relative to ../shared, when the
   * notes name the record), or where an unverified example comes from. */
  example: string;
}

export type RegistryRow = CourtRecord & { level: CourtLevel; provenance: Provenance };

export { DATA_DIR };
export const COURTS_DB = path.resolve(process.cwd(), "../shared/reference/courts-db/courts.json");

/** RSS feed files name the Southern District of New York as juriscraper does. */
const CORPUS_ALIASES: Readonly<Record<string, string>> = { sdny: "nysd" };

function stateEntries(): CourtEntry[] {
  const earlier = new Map(EARLIER_STATE_COURTS.map((court) => [court.court_code, court]));
  const fromCourtsDb = stateCourts(readCourtsDb(COURTS_DB)).map((entry): CourtEntry => {
    const code = EARLIER_CODES[entry.court_code] ?? entry.court_code;
    const before = earlier.get(code);
    const verified = VERIFIED_STATE_COURTS[code];
    const base = before ? { ...entry, court_code: code, name: before.name, level: before.level, system: before.system, example: before.example } : { ...entry, court_code: code };
    if (!verified) return base;
    const { name, ...facts } = verified;
    const { example: _unverified, ...rest } = base;
    return { ...rest, ...facts, name: name ?? base.name, coverage: "full", refresh_cadence_seconds: 3600 };
  });
  const listed = new Set(fromCourtsDb.map((entry) => entry.court_code));
  const notInCourtsDb = EARLIER_STATE_COURTS.filter((court) => !listed.has(court.court_code)).map(
    (court): CourtEntry => ({
      ...court,
      jurisdiction_country: "US",
      language: "en",
      kind: "us_state",
      format: null,
      coverage: "planned",
      refresh_cadence_seconds: null,
      notes: null,
      source: "courts-db",
    }),
  );
  const order: Record<CourtLevel, number> = { colr: 0, iac: 1, gjc: 2, ljc: 3 };
  return [...fromCourtsDb, ...notInCourtsDb].sort(
    (a, b) => a.region!.localeCompare(b.region!) || order[a.level] - order[b.level] || a.name.localeCompare(b.name) || a.court_code.localeCompare(b.court_code),
  );
}

/**
 * A real number of the court from a record; for a court the corpus has no record of, a real number of the first
 * court of the same format that has one (its provenance says so).
 */
interface Example {
  example: string;
  from: string;
  /** The court whose number the example is, when it is not this court's. */
  lender?: string;
  /** The court has records here, but none prints a full id (bankruptcy pages printing yy-nnnnn without the office). */
  heldShort?: boolean;
}

function exampleFor(entry: CourtEntry, record: CourtRecord, numbers: Map<string, CorpusNumber[]>, sameFormat: readonly string[]): Example | null {
  const pattern = new RegExp(record.case_id_format.pattern);
  const own = (code: string) =>
    (numbers.get(code) ?? []).map((found) => ({ found, id: normalizeCaseId(record, found.number) })).find(({ id }) => pattern.test(id));
  const mine = own(entry.court_code);
  if (mine) {
    const { file, cited, record } = mine.found;
    return { example: mine.id, from: cited ? `${file} (cites it as a case of this court${record ? `: ${record}` : ""})` : file };
  }
  const heldShort = numbers.has(entry.court_code);
  const why = heldShort ? "no full number of this court in the corpus" : "no record of this court in the corpus";
  for (const lender of sameFormat) {
    const borrowed = own(lender);
    if (borrowed) return { example: borrowed.id, from: `${borrowed.found.file} (${why}: a ${lender} number, same format)`, lender, heldShort };
  }
  // Texas courts of appeals put their own number first: a court no record names gets a number of another court
  // of appeals with its own number in front, and says so.
  if (entry.format === "texasAppeals") {
    const own2 = String(Number(/\d+$/.exec(entry.court_code)![0])).padStart(2, "0");
    for (const lender of sameFormat) {
      const found = numbers.get(lender)?.[0];
      const id = found ? `${own2}${found.number.slice(2)}` : "";
      if (found && pattern.test(id)) return { example: id, from: `constructed: no number of this court on a record; ${found.number} (${found.file}) with this court's number` };
    }
  }
  return null;
}

function notesFor(entry: CourtEntry): string | null {
  if (entry.format) return entry.notes;
  const system = entry.system ? ` Its docket system: ${entry.system} (not connected yet).` : "";
  return `${UNVERIFIED_NOTE}${system}${entry.notes ? ` ${entry.notes}` : ""}`;
}

function toRow(entry: CourtEntry, numbers: Map<string, CorpusNumber[]>, sameFormat: readonly string[]): RegistryRow {
  const verified = entry.format !== null;
  const planned = !verified || entry.coverage === "planned";
  const record: CourtRecord = {
    court_code: entry.court_code,
    name: entry.name,
    jurisdiction_country: entry.jurisdiction_country,
    language: entry.language,
    case_id_format: { pattern: verified ? CASE_FORMATS[entry.format!].pattern(entry.court_code) : PERMISSIVE_PATTERN, example: "" },
    coverage: planned ? "planned" : entry.coverage,
    refresh_cadence_seconds: planned ? null : entry.refresh_cadence_seconds,
    case_management_system: planned ? null : entry.system,
    notes: notesFor(entry),
    kind: entry.kind,
    region: entry.region,
  };
  let example: Example = { example: entry.example ?? UNVERIFIED_EXAMPLE, from: entry.example ? "registry 2.0 (not seen on a record)" : "generic: no number of this court seen" };
  if (verified) {
    const found = exampleFor(entry, record, numbers, sameFormat);
    if (!found) throw new Error(`${entry.court_code}: no number in the corpus matches ${record.case_id_format.pattern}`);
    example = found;
  }
  const court = entry.source === "courts-db" ? (entry.courts_db_id ? `courts-db:${entry.courts_db_id}` : "registry 2.0") : entry.source;
  // Whoever reads /v2/status learns it too, not only the provenance: the example is not a number of this court.
  if (example.from.startsWith("constructed")) {
    record.notes = `${record.notes ? `${record.notes} ` : ""}Example constructed: no case number of this court is on a record we hold; the format is the other courts of appeals'.`;
  } else if (example.lender) {
    // Offices and years differ from court to court: another court's number shows the format, not a case here.
    const held = example.heldShort
      ? "the records held of this court print its numbers without the office digit"
      : "no record of this court is held";
    record.notes = `${record.notes ? `${record.notes} ` : ""}Example: a case number of ${example.lender} (same format); ${held}, so it is not known to be a case of this court.`;
  }
  return {
    ...record,
    case_id_format: { pattern: record.case_id_format.pattern, example: example.example },
    level: entry.level,
    provenance: { court, case_id_format: verified ? "corpus" : "not verified", example: example.from },
  };
}

/** The rows by data file (relative to DATA_DIR), in registry order: federal courts, state courts, Canada. */
export function buildRegistry(corpus: string = DEFAULT_CORPUS): Record<string, RegistryRow[]> {
  const numbers = new Map<string, CorpusNumber[]>();
  for (const found of corpusNumbers(corpus)) {
    const code = CORPUS_ALIASES[found.court] ?? found.court;
    numbers.set(code, [...(numbers.get(code) ?? []), found]);
  }
  const inputs = { federal: federalCourts(), state: stateEntries(), canada: canadianCourts() };
  const all = Object.values(inputs).flat();
  const sameFormat = (entry: CourtEntry) => all.filter((other) => other.format === entry.format).map((other) => other.court_code);
  const rows = (entries: readonly CourtEntry[]) => entries.map((entry) => toRow(entry, numbers, sameFormat(entry)));
  const files: Record<string, RegistryRow[]> = { "us-federal.json": rows(inputs.federal), ...stateFiles(rows(inputs.state)), "canada.json": rows(inputs.canada) };
  const codes = Object.values(files).flat().map((row) => row.court_code);
  const repeated = codes.filter((code, index) => codes.indexOf(code) !== index);
  if (repeated.length > 0) throw new Error(`court codes used twice: ${repeated.join(", ")}`);
  return files;
}

function main(): void {
  const check = process.argv.includes("--check");
  if (!existsSync(COURTS_DB) || !existsSync(DEFAULT_CORPUS)) {
    console.log(`registry: skipped, ../shared (courts-db and the corpus) is not there`);
    return;
  }
  const files = buildRegistry();
  const version = JSON.parse(readFileSync(path.resolve(import.meta.dirname, "../../package.json"), "utf8")).version as string;
  const outputs = registryOutputs(files, readLedgers(), version);
  const stale = Object.entries(outputs).filter(([name, text]) => !existsSync(path.join(DATA_DIR, name)) || readFileSync(path.join(DATA_DIR, name), "utf8") !== text);
  // A file the build does not write in its directories (a state file of an earlier layout) differs too.
  const extra = extraFiles(outputs);
  const total = Object.values(files).flat().length;
  if (check) {
    if (stale.length > 0 || extra.length > 0) {
      const differ = stale.map(([name]) => name);
      const notWritten = extra.map((name) => `${name} (not written by the build)`);
      console.error(`registry: ${[...differ, ...notWritten].join(", ")} differ from what the inputs give: run npm run registry:build`);
      process.exit(1);
    }
    console.log(`registry: ${total} courts, data files up to date`);
    return;
  }
  for (const [name, text] of stale) {
    mkdirSync(path.dirname(path.join(DATA_DIR, name)), { recursive: true });
    writeFileSync(path.join(DATA_DIR, name), text);
  }
  // Only state files are removed: a ledger line is never dropped, and anything else is not the build's to delete.
  const removed = extra.filter((name) => name.startsWith("us-state/") && name.endsWith(".json"));
  for (const name of removed) rmSync(path.join(DATA_DIR, name));
  const kept = extra.filter((name) => !removed.includes(name));
  const wrote = stale.map(([name]) => name).join(", ") || "nothing (up to date)";
  console.log(`registry: ${total} courts; wrote ${wrote}${removed.length > 0 ? `; removed ${removed.join(", ")}` : ""}`);
  if (kept.length > 0) console.error(`registry: ${kept.join(", ")}: not written by the build; remove by hand`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) main();
