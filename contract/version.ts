/** Semantic version of the API, reported by GET /v2/status. */
export const API_VERSION = "2.1.0";
/** v1 endpoints stay live until this date (SERVICE-SPEC "Versioning"). */
export const V1_SUNSET = "2027-04-28";
