// Party type from the source's role wording ("Plaintiff", "Defendant - Appellee", "Debtor",
// "Demanderesse", "Intimé"), for every source. The role named first wins, except in appellate courts,
// where the appellate role ("Plaintiff - Appellant" → appellant) is what the case is about.
import type { Party } from "@/contract";

type PartyType = Party["type"];

const APPELLATE: ReadonlyArray<readonly [RegExp, PartyType]> = [
  // A friend of the court is that whichever side it supports ("Amicus - Appellee").
  [/\bamicus\b|\bamici\b/, "amicus"],
  [/\bappellants?\b|\bappelante?s?\b|\bcross-appellant\b/, "appellant"],
  [/\bappellees?\b|\bintim[ée]e?s?\b/, "appellee"],
  // Original proceedings: a relator asks for mandamus, an applicant for habeas corpus (Texas, Supreme Court).
  [/\bpetitioners?\b|\brelators?\b|\bapplicants?\b/, "petitioner"],
  [/\brespondents?\b/, "respondent"],
  [/\breal part(?:y|ies) in interest\b/, "interested_party"],
];

const RULES: ReadonlyArray<readonly [RegExp, PartyType]> = [
  [/\bamicus\b|\bamici\b/, "amicus"],
  [/\binterested part(y|ies)\b|\breal part(y|ies) in interest\b|\bmis(e)? en cause\b/, "interested_party"],
  [/\bplaintiffs?\b|\bdemande(ur|resse)s?\b|\bclaimants?\b|\bapplicants?\b/, "plaintiff"],
  [/\bdefendants?\b|\bdéfende(ur|resse)s?\b/, "defendant"],
  [/\bpetitioners?\b|\brequérante?s?\b/, "petitioner"],
  [/\brespondents?\b|\bintim[ée]e?s?\b/, "respondent"],
  [/\bappellants?\b|\bappelante?s?\b/, "appellant"],
  [/\bappellees?\b/, "appellee"],
  [/\bdebtors?\b|\bdébitrice?s?\b/, "debtor"],
  [/\btrustees?\b|\bsyndic\b/, "trustee"],
  [/\bcreditors?\b|\bcréancière?s?\b/, "creditor"],
  [/\bintervenors?\b|\bintervener\b|\bintervenante?s?\b/, "intervenor"],
];

export function classifyPartyType(role: string, appellateCourt: boolean): PartyType {
  const text = role.trim().toLowerCase();
  if (appellateCourt) {
    for (const [pattern, type] of APPELLATE) if (pattern.test(text)) return type;
  }
  let best: { index: number; type: PartyType } | null = null;
  for (const [pattern, type] of RULES) {
    const index = text.search(pattern);
    if (index >= 0 && (best === null || index < best.index)) best = { index, type };
  }
  return best?.type ?? "other";
}
