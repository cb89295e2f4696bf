// Case number formats the registry can vouch for: each one was read off real records (../shared/corpus) of the
// system that prints it. A court whose numbers we have not seen on records gets PERMISSIVE_PATTERN, is
// `planned`, and says so in its notes.
import type { CaseNumberSystem } from "./corpus-numbers";

export interface CaseFormat {
  /** The system whose records show this format: examples come from its numbers. */
  system: CaseNumberSystem;
  pattern: (courtCode: string) => string;
}

const fixed = (system: CaseNumberSystem, pattern: string): CaseFormat => ({ system, pattern: () => pattern });

export const CASE_FORMATS = {
  /** CM/ECF district numbers `division:yy-type-nnnnn` (type letters: cv, cr, mj, md, crcor, ...). */
  district: fixed("CM/ECF", "^[0-9]:[0-9]{2}-[a-z]{2,5}-[0-9]{5}$"),
  /** CM/ECF bankruptcy numbers with their division; yy-nnnnn alone does not say which office's case it is. */
  bankruptcy: fixed("CM/ECF", "^[0-9]:[0-9]{2}-(bk|ap|mp)-[0-9]{5}$"),
  /** The JPML's MDL numbers. */
  mdl: fixed("CM/ECF", "^MDL-[0-9]{1,4}$"),
  /** Courts of appeals (CM/ECF Appellate and ACMS): `yy-n` to `yy-nnnnn`. */
  appellate: fixed("CM/ECF Appellate", "^[0-9]{2}-[0-9]{1,5}$"),
  /** Bankruptcy appellate panels, often with the originating district's letters in front. */
  bap: fixed("CM/ECF Appellate", "^([A-Z]{2}[- ])?[0-9]{2}-[0-9]{3,5}$"),
  /** Supreme Court of the United States: `yy-n…` (cert. and appeals), `yyAn…` (applications), `yyOn…` (original actions). */
  scotus: fixed("SCOTUS", "^[0-9]{2}(-[0-9]{1,5}|A[0-9]{1,5}|O[0-9]{1,4})$"),
  /** Supreme Court of Texas: `yy-nnnn`; older cases `A-4369-A`, `C-2302`. */
  texasSupreme: fixed("TAMES", "^([0-9]{2}-[0-9]{4}|[A-Z]-[0-9]{1,5}(-[A-Z])?)$"),
  /** Texas Court of Criminal Appeals: petitions `PD-0975-25`, writs `WR-70,849-04`, direct appeals `AP-77,129`. */
  texasCriminalAppeals: fixed("TAMES", "^(PD-[0-9]{4}-[0-9]{2}|WR-[0-9]{2},[0-9]{3}-[0-9]{2}|AP-[0-9]{2},[0-9]{3})$"),
  /** Texas courts of appeals: the court's own two-digit number first, `01-25-00011-CV`. */
  texasAppeals: {
    system: "TAMES",
    pattern: (code) => `^${String(Number(/\d+$/.exec(code)?.[0] ?? 0)).padStart(2, "0")}-[0-9]{2}-[0-9]{5}-(CV|CR)$`,
  },
  /**
   * Florida Supreme Court `SC2026-0703` and District Courts of Appeal `4D2026-0606`: ACIS numbers every case with
   * a four-digit year (its records go back to 1982, `2D1982-0416`) and a sequence of four or five digits
   * (../shared/notes/court-systems.md: `(?:[1-6]D|SC)\d{4}-\d{4,5}`). A two-digit year (`4D26-0606`) is no ACIS
   * number (its case search matches the number exactly: a false "no such case") and cannot be widened safely
   * (19xx or 20xx), so it is refused as the wrong form.
   */
  florida: {
    system: "ACIS",
    pattern: (code) => `^${code === "fla" ? "SC" : `${/\d$/.exec(code)?.[0] ?? 0}D`}[0-9]{4}-[0-9]{4,5}$`,
  },
} satisfies Record<string, CaseFormat>;

export type CaseFormatKey = keyof typeof CASE_FORMATS;

/**
 * For courts whose numbers we have not seen on records: any case number as the court prints it, 1 to 64
 * letters, digits, spaces and the punctuation case numbers use. Such a court is `planned`: a query answers 422
 * before its pattern is looked at, so the pattern only says that the format is not known yet.
 */
export const PERMISSIVE_PATTERN = "^[A-Za-z0-9][A-Za-z0-9 .,:;/()#-]{0,63}$";

/** The example of a court whose format is not verified and whose earlier example we do not have. */
export const UNVERIFIED_EXAMPLE = "2024-00123";

export const UNVERIFIED_NOTE = "Case number format not verified: any case number is accepted as the court writes it.";
