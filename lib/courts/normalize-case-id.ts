// Case ids as people and agents copy them → the court's canonical form, before the pattern check.
// PACER pages print `1:23-cv-04567-LAK` (judge initials) or `1:22-cr-00123-1` (defendant number), and
// numbers get retyped with capitals or without leading zeros; the canonical id is `1:23-cv-04567`. Courts of
// appeals' numbers travel with the clerk's team letters (`22-12696-DD` on a district docket's "Case in other
// court"); the court's own docket and feed print `22-12696`, unpadded (`11-8`).
import type { CourtRecord } from "./types";

const CM_ECF_NUMBER = /^(\d):(\d{2})-([a-z]{2,5})-(\d{1,5})(?:-[a-z0-9]{1,8})*$/i;
const MDL_NUMBER = /^mdl[\s-]*(?:no\.?\s*)?(\d{1,4})$/i;
/** Bankruptcy numbers printed as office-yy-nnnnn (`8-10-70959`). */
const OFFICE_NUMBER = /^(\d)-(\d{2})-(\d{5})$/;
/** A court of appeals' number, padded or not, with or without the clerk's team letters: `22-012696-DD`. */
const APPELLATE_NUMBER = /^(\d{2})-0*(\d{1,5})(?:-[a-z]{1,2})?$/i;
/** The Supreme Court prints its numbers unpadded (`16-1362`, `23A999`): a retyped `16-01362` is that case. */
const SCOTUS_NUMBER = /^(\d{2})(-|a|o)0*(\d{1,5})$/i;

/** Courts whose numbers CM/ECF prints. Read from the court's kind, not from `case_management_system`, which
 * the public record rewrites for the demo source ("Demo source (generated cases; CM/ECF not connected)") and
 * leaves null while a court is planned. */
const CM_ECF_KINDS = new Set<CourtRecord["kind"]>(["us_district", "us_bankruptcy", "us_national"]);

export function normalizeCaseId(court: Pick<CourtRecord, "kind" | "court_code">, raw: string): string {
  const caseId = raw.trim();
  if (court.court_code === "scotus") {
    const scotus = SCOTUS_NUMBER.exec(caseId);
    if (scotus) return `${scotus[1]}${scotus[2]!.toUpperCase()}${scotus[3]}`;
  }
  if (CM_ECF_KINDS.has(court.kind)) {
    const cmEcf = CM_ECF_NUMBER.exec(caseId);
    if (cmEcf) return `${cmEcf[1]}:${cmEcf[2]}-${cmEcf[3]!.toLowerCase()}-${cmEcf[4]!.padStart(5, "0")}`;
    const office = court.kind === "us_bankruptcy" ? OFFICE_NUMBER.exec(caseId) : null;
    if (office) return `${office[1]}:${office[2]}-bk-${office[3]}`;
    const mdl = MDL_NUMBER.exec(caseId);
    if (mdl) return `MDL-${mdl[1]}`;
  }
  if (court.kind === "us_appellate") {
    // The courts print and link their numbers unpadded (`caseNum=11-8` in the Fourth Circuit's feed): a
    // retyped `16-01033` is case 16-1033, not a second one.
    const number = APPELLATE_NUMBER.exec(caseId);
    if (number) return `${number[1]}-${number[2]}`;
  }
  return caseId;
}
