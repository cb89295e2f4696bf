// The registry's data files (lib/courts/data: scripts/registry/data-files.ts says which): built from their inputs
// (the same bytes the build script writes), every code stable in meaning across versions, every file under the
// 400-line limit, and every row's case number format true to real records.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { normalizeCaseId } from "@/lib/courts/normalize-case-id";
import { RECORDED_COURTS } from "@/lib/courts/registry";
import canada from "@/lib/courts/data/canada.json";
import usFederal from "@/lib/courts/data/us-federal.json";
import { US_STATE_ROWS } from "@/lib/courts/data/us-state/rows";
import type { RegistryRow } from "@/lib/courts/data/registry-rows";
import { CASE_FORMATS, PERMISSIVE_PATTERN, UNVERIFIED_NOTE, type CaseFormatKey } from "@/scripts/registry/case-formats";
import { corpusNumbers, DEFAULT_CORPUS } from "@/scripts/registry/corpus-numbers";
import { buildRegistry, COURTS_DB, DATA_DIR } from "@/scripts/registry/build-registry";
import { CODES_DIR, extraFiles, readLedgers, registryOutputs, STATE_DIR, STATE_INDEX } from "@/scripts/registry/data-files";
import packageJson from "@/package.json";

const rows = [...usFederal, ...US_STATE_ROWS, ...canada] as RegistryRow[];
const shared = existsSync(COURTS_DB) && existsSync(DEFAULT_CORPUS);

/** Every file under a directory, relative to it. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

/** The verified format a row's pattern is, or null for the permissive one. */
function formatOf(row: RegistryRow): CaseFormatKey | null {
  const keys = Object.keys(CASE_FORMATS) as CaseFormatKey[];
  return keys.find((key) => CASE_FORMATS[key].pattern(row.court_code) === row.case_id_format.pattern) ?? null;
}

describe("registry data files", () => {
  it("hold between 2,100 and 2,250 courts, the ones the registry answers with", () => {
    expect(rows.length).toBeGreaterThanOrEqual(2_100);
    expect(rows.length).toBeLessThanOrEqual(2_250);
    expect(RECORDED_COURTS.map((court) => court.court_code)).toEqual(rows.map((row) => row.court_code));
  });

  it.skipIf(!shared)("are what the build script makes of courts-db, PACER's codes, the Canadian courts and the corpus (skipped without ../shared)", () => {
    for (const [name, built] of Object.entries(buildRegistry())) {
      const committed = JSON.parse(readFileSync(path.join(DATA_DIR, name), "utf8")) as RegistryRow[];
      expect(committed, `${name}: run npm run registry:build`).toEqual(built);
    }
  });

  it.skipIf(!shared)("are exactly the files the build writes in us-state/ and court-codes/: none left over (skipped without ../shared)", () => {
    const outputs = registryOutputs(buildRegistry(), readLedgers(), packageJson.version);
    for (const dir of ["us-state", "court-codes"]) {
      const written = Object.keys(outputs).filter((name) => name.startsWith(`${dir}/`)).sort();
      expect(filesUnder(path.join(DATA_DIR, dir)).map((name) => `${dir}/${name}`), `${dir}: run npm run registry:build`).toEqual(written);
    }
    expect(extraFiles(outputs)).toEqual([]);
    for (const [name, text] of Object.entries(outputs)) expect(readFileSync(path.join(DATA_DIR, name), "utf8"), name).toBe(text);
  });

  it("never changes what a code means: every code ever listed keeps its court, and every court's code is listed", () => {
    // The ledger is one file per data file (court-codes/*.tsv): a code is judged across all of them.
    const ledgers = readdirSync(CODES_DIR).filter((name) => name.endsWith(".tsv"));
    expect(ledgers.length).toBeGreaterThan(0);
    const lines = ledgers.flatMap((name) => {
      const [header, ...own] = readFileSync(path.join(CODES_DIR, name), "utf8").trim().split("\n");
      expect(header, name).toBe("code\tname\tsince");
      return own.map((line) => line.split("\t"));
    });
    const listed = new Map(lines.map(([code, name]) => [code!, name!]));
    expect(listed.size, "a code listed twice").toBe(lines.length);
    const byCode = new Map(rows.map((row) => [row.court_code, row]));
    for (const [code, name] of listed) expect(byCode.get(code)?.name, `${code} no longer means ${name}`).toBe(name);
    for (const row of rows) expect(listed.has(row.court_code), `${row.court_code} is not in court-codes/: run npm run registry:build`).toBe(true);
    // The 231 codes of 2.0 are all there, federal ones included.
    expect(lines.filter(([, , since]) => since === "2.0")).toHaveLength(231);
  });

  it("keeps every file under lib/courts/data at 400 lines or fewer", () => {
    const files = filesUnder(DATA_DIR);
    expect(files).toContain("us-state/ny-ljc.json");
    for (const name of files) {
      const lines = (readFileSync(path.join(DATA_DIR, name), "utf8").match(/\n/g) ?? []).length;
      expect(lines, name).toBeLessThanOrEqual(400);
    }
  });

  it("puts together exactly the state files of us-state/, in their order", () => {
    const index = readFileSync(path.join(DATA_DIR, STATE_INDEX), "utf8");
    const imported = [...index.matchAll(/^import \w+ from "\.\/([\w-]+\.json)";$/gm)].map((match) => match[1]!);
    expect(imported.slice().sort()).toEqual(readdirSync(STATE_DIR).filter((name) => name.endsWith(".json")).sort());
    const read = imported.flatMap((name) => JSON.parse(readFileSync(path.join(STATE_DIR, name), "utf8")) as RegistryRow[]);
    expect(read).toEqual(US_STATE_ROWS);
  });

  it("has unique, lowercase codes", () => {
    const codes = rows.map((row) => row.court_code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(code).toMatch(/^[a-z][a-z0-9]{1,15}$/);
  });

  it.each(rows.map((row) => [row.court_code, row] as const))("%s: pattern, example, level and provenance agree", (_code, row) => {
    const { pattern, example } = row.case_id_format;
    expect(pattern.startsWith("^") && pattern.endsWith("$")).toBe(true);
    expect(new RegExp(pattern).test(example), `${example} against ${pattern}`).toBe(true);
    expect(["colr", "iac", "gjc", "ljc"]).toContain(row.level);
    expect(row.provenance.court).toMatch(/^(pacer|canada|registry 2\.0|courts-db:[A-Za-z0-9]+)$/);
    if (row.provenance.case_id_format === "not verified") {
      expect(row.coverage).toBe("planned");
      expect(pattern).toBe(PERMISSIVE_PATTERN);
      expect(row.notes?.startsWith(UNVERIFIED_NOTE)).toBe(true);
    } else {
      expect(formatOf(row), "a verified format").not.toBeNull();
      expect(row.provenance.example).toMatch(/^(pacer|scotus|state|notes)\/|^constructed: /);
    }
    if (row.coverage === "planned") {
      expect(row.refresh_cadence_seconds).toBeNull();
      expect(row.case_management_system).toBeNull();
    } else {
      expect(row.provenance.case_id_format, "a covered court's format is read off records").toBe("corpus");
      expect([900, 3600]).toContain(row.refresh_cadence_seconds);
      expect(row.case_management_system).not.toBeNull();
    }
  });
});

describe.skipIf(!shared)("case numbers of real records (../shared/corpus)", () => {
  const numbers = corpusNumbers().map((found) => ({ ...found, court: found.court === "sdny" ? "nysd" : found.court }));
  const byCode = new Map(rows.map((row) => [row.court_code, row]));

  it("every covered court's example is a number printed on the record its provenance names", () => {
    for (const row of rows.filter((candidate) => candidate.provenance.case_id_format === "corpus")) {
      if (row.provenance.example.startsWith("constructed: ")) {
        // Only Texas courts of appeals no record names: their own number put on another court's real number.
        expect(formatOf(row), row.court_code).toBe("texasAppeals");
        continue;
      }
      const file = row.provenance.example.split(" ")[0]!;
      // A number another court's record cites as this court's counts as this court's; a lent one must say whose.
      const cited = row.provenance.example.includes("(cites it as a case of this court");
      const lent = /\(no (?:record|full number) of this court in the corpus: a (\w+) number/.exec(row.provenance.example)?.[1];
      const owner = lent ?? row.court_code;
      const printed = numbers
        .filter((found) => found.file === file && found.court === owner && Boolean(found.cited) === cited)
        .map((found) => normalizeCaseId(row, found.number));
      expect(printed, `${row.court_code}: ${row.case_id_format.example} in ${file}`).toContain(row.case_id_format.example);
      if (lent) expect(row.notes, row.court_code).toContain(`Example: a case number of ${lent} (same format)`);
    }
  });

  it("reads the numbers other courts' records cite with the court they belong to", () => {
    const cited = numbers.filter((found) => found.cited);
    const read = (court: string, number: string) => cited.filter((found) => found.court === court && found.number === number).map((found) => found.file);
    // One of each kind, as these records print them: an appeal's originating court, a JPML member case, a district
    // docket's appeal in its header ("USCA- 11th Circuit, 22-12696-DD") and in an entry ("USCA - 8th Circuit (case
    // number 16-4166"), and the Federal Circuit written out ("U S Court of Appeals for the Federal Circuit, 09-01559").
    expect(read("hid", "1:17-cv-00050")).toContain("pacer/appellate/ca9_1.json");
    expect(read("paed", "2:22-cv-04779")).toEqual(["pacer/district/jpml_1551542.html"]);
    expect(read("ca11", "22-12696-DD")).toEqual(["pacer/district/gand_1.html"]);
    expect(read("ca8", "16-4166")).toEqual(["pacer/district/ned.html"]);
    expect(read("cafc", "09-01559")).toEqual(["pacer/district/txed.html"]);
    // The notes beside the corpus name saved dockets by court and number (docketanalyzer's fixtures).
    expect(read("insd", "1:24-cv-00524")).toEqual(["notes/court-systems.md"]);
    expect(read("nynd", "8:20-mj-00487")).toEqual(["notes/court-systems.md"]);
    expect(cited.find((found) => found.court === "nynd")?.record).toBe("nynd__8_20-mj-00487.docket.html");
    for (const found of cited) {
      const row = byCode.get(found.court);
      const recordCourt = found.file.split("/").at(-1)!.split(/[_.]/)[0]!;
      expect(found.court, found.file).not.toBe(recordCourt);
      expect(row, `${found.court} (${found.file}) is a registry court`).toBeDefined();
      // The kind of court a citation names follows from the system its number was read as.
      expect(row!.kind === "us_appellate", `${found.court} ${found.number} (${found.file})`).toBe(found.system === "CM/ECF Appellate");
    }
  });

  it("every court accepts every number of its own in the corpus", () => {
    const refused: string[] = [];
    let checked = 0;
    for (const found of numbers) {
      const row = byCode.get(found.court);
      if (!row) continue;
      // Bankruptcy pages often print yy-nnnnn without the division the API needs (documented in the court's notes).
      if (row.kind === "us_bankruptcy" && /^\d{2}-\d{5}$/.test(found.number)) continue;
      checked += 1;
      if (!new RegExp(row.case_id_format.pattern).test(normalizeCaseId(row, found.number))) refused.push(`${found.court} ${found.number} (${found.file})`);
    }
    expect(refused).toEqual([]);
    expect(checked).toBeGreaterThan(1_000);
  });

  it("every court with a verified format refuses the numbers of the other systems", () => {
    // Circuits, BAPs, the Supreme Court, the Supreme Court of Texas and bankruptcy numbers printed without their
    // division all write yy-nnnn: that shape alone cannot tell the systems apart (the court code does).
    const shared = /^\d{2}-\d{1,5}$/;
    const accepted: string[] = [];
    for (const row of rows) {
      const format = formatOf(row);
      if (!format) continue;
      const pattern = new RegExp(row.case_id_format.pattern);
      for (const found of numbers) {
        if (found.system === CASE_FORMATS[format].system || shared.test(found.number)) continue;
        if (pattern.test(normalizeCaseId(row, found.number))) accepted.push(`${row.court_code} accepts ${found.system} ${found.number}`);
      }
    }
    expect(accepted).toEqual([]);
  });

  it("Texas courts of appeals refuse each other's numbers", () => {
    const tames = numbers.filter((found) => /^texapp\d+$/.test(found.court));
    for (const row of rows.filter((candidate) => /^texapp\d+$/.test(candidate.court_code))) {
      for (const found of tames) expect(new RegExp(row.case_id_format.pattern).test(found.number), `${row.court_code} ${found.number}`).toBe(found.court === row.court_code);
    }
  });
});
