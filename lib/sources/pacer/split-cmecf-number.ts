// CM/ECF prints one case number in several shapes (court-systems.md §1.3, "Docket-number grammar"):
//   district    O:YY-TT-NNNNN[-JJJ][-MMM][-D]   "2:02-cv-01431-SJO-RC", "5:03-cr-00014-RLV-CH-3"
//   bankruptcy  YY-NNNNN[-JJJ][-C] or O:YY-bk-NNNNN   "10-15790-JMC-13", "08-13555-scc", "4:16-bk-73062"
//   sortable    O:YYYY-TT-NNNNN[-JJJ]           "2:2016-cv-01152-JJT" (possible_case_numbers.pl)
//   office-dash O-YY-NNNNN[-jjj]                "8-10-70959-dte" (some bankruptcy courts' headings)
//   JPML        DDD/O:YY-TT-NNNNN                "NYS/1:22-cv-10283" (the transferor district first)
// and the serial padded or not ("2:16-cv-1152"). The letters after the serial are the assigned (then
// referred, then further panel) judges' initials; a trailing number is the defendant on a criminal-type
// district number but the chapter on a bankruptcy number ("-13"), so it is only a defendant where the
// number carries a non-bankruptcy type.

export interface CmEcfNumber {
  /** The district a JPML docket names before the number ("NYS"), or null. */
  prefix: string | null;
  /** Office (division) digit, when the number has one. */
  office: string | null;
  /** Two-digit year ("16"), also when the page wrote four ("2016"). */
  year: string;
  /** Case type letters as written ("cv", "cr", "crcor", "bk"), when the number has them. */
  type: string | null;
  /** The serial as written ("1152" or "01152"). */
  serial: string;
  /** Judge initials after the serial, in order: assigned, referred, further panel judges. */
  judgeInitials: string[];
  /** Defendant number of a criminal defendant's docket ("-3"), or null. */
  defendant: number | null;
  /** The number without initials or defendant, serial padded to five digits: "2:02-cv-01431", "10-46652". */
  core: string;
}

const NUMBER =
  /^(?:([a-z]{2,5})\/)?(?:(\d)[:-])?(\d{2}|\d{4})-(?:([a-z]{1,6})-)?(\d{1,7})((?:-[a-z]{1,6})*)(?:-(\d{1,3}))?$/i;

/** Types whose trailing number is a chapter or sub-proceeding, never a defendant. */
const BANKRUPTCY_TYPES = new Set(["bk", "ap", "mp"]);

export function splitCmEcfNumber(raw: string): CmEcfNumber | null {
  const match = NUMBER.exec(raw.trim());
  if (!match) return null;
  const [, prefix, office, fullYear, type, serial, initials, trailing] = match;
  const year = fullYear!.slice(-2);
  const defendant = type && trailing && !BANKRUPTCY_TYPES.has(type.toLowerCase()) ? Number(trailing) : null;
  const padded = serial!.padStart(5, "0");
  return {
    prefix: prefix ?? null,
    office: office ?? null,
    year,
    type: type ?? null,
    serial: serial!,
    judgeInitials: initials ? initials.split("-").filter(Boolean) : [],
    defendant,
    core: `${office ? `${office}:` : ""}${year}-${type ? `${type.toLowerCase()}-` : ""}${padded}`,
  };
}
