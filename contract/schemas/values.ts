// Closed value sets of the API (SERVICE-SPEC "Resources" plus DECISIONS.md "Cases and change detection").
import { z } from "zod";

export const CASE_TYPES = [
  "civil",
  "criminal",
  "bankruptcy",
  "adversary_proceeding",
  "appellate",
  "miscellaneous",
  "family",
  "probate",
  "administrative",
  "judicial_review",
  "other",
] as const;
export const caseTypeSchema = z.enum(CASE_TYPES);

export const FILING_TYPES = [
  "complaint",
  "motion",
  "order",
  "judgment",
  "notice",
  "stipulation",
  "hearing",
  "brief",
  "subpoena",
  "settlement",
  "other",
] as const;
export const filingTypeSchema = z.enum(FILING_TYPES);

export const PARTY_TYPES = [
  "plaintiff",
  "defendant",
  "petitioner",
  "respondent",
  "appellant",
  "appellee",
  "debtor",
  "creditor",
  "trustee",
  "intervenor",
  "amicus",
  "interested_party",
  "other",
] as const;
export const partyTypeSchema = z.enum(PARTY_TYPES);

export const DOCUMENT_IDENTIFIER_TYPES = [
  "fed_doc_id",
  "appellate_doc_id",
  "state_doc_id",
  "ca_doc_id",
  "none",
] as const;
export const documentIdentifierTypeSchema = z.enum(DOCUMENT_IDENTIFIER_TYPES);

export const languageSchema = z.enum(["en", "fr", "bilingual"]);
export const languagePreferenceSchema = z.enum(["en", "fr"], {
  error: "language must be en or fr",
});
export const contextSchema = z.enum(["basic", "full"], { error: "context must be basic or full" });
export const countrySchema = z.enum(["US", "CA"]);
export const coverageSchema = z.enum(["full", "partial", "planned"]);
export const coverageStatusSchema = z.enum(["full", "partial"]);
export const caseStatusSchema = z.enum(["open", "closed"]);
export const juryDemandSchema = z.enum(["plaintiff", "defendant", "both", "none"]);
export const OPERATIONAL_STATUSES = ["nominal", "degraded", "maintenance", "incident"] as const;
export const operationalStatusSchema = z.enum(OPERATIONAL_STATUSES);
export const DELIVERY_STATUSES = ["succeeded", "failed", "retrying"] as const;
export const deliveryStatusSchema = z.enum(DELIVERY_STATUSES, {
  error: "status must be succeeded, failed or retrying",
});

/**
 * ISO-8601 date and time with an offset: seconds and fractions optional, offset `Z`, `±hh:mm` or `±hhmm`.
 * (zod's own datetime check refuses `14:00Z` and `+0100`, which are valid ISO-8601 and which agents send.)
 */
export const ISO_TIMESTAMP_WITH_OFFSET =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-](\d{2}):?(\d{2}))$/i;

/** Whether `value` is an ISO-8601 timestamp with offset that names a real instant (no 30 February, no 25:00). */
export function isTimestampWithOffset(value: string): boolean {
  const match = ISO_TIMESTAMP_WITH_OFFSET.exec(value);
  if (!match) return false;
  const [, year, month, day, hour, minute, second, , offsetHours, offsetMinutes] = match;
  // setUTCFullYear, not Date.UTC: Date.UTC reads years 0-99 as 1900-1999, so 0001-01-01 would not round-trip.
  const date = new Date(0);
  date.setUTCFullYear(Number(year), Number(month) - 1, Number(day));
  return (
    date.getUTCFullYear() === Number(year) &&
    date.getUTCMonth() === Number(month) - 1 &&
    date.getUTCDate() === Number(day) &&
    Number(hour) < 24 &&
    Number(minute) < 60 &&
    Number(second ?? 0) < 60 &&
    Number(offsetHours ?? 0) < 24 &&
    Number(offsetMinutes ?? 0) < 60
  );
}

/** Milliseconds since the epoch of a timestamp accepted by isTimestampWithOffset. */
export function parseTimestampWithOffset(value: string): number {
  return Date.parse(value.replace(/([+-]\d{2})(\d{2})$/, "$1:$2"));
}

/** ISO-8601 timestamp with an explicit offset (`Z` or `±hh:mm`), as this service writes them. */
export const timestampSchema = z.iso.datetime({ offset: true });
/** ISO-8601 calendar date (YYYY-MM-DD). */
export const dateSchema = z.iso.date();

/** A timestamp as a caller may write it (echoed back, e.g. `delta.since`): any form isTimestampWithOffset accepts. */
export const callerTimestampSchema = z.string().refine(isTimestampWithOffset, { error: "an ISO-8601 timestamp with offset" });
