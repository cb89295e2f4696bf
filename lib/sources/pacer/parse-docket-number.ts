// The parts of a CM/ECF docket number as the report's heading prints it. District and special courts:
// `O:YY-TT-NNNNN[-JJJ[-JJJ...]][-D]` (office digit, year, type letters, sequence, the initials of the
// assigned and referred judges — three for a CIT panel — and, on criminal dockets, the defendant number);
// the JPML prefixes the transferor district (`NYS/1:22-cv-10283`). Bankruptcy: `YY-NNNNN[-jjj]`, with an
// office digit on some courts (`8-10-70959-dte`) and type letters on others (`4:09-bk-05144`).

export interface DocketNumberParts {
  /** The number as printed. */
  printed: string;
  /** A district prefix (JPML: the transferor court, e.g. "NYS"). */
  prefix: string | null;
  office: string | null;
  year: string;
  /** Type letters as printed, lower-cased ("cv", "cr", "mj", "bk", "ap"...), or null when the number has none. */
  type: string | null;
  sequence: string;
  /** Judges' initials after the sequence: the assigned judge first, then the referred one (or a panel). */
  judgeInitials: string[];
  /** Criminal dockets: which defendant of the case this docket is for. */
  defendantNumber: string | null;
}

const NUMBER = /^(?:([A-Za-z]{2,5})\/)?(?:(\d)[:-])?(\d{2}|\d{4})-(?:([A-Za-z]{1,5})-)?(\d{1,7})((?:-[A-Za-z0-9]+)*)$/;

export function parseDocketNumber(printed: string): DocketNumberParts | null {
  const text = printed.trim();
  const match = NUMBER.exec(text);
  if (!match) return null;
  const suffixes = (match[6] ?? "").split("-").filter(Boolean);
  const last = suffixes[suffixes.length - 1];
  const defendantNumber = last !== undefined && /^\d+$/.test(last) ? last : null;
  return {
    printed: text,
    prefix: match[1] ?? null,
    office: match[2] ?? null,
    year: match[3]!,
    type: match[4] ? match[4].toLowerCase() : null,
    sequence: match[5]!,
    judgeInitials: defendantNumber === null ? suffixes : suffixes.slice(0, -1),
    defendantNumber,
  };
}
