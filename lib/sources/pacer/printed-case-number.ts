// The case number a CM/ECF docket report prints in its heading ("CIVIL DOCKET FOR CASE #: 2:09-cv-04380-KDE-JCW",
// "Bankruptcy Petition #: 10-12863"), read from the raw page as detect-refusal.ts reads it: the fetcher checks
// every billed page with it before the page is read whole, so a docket of another case (a lookup that named the
// wrong internal id, a court answering with another report) is refused rather than stored and charged as this one.
import { DOCKET_HEADING_LABEL, GAP } from "./detect-refusal";
import { splitCmEcfNumber, type CmEcfNumber } from "./split-cmecf-number";

// A bankruptcy court's heading says which kind of case the page is, whether or not its number carries the type
// letters ("Bankruptcy Petition #: 10-12863", "Adversary Proceeding #: 09-52094-KG", as every bankruptcy record
// of the corpus prints them): the main case ("bk") or an adversary proceeding ("ap") of the same year and serial.
// Other labels ("CIVIL DOCKET FOR CASE #:") say nothing a number does not.
const LABEL_TYPES: Readonly<Record<string, string>> = { bankruptcy: "bk", adversary: "ap" };
const LABEL_KIND = String.raw`(?:\b(Bankruptcy(?=${GAP}Petition)|Adversary(?=${GAP}Proceeding))${GAP})?`;

// The heading's label, then the number: the first word of what follows, tags and spaces aside.
const HEADING_NUMBER = new RegExp(String.raw`${LABEL_KIND}${DOCKET_HEADING_LABEL}${GAP}([^\s<&]+)`, "i");

export interface PrintedNumber {
  printed: string;
  number: CmEcfNumber;
  /** The case type its label names ("bk" after "Bankruptcy Petition #:", "ap" after "Adversary Proceeding #:"), or null. */
  labelType: string | null;
  /** Where the number starts in the page. */
  at: number;
}

/** The number the page's heading prints (and where: `at`), or null when the page prints none this reader knows. */
export function printedCaseNumber(html: string): PrintedNumber | null {
  const match = HEADING_NUMBER.exec(html);
  return match ? printedAt(match) : null;
}

/**
 * Every number the page prints after such a label, in page order, null where this reader cannot parse it. The
 * first is not always the heading's: a block above the heading may name another case ("Related Case #: ...", a
 * notice), as docket-header.ts allows for when it looks for the heading in the heading elements first.
 */
export function printedCaseNumbers(html: string): Array<PrintedNumber | null> {
  return [...html.matchAll(new RegExp(HEADING_NUMBER.source, "gi"))].map(printedAt);
}

function printedAt(match: RegExpExecArray | RegExpMatchArray): PrintedNumber | null {
  const printed = match[2]!;
  const number = splitCmEcfNumber(printed);
  const labelType = match[1] ? (LABEL_TYPES[match[1].toLowerCase()] ?? null) : null;
  return number ? { printed, number, labelType, at: match.index! + match[0].length - printed.length } : null;
}

/**
 * Whether a printed number is the case asked for: same year and serial (padded or not), and same type and office
 * where both give them (a bankruptcy heading may print "10-12863" for "1:10-bk-12863"). The type is the number's,
 * else the one its label names (`labelType`): "Bankruptcy Petition #: 19-12345" is not adversary proceeding
 * 1:19-ap-12345. Where neither gives one, any type passes. Initials, defendant and chapter suffixes say nothing
 * about which case it is.
 */
export function isSameCase(printed: CmEcfNumber, asked: CmEcfNumber, labelType: string | null = null): boolean {
  if (printed.year !== asked.year || Number(printed.serial) !== Number(asked.serial)) return false;
  const type = printed.type ?? labelType;
  if (type && asked.type && type.toLowerCase() !== asked.type.toLowerCase()) return false;
  if (printed.office && asked.office && printed.office !== asked.office) return false;
  return true;
}
