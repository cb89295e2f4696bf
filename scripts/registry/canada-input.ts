// Canadian courts: the five federal courts, and in each of the 13 provinces and territories its court of
// appeal, its superior court and its provincial (territorial) court. Nunavut has one trial court, the Nunavut
// Court of Justice, which is both its superior and its territorial court. Codes follow the registry's
// convention (province + court: onca, onsc, qccs), which is also CanLII's. None of their case number formats
// has been read off records yet, so every one is planned; the systems named are the courts' own.
import type { CourtEntry } from "./court-entry";

type Row = readonly [code: string, name: string, level: CourtEntry["level"], language: CourtEntry["language"]];

const BILINGUAL = "Bilingual court: names and entries are published in English and French; pass language=en or fr.";

/** [region, court of appeal, superior court, provincial court(s)]. */
const PROVINCES: ReadonlyArray<readonly [region: string, rows: readonly Row[]]> = [
  ["AB", [["abca", "Court of Appeal of Alberta", "iac", "en"], ["abkb", "Court of King's Bench of Alberta", "gjc", "en"], ["abcj", "Alberta Court of Justice", "ljc", "en"]]],
  ["BC", [["bcca", "Court of Appeal for British Columbia", "iac", "en"], ["bcsc", "Supreme Court of British Columbia", "gjc", "en"], ["bcpc", "Provincial Court of British Columbia", "ljc", "en"]]],
  ["MB", [["mbca", "Court of Appeal of Manitoba", "iac", "en"], ["mbkb", "Court of King's Bench of Manitoba", "gjc", "en"], ["mbpc", "Provincial Court of Manitoba", "ljc", "en"]]],
  [
    "NB",
    [
      ["nbca", "Court of Appeal of New Brunswick / Cour d'appel du Nouveau-Brunswick", "iac", "bilingual"],
      ["nbkb", "Court of King's Bench of New Brunswick / Cour du Banc du Roi du Nouveau-Brunswick", "gjc", "bilingual"],
      ["nbpc", "Provincial Court of New Brunswick / Cour provinciale du Nouveau-Brunswick", "ljc", "bilingual"],
    ],
  ],
  ["NL", [["nlca", "Court of Appeal of Newfoundland and Labrador", "iac", "en"], ["nlsc", "Supreme Court of Newfoundland and Labrador", "gjc", "en"], ["nlpc", "Provincial Court of Newfoundland and Labrador", "ljc", "en"]]],
  ["NS", [["nsca", "Nova Scotia Court of Appeal", "iac", "en"], ["nssc", "Supreme Court of Nova Scotia", "gjc", "en"], ["nspc", "Provincial Court of Nova Scotia", "ljc", "en"]]],
  ["NT", [["ntca", "Court of Appeal for the Northwest Territories", "iac", "en"], ["ntsc", "Supreme Court of the Northwest Territories", "gjc", "en"], ["nttc", "Territorial Court of the Northwest Territories", "ljc", "en"]]],
  ["NU", [["nuca", "Court of Appeal of Nunavut", "iac", "en"], ["nucj", "Nunavut Court of Justice", "gjc", "en"]]],
  ["ON", [["onca", "Court of Appeal for Ontario", "iac", "en"], ["onsc", "Ontario Superior Court of Justice", "gjc", "en"], ["oncj", "Ontario Court of Justice", "ljc", "en"]]],
  ["PE", [["peca", "Court of Appeal of Prince Edward Island", "iac", "en"], ["pesc", "Supreme Court of Prince Edward Island", "gjc", "en"], ["pepc", "Provincial Court of Prince Edward Island", "ljc", "en"]]],
  ["QC", [["qcca", "Cour d'appel du Québec", "iac", "fr"], ["qccs", "Cour supérieure du Québec", "gjc", "fr"], ["qccq", "Cour du Québec", "ljc", "fr"]]],
  ["SK", [["skca", "Court of Appeal for Saskatchewan", "iac", "en"], ["skkb", "Court of King's Bench for Saskatchewan", "gjc", "en"], ["skpc", "Provincial Court of Saskatchewan", "ljc", "en"]]],
  ["YT", [["ytca", "Court of Appeal of Yukon", "iac", "en"], ["ytsc", "Supreme Court of Yukon", "gjc", "en"], ["yttc", "Territorial Court of Yukon", "ljc", "en"]]],
];

const FEDERAL: readonly Row[] = [
  ["scc", "Supreme Court of Canada / Cour suprême du Canada", "colr", "bilingual"],
  ["fca", "Federal Court of Appeal / Cour d'appel fédérale", "iac", "bilingual"],
  ["fct", "Federal Court / Cour fédérale", "ljc", "bilingual"],
  ["tcc", "Tax Court of Canada / Cour canadienne de l'impôt", "ljc", "bilingual"],
  ["cmac", "Court Martial Appeal Court of Canada / Cour d'appel de la cour martiale du Canada", "iac", "bilingual"],
];

/** What 2.0 said of the courts it listed: their systems, the numbers they print (not yet seen on records). */
const KNOWN: Readonly<Record<string, { system: string; example: string; notes: string | null }>> = {
  scc: { system: "SCC Case Information", example: "40123", notes: "Case id is the docket number." },
  fca: { system: "Federal Courts Proceedings Queries", example: "A-123-23", notes: null },
  fct: { system: "Federal Courts Proceedings Queries", example: "T-1234-23", notes: "Case id is the court file number (T-… general, IMM-… immigration)." },
  tcc: { system: "Tax Court Case Search", example: "2023-1234(IT)G", notes: null },
  qccs: { system: "Plumitif", example: "500-17-123456-231", notes: "Records are kept in French. Case id is the court file number (district-nature-number-year)." },
  qcca: { system: "Plumitif", example: "500-09-030123-231", notes: "Records are kept in French." },
  onsc: { system: "Ontario Court Case Search", example: "CV-23-00012345-0000", notes: "Civil proceedings only, Commercial List (…-00CL) included." },
  onca: { system: "Ontario Court Case Search", example: "COA-23-CV-0123", notes: "Older files are numbered C71234 (civil) or M12345 (motions); newer ones COA-23-CV-0123." },
  bcsc: { system: "Court Services Online", example: "S234567", notes: null },
  nbkb: { system: "", example: "MC-123-2024", notes: null },
  abkb: { system: "", example: "2401 01234", notes: null },
};

function entry([code, name, level, language]: Row, region: string | null): CourtEntry {
  const known = KNOWN[code];
  const notes = [known?.notes ?? null, language === "bilingual" ? BILINGUAL : null].filter(Boolean).join(" ");
  return {
    court_code: code,
    name,
    jurisdiction_country: "CA",
    language,
    kind: region ? "ca_provincial" : "ca_federal",
    region,
    level,
    system: known?.system || null,
    format: null,
    coverage: "planned",
    refresh_cadence_seconds: null,
    notes: notes || null,
    source: "canada",
    courts_db_id: null,
    ...(known ? { example: known.example } : {}),
  };
}

export function canadianCourts(): CourtEntry[] {
  return [...FEDERAL.map((row) => entry(row, null)), ...PROVINCES.flatMap(([region, rows]) => rows.map((row) => entry(row, region)))];
}
