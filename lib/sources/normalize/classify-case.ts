// Case type and jury demand from the source's wording, for every source.
import type { CaseBasic } from "@/contract";
import type { CourtRecord } from "@/lib/courts/types";

type CaseType = CaseBasic["case_type"];

/** CM/ECF case-type codes, the middle part of `1:23-cv-04567`. */
const CM_ECF_TYPES: Readonly<Record<string, CaseType>> = {
  cv: "civil",
  md: "civil",
  ml: "civil", // multidistrict litigation in some districts
  ad: "civil", // admiralty
  hc: "civil", // habeas corpus
  dp: "civil", // death-penalty habeas
  rj: "miscellaneous", // registration of a judgment from another district
  cr: "criminal",
  mj: "criminal",
  po: "criminal",
  sw: "criminal",
  gj: "criminal",
  bk: "bankruptcy",
  ap: "adversary_proceeding",
  mp: "miscellaneous",
  mc: "miscellaneous",
};

const WORDS: ReadonlyArray<readonly [RegExp, CaseType]> = [
  [/\badversary\b/, "adversary_proceeding"],
  [/\bbankruptcy\b|\bchapter \d+\b|\bfaillite\b/, "bankruptcy"],
  [/\bappeal\b|\bappellate\b|\bappel\b/, "appellate"],
  [/\bjudicial review\b|\bcontrôle judiciaire\b|\bimmigration\b/, "judicial_review"],
  [/\bcriminal\b|\bpénal\b|\bcriminel\b/, "criminal"],
  [/\bfamily\b|\bfamilial\b|\bmatrimonial\b|\bdivorce\b/, "family"],
  [/\bprobate\b|\bestate\b|\bsuccession\b/, "probate"],
  [/\badministrative\b|\btax\b|\bimpôt\b/, "administrative"],
  [/\bmisc(ellaneous)?\b|\bdivers\b/, "miscellaneous"],
  [/\bcivil\b|\bcommercial\b|\bcontract\b/, "civil"],
];

/** Systems whose every case is an appeal, whatever court kind runs them (BAPs, the Veterans Claims court). */
const APPELLATE_SYSTEMS = new Set(["CM/ECF Appellate", "ACMS"]);

/**
 * `appeal`: the source read the case as one of an appellate court (it gave the court the case comes from):
 * the Supreme Court's, Texas' and Florida's appellate dockets, whatever the registry calls their systems.
 */
export function classifyCaseType(court: CourtRecord, caseId: string, sourceType: string | null | undefined, appeal = false): CaseType {
  if (appeal || court.kind === "us_appellate" || APPELLATE_SYSTEMS.has(court.case_management_system ?? "")) return "appellate";
  // The type letters of a CM/ECF number, also as printed with judge initials or a defendant number after it.
  const code = /^\d{1,2}:\d{2}-([a-z]{2})-\d+(?:-|$)/i.exec(caseId)?.[1]?.toLowerCase();
  if (code && CM_ECF_TYPES[code]) return CM_ECF_TYPES[code];
  const text = (sourceType ?? "").trim().toLowerCase();
  if (text in CM_ECF_TYPES) return CM_ECF_TYPES[text]!;
  for (const [pattern, type] of WORDS) if (pattern.test(text)) return type;
  if (court.kind === "us_bankruptcy") return "bankruptcy";
  return "other";
}

export function normalizeJuryDemand(value: string | null | undefined): CaseBasic["jury_demand"] {
  const text = (value ?? "").trim().toLowerCase();
  if (text === "") return null;
  if (/\bboth\b/.test(text)) return "both";
  if (/\bplaintiff/.test(text)) return "plaintiff";
  if (/\bdefendant/.test(text)) return "defendant";
  if (/\bnone\b|\bno\b/.test(text)) return "none";
  return null;
}
