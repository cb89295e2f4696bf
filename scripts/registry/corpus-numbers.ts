// Case numbers of real records (../shared/corpus), by the registry court they belong to and the court system
// that printed them. The registry build takes its examples from here, and the registry test checks every court's
// pattern against every number: its own court's numbers accepted, other systems' numbers refused.
import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { visibleText } from "@/lib/sources/pacer/detect-refusal";
import { CIRCUITS } from "./federal-input";

export type CaseNumberSystem = "CM/ECF" | "CM/ECF Appellate" | "SCOTUS" | "TAMES" | "ACIS";

export interface CorpusNumber {
  court: string;
  number: string;
  system: CaseNumberSystem;
  /** Path of the record, relative to the corpus folder; `notes/court-systems.md` (relative to ../shared, the
   * corpus's parent) for a number the notes give. */
  file: string;
  /** The number is not read off a record of `court` itself: another court's record, or the notes, cite it as one. */
  cited?: true;
  /** The record a note names for the number, when `file` is the notes (a saved docket held elsewhere). */
  record?: string;
}

export const DEFAULT_CORPUS = path.resolve(process.cwd(), "../shared/corpus");

const PACER_FOLDERS: ReadonlyArray<readonly [folder: string, system: CaseNumberSystem]> = [
  ["pacer/district", "CM/ECF"],
  ["pacer/bankruptcy", "CM/ECF"],
  ["pacer/special", "CM/ECF"],
  ["pacer/case_queries", "CM/ECF"],
  ["pacer/appellate", "CM/ECF Appellate"],
  ["pacer/acms", "CM/ECF Appellate"],
  ["pacer/rss", "CM/ECF"],
];

/** Appellate courts' feeds are in pacer/rss too: their numbers are appellate ones. */
const APPELLATE_CODE = /^(ca\d+|cadc|cafc|bap\d+|cavc)$/;

function jsonFiles(folder: string): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((name) => name.endsWith(".json") && !name.endsWith(".compare.json"))
    .sort();
}

type DocketJson = { court_id?: string | null; docket_number?: string | null };

function pacerNumbers(corpus: string): CorpusNumber[] {
  const numbers: CorpusNumber[] = [];
  for (const [folder, system] of PACER_FOLDERS) {
    for (const name of jsonFiles(path.join(corpus, folder))) {
      const parsed = JSON.parse(readFileSync(path.join(corpus, folder, name), "utf8")) as DocketJson | DocketJson[];
      for (const docket of Array.isArray(parsed) ? parsed : [parsed]) {
        const court = docket.court_id || name.split(/[_.]/)[0]!;
        if (!docket.docket_number) continue;
        // A JPML docket report is headed by a member case of the MDL, numbered by its district court.
        if (court === "jpml") continue;
        const numberSystem = system === "CM/ECF" && APPELLATE_CODE.test(court) ? "CM/ECF Appellate" : system;
        numbers.push({ court, number: docket.docket_number.trim(), system: numberSystem, file: `${folder}/${name}` });
      }
    }
  }
  // The JPML's own numbers are MDL numbers: the heading of its docket reports ("MDL No. 2873").
  const district = path.join(corpus, "pacer/district");
  if (existsSync(district)) {
    for (const name of readdirSync(district).filter((file) => file.startsWith("jpml") && file.endsWith(".html")).sort()) {
      const mdl = /MDL No\.\s*(\d{1,4})/.exec(readFileSync(path.join(district, name), "utf8"));
      if (mdl) numbers.push({ court: "jpml", number: `MDL No. ${mdl[1]}`, system: "CM/ECF", file: `pacer/district/${name}` });
    }
  }
  return numbers;
}

function scotusNumbers(corpus: string): CorpusNumber[] {
  return ["scotus/json", "scotus/html"].flatMap((folder) =>
    jsonFiles(path.join(corpus, folder)).flatMap((name) => {
      const docket = JSON.parse(readFileSync(path.join(corpus, folder, name), "utf8")) as DocketJson;
      return docket.docket_number ? [{ court: "scotus", number: docket.docket_number.trim(), system: "SCOTUS" as const, file: `${folder}/${name}` }] : [];
    }),
  );
}

/** TAMES: the folder says the court (sc, coca, coa); a court of appeals' number starts with its own number. */
function texasNumbers(corpus: string): CorpusNumber[] {
  const courtOf = (folder: string, number: string) =>
    folder === "sc" ? "txsupct" : folder === "coca" ? "texcrimapp" : `texapp${Number(number.slice(0, 2))}`;
  return ["sc", "coca", "coa"].flatMap((folder) =>
    jsonFiles(path.join(corpus, "state/texas", folder)).flatMap((name) => {
      const docket = JSON.parse(readFileSync(path.join(corpus, "state/texas", folder, name), "utf8")) as DocketJson;
      const number = docket.docket_number?.trim();
      return number ? [{ court: courtOf(folder, number), number, system: "TAMES" as const, file: `state/texas/${folder}/${name}` }] : [];
    }),
  );
}

/** Courts of appeals' numbers printed on TAMES pages (transfers, related cases): real numbers of those courts. */
function texasNumbersPrinted(corpus: string): CorpusNumber[] {
  const numbers: CorpusNumber[] = [];
  for (const folder of ["sc", "coca", "coa"]) {
    const dir = path.join(corpus, "state/texas", folder);
    if (!existsSync(dir)) continue;
    for (const name of readdirSync(dir).filter((file) => file.endsWith(".html")).sort()) {
      const text = readFileSync(path.join(dir, name), "utf8");
      for (const number of new Set([...text.matchAll(/\b(0[1-9]|1[0-5])-\d{2}-\d{5}-C[VR]\b/g)].map((match) => match[0]))) {
        numbers.push({ court: `texapp${Number(number.slice(0, 2))}`, number, system: "TAMES", file: `state/texas/${folder}/${name}` });
      }
    }
  }
  return numbers;
}

/** ACIS: every `caseNumber` the court's own JSON carries; the number's prefix says the court (SC, 1D–6D). */
function floridaNumbers(corpus: string): CorpusNumber[] {
  const root = path.join(corpus, "state/florida");
  if (!existsSync(root)) return [];
  const numbers = new Map<string, CorpusNumber>();
  for (const endpoint of readdirSync(root).sort()) {
    const folder = path.join(root, endpoint);
    for (const name of readdirSync(folder).filter((file) => file.endsWith(".json")).sort()) {
      const text = readFileSync(path.join(folder, name), "utf8");
      for (const match of text.matchAll(/"caseNumber"\s*:\s*"([^"]+)"/g)) {
        const number = match[1]!.trim();
        const prefix = /^(SC|[1-6]D)/.exec(number)?.[1];
        if (!prefix || numbers.has(number)) continue;
        const court = prefix === "SC" ? "fla" : `fladistctapp${prefix[0]}`;
        numbers.set(number, { court, number, system: "ACIS", file: `state/florida/${endpoint}/${name}` });
      }
    }
  }
  return [...numbers.values()];
}

/** The word that names each court of appeals ("eleventh" → ca11, "federal" → cafc), from the circuits' names. */
const CIRCUIT_BY_WORD = new Map(CIRCUITS.filter(([code]) => code !== "cadc").map(([code, name]) => [name.split(" ")[0]!.toLowerCase(), code]));
const CIRCUIT_WORDS = [...CIRCUIT_BY_WORD.keys()].map((word) => word[0]!.toUpperCase() + word.slice(1)).join("|");

/** "11th", "Eleventh", "Federal", "D.C." → the court of appeals' code; null for words that name no circuit. */
function circuitCode(name: string): string | null {
  const word = name.toLowerCase();
  if (word === "d.c.") return "cadc";
  const ordinal = /^(\d{1,2})(?:st|nd|rd|th)$/.exec(word)?.[1];
  const code = ordinal ? `ca${Number(ordinal)}` : CIRCUIT_BY_WORD.get(word);
  return code && CIRCUITS.some(([known]) => known === code) ? code : null;
}

/**
 * Numbers of other courts that a record prints with the court they belong to: the court an appeal comes from
 * (juriscraper's reading names it), the member cases of an MDL on a JPML docket (`PAE/2:22-cv-04779`: the
 * district's CM/ECF letters), and a district docket's appeals ("Case in other court: USCA, 5th Circuit,
 * 10-30767", "USCA - 8th Circuit (case number 16-4166)"). Real numbers of those courts: a court no record of
 * its own is held for gets its example from here before it borrows another court's number.
 */
function citedNumbers(corpus: string): CorpusNumber[] {
  const numbers: CorpusNumber[] = [];
  for (const folder of ["pacer/appellate", "pacer/acms"]) {
    for (const name of jsonFiles(path.join(corpus, folder))) {
      const docket = JSON.parse(readFileSync(path.join(corpus, folder, name), "utf8")) as {
        originating_court_information?: { court_id?: string | null; docket_number?: string | null } | null;
      };
      const origin = docket.originating_court_information;
      if (origin?.court_id && origin.docket_number) {
        numbers.push({ court: origin.court_id, number: origin.docket_number.trim(), system: "CM/ECF", file: `${folder}/${name}`, cited: true });
      }
    }
  }
  for (const folder of ["pacer/district", "pacer/bankruptcy", "pacer/case_queries", "pacer/special"]) {
    const dir = path.join(corpus, folder);
    if (!existsSync(dir)) continue;
    for (const name of readdirSync(dir).filter((file) => file.endsWith(".html")).sort()) {
      const text = visibleText(readFileSync(path.join(dir, name), "utf8"));
      const file = `${folder}/${name}`;
      const seen = new Set<string>();
      const add = (court: string | null, number: string, system: CaseNumberSystem) => {
        if (!court || seen.has(`${court} ${number}`)) return;
        seen.add(`${court} ${number}`);
        numbers.push({ court, number, system, file, cited: true });
      };
      if (name.startsWith("jpml")) {
        for (const match of text.matchAll(/\b([A-Z]{2,4})\/(\d:\d{2}-[a-z]{2,5}-\d{1,5})\b/g)) add(`${match[1]!.toLowerCase()}d`, match[2]!, "CM/ECF");
      }
      // An appeal's number may carry the clerk's team letters ("22-12696-DD"): kept, the API accepts them.
      const appeal = /(?:USCA|U\.?\s?S\.? Court of Appeals)[\s,-]*(?:for\s+(?:the\s+)?)?(\d{1,2}(?:st|nd|rd|th)|Federal|D\.C\.)\s+Circuit[\s,]*(?:\(?\s*case (?:number|no\.?)\s*)?(\d{2}-\d{1,5}(?:-[A-Z]{1,2})?)(?![-\w])/gi;
      for (const match of text.matchAll(appeal)) add(circuitCode(match[1]!), match[2]!, "CM/ECF Appellate");
      const named = new RegExp(`\\b(${CIRCUIT_WORDS}|D\\.C\\.) Circuit Court of Appeals, (\\d{2}-\\d{1,5}(?:-[A-Z]{1,2})?)(?![-\\w])`, "g");
      for (const match of text.matchAll(named)) add(circuitCode(match[1]!), match[2]!, "CM/ECF Appellate");
    }
  }
  return numbers;
}

/**
 * Numbers the court-systems notes (../shared/notes, beside the corpus) give with their court and the record they
 * come from: saved PACER docket pages named `court__division_yy-type-nnnnn.docket.html` (docketanalyzer's
 * fixtures, `insd__1_24-cv-00524.docket.html`). Real numbers of those courts, read after the corpus's own, so a court with
 * a record in the corpus keeps that one.
 */
function notesNumbers(corpus: string): CorpusNumber[] {
  const notes = path.join(path.dirname(corpus), "notes/court-systems.md");
  if (!existsSync(notes)) return [];
  const numbers = new Map<string, CorpusNumber>();
  const text = readFileSync(notes, "utf8");
  for (const match of text.matchAll(/\b([a-z]{2,6})__(\d)_(\d{2}-[a-z]{2,5}-\d{1,5})\.docket\.html\b/g)) {
    const [name, court, division, rest] = [match[0], match[1]!, match[2]!, match[3]!];
    const number = `${division}:${rest}`;
    if (!numbers.has(`${court} ${number}`)) {
      numbers.set(`${court} ${number}`, { court, number, system: "CM/ECF", file: "notes/court-systems.md", cited: true, record: name });
    }
  }
  return [...numbers.values()];
}

/** Every case number of the corpus with its court; empty when the corpus is not there. */
export function corpusNumbers(corpus: string = DEFAULT_CORPUS): CorpusNumber[] {
  if (!existsSync(corpus)) return [];
  return [
    ...pacerNumbers(corpus),
    ...citedNumbers(corpus),
    ...scotusNumbers(corpus),
    ...texasNumbers(corpus),
    ...texasNumbersPrinted(corpus),
    ...floridaNumbers(corpus),
    ...notesNumbers(corpus),
  ];
}
