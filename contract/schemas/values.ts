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

/** ISO-8601 timestamp with an explicit offset (`Z` or `±hh:mm`). */
export const timestampSchema = z.iso.datetime({ offset: true });
/** ISO-8601 calendar date (YYYY-MM-DD). */
export const dateSchema = z.iso.date();
