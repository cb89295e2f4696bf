// Filing type of a docket entry from its text, for every source. Court clerks lead with what the paper
// is ("MOTION to ...", "ORDER granting ...", "Minute Entry: ...", "Demande en ..."), so the kind named
// earliest in the text wins; longer phrases are listed before the words they contain, so "notice of
// settlement" beats "notice" at the same position. Entries with no text have no type (null).
import type { DocketEntry } from "@/contract";

type FilingType = NonNullable<DocketEntry["filing_type"]>;

const RULES: ReadonlyArray<readonly [RegExp, FilingType]> = [
  // Phrases that would otherwise be read by their first word.
  [/\bnotice of (proposed )?settlement\b|\bsettlement (agreement|conference held)\b/, "settlement"],
  [/\bnotice of application\b|\bstatement of claim\b|\bnotice of civil claim\b/, "complaint"],
  [/\bdemande introductive d'instance\b|\brequ[êe]te introductive\b/, "complaint"],
  [/\bmemorandum (opinion|and order|decision)\b|\bopinion and order\b|\bmemo[- ]endorsement\b/, "order"],
  [/\bmemorandum of law\b|\bmemorandum in (support|opposition)\b/, "brief"],
  [/\bminute (entry|order)\b|\bminutes\b/, "hearing"],
  [/\bpetition for (rehearing|panel rehearing|rehearing en banc|writ)\b/, "motion"],
  [/\b(voluntary|involuntary) petition\b/, "complaint"],
  [/\bcertificate of (service|mailing|notice|compliance)\b|\bbnc certificate\b/, "other"],
  // Service papers, fee receipts: the kind a clerk records, not a filing of a side.
  [/\b(affidavit|proof|return|waiver|acknowledg(e)?ment) of (service|mailing)\b|\b(summons|service) returned\b/, "other"],
  [/\breceipt (of|for)\b|\bfiling fee receipt\b/, "other"],
  [/\b(certificate|certification) of (no objection|counsel)\b|\bsupreme court case info\b/, "notice"],
  [/\bdisposition of\b/, "judgment"],
  [/\bletter order\b|\b(arrest )?warrant issued\b/, "order"],
  [/\bset(\/reset)? deadlines?\b/, "order"],
  [/\bset(\/reset)? hearings?\b/, "hearing"],
  [/\banswers? (to|and)\b/, "brief"],
  [/\b(declaration|affidavit)\b[^.]{0,80}?\bin (support|opposition)\b/, "brief"],
  [/\bwaiver of\b/, "notice"],
  [/\b(plea|jury) agreement\b/, "stipulation"],
  // Appellate courts' own wordings (the Supreme Court's "Proceedings and Orders", Texas' case events, Florida's
  // ACIS entry types): a court's disposition of a petition or motion, its final action, its scheduling.
  [/^(?:final disp|action taken|disposition)\b/, "judgment"],
  [/^[^.]{0,100}?\b(?:disposed|disp)\b/, "order"],
  [/^(?:the )?(?:petition|rehearing|appeal|application|motion)\b[^.]{0,120}?\b(?:granted|denied|dismissed|overruled|refused)\b/, "order"],
  [/^case transferred\b|\bltf den(?:ied)?\b/, "order"],
  [/^(?:pdr filed|writ received)\b/, "complaint"],
  [/^ext\b[^.]*\bfiled\b/, "motion"],
  [/^[^.]{0,80}?\b(?:was|were) not filed\b|\b(?:in|with|from) (?:the )?trial court\b|\btrial court clerk\b/, "other"],
  [/^the time to file\b[^.]*\bextended\b|\brecognizing agreed extension\b|\bresponse requested\b/, "order"],
  [/\b(?:trial|lower) (?:court|tribunal) order\b/, "order"],
  [/^argued\b|\bset for (?:submission|(?:oral )?argument)\b/, "hearing"],
  [/^[^.()]{0,80}?\bdue\s*$/, "other"],
  [/\bjoint appendix\b/, "brief"],
  [/\bblanket consent\b/, "notice"],
  // Single words: what the paper is.
  [/\bsettlement\b|\btransaction\b/, "settlement"],
  [/\bcomplaint\b|\bindictment\b|\binformation\b(?= as to| against)|\bpetition\b|\bnotice of removal\b/, "complaint"],
  [/\bsubpo?enas?\b|\bcitation à comparaître\b/, "subpoena"],
  [/\bstipulat(ion|ed)\b|\bprotocole de l'instance\b|\bentente\b|\bconsent decree\b/, "stipulation"],
  [/\bjudgments?\b|\bverdict\b|\bjugement\b|\bopinion\b|\bmandate\b/, "judgment"],
  [/\bmotions?\b|\bapplication\b|\brequest\b|\bdemande\b|\brequ[êe]te\b/, "motion"],
  [/\borders?\b|\bordonnance\b|\bruling\b|\bdécision\b|\bdecision\b|\bso ordered\b/, "order"],
  [/\bbriefs?\b|\bmemorandum\b|\bopposition\b|\breply\b|\bresponse\b|\bobjection\b|\bmémoire\b|\bplan d'argumentation\b/, "brief"],
  [/\bhearings?\b|\bconference\b|\btranscript\b|\boral argument\b|\bargued and submitted\b|\bmeeting of creditors\b|\baudience\b|\btrial\b|\bsentencing\b|\barraignment\b/, "hearing"],
  [/\bnotices?\b|\bappearance\b|\bletter\b|\bsummons\b|\bavis\b|\bcomparution\b|\bréponse\b|\bdocketed\b/, "notice"],
];

/** How far into the text the leading kind is looked for. */
const WINDOW = 160;

export function classifyFilingType(text: string | null | undefined): FilingType | null {
  const head = (text ?? "").trim().toLowerCase().slice(0, WINDOW);
  if (head === "") return null;
  let best: { index: number; type: FilingType } | null = null;
  for (const [pattern, type] of RULES) {
    const index = head.search(pattern);
    if (index >= 0 && (best === null || index < best.index)) best = { index, type };
  }
  return best?.type ?? "other";
}
