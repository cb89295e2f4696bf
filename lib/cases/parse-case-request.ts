// From contract-valid query input to a resolved case request: the rules that need the registry or
// the clock. Shared by /v2/case, /v2/cases/batch and /v2/monitor (and their MCP twins).
import { parseTimestampWithOffset, quoteInput, type BatchQuery, type CaseQuery, type FILING_TYPES } from "@/contract";
import { resolveCourt, type CoveredCourt } from "@/lib/courts/resolve-court";
import { SANDBOX_FIXTURE_COURTS } from "@/lib/sandbox/lookup-sandbox-case";
import { ServiceError } from "@/lib/errors";
import { decodeDeltaCursor, type DeltaPosition } from "./delta-cursor";

type FilingType = (typeof FILING_TYPES)[number];

/** Clock skew tolerated on `last_checked`, so a `meta.queried_at` reused at once from another instance passes. */
const FUTURE_TOLERANCE_MS = 5_000;

export interface LastChecked {
  /** As supplied: echoed in `delta.since`. */
  raw: string;
  at: Date;
}

export interface CaseRequest {
  court: CoveredCourt;
  /** The canonical case id (lib/courts/normalize-case-id.ts). */
  caseId: string;
  /** case_id and court_code as the caller wrote them: what a batch result echoes. */
  submitted: { caseId: string; courtCode: string };
  context: "basic" | "full";
  language: "en" | "fr" | null;
  lastChecked: LastChecked | null;
  filingTypes: ReadonlySet<FilingType> | null;
  /**
   * Where a truncated delta continues (`delta_cursor`, lib/cases/delta-cursor.ts): read once, here, and
   * refused here when it belongs to another last_checked or case.
   */
  deltaAfter: DeltaPosition | null;
  callbackUrl: string | null;
}

export interface MonitorRequest {
  court: CoveredCourt;
  caseId: string;
  lastChecked: LastChecked;
}

export function parseLastChecked(raw: string, now: Date): LastChecked {
  const at = new Date(parseTimestampWithOffset(raw));
  if (Number.isNaN(at.getTime())) {
    throw new ServiceError("invalid_last_checked", `last_checked ${quoteInput(raw)} is not a valid timestamp.`, {
      parameter: "last_checked",
    });
  }
  if (at.getTime() > now.getTime() + FUTURE_TOLERANCE_MS) {
    throw new ServiceError(
      "invalid_last_checked",
      `last_checked ${quoteInput(raw)} lies in the future (server time ${now.toISOString()}); pass the previous meta.queried_at.`,
      { parameter: "last_checked" },
    );
  }
  return { raw, at };
}

/** Sandbox requests are answered from fixtures: their courts are covered there (docs/sandbox.md). */
function sandboxCourts(options: { sandbox?: boolean }) {
  return options.sandbox ? { fixtureCourts: SANDBOX_FIXTURE_COURTS } : {};
}

export function parseCaseRequest(query: CaseQuery | BatchQuery, now: Date, options: { sandbox?: boolean } = {}): CaseRequest {
  if (query.callback_url !== undefined && options.sandbox) {
    // Refused rather than ignored: deliveries are paid work (and a free POST to any URL would be abused);
    // an agent waiting for a delivery that never comes would miss a deadline.
    throw new ServiceError(
      "invalid_parameter",
      "callback_url is not available in sandbox mode: deliveries are made for paid queries only. Test your receiver " +
        "with verifyDelivery from court-docket-api/callbacks (docs/callbacks).",
      { parameter: "callback_url" },
    );
  }
  const lastChecked = query.last_checked === undefined ? null : parseLastChecked(query.last_checked, now);
  if (query.filing_types !== undefined && lastChecked === null) {
    // Refused rather than ignored: filing_types filters delta.new_filings, which only exists with last_checked.
    throw new ServiceError(
      "invalid_parameter",
      "filing_types filters delta.new_filings, which is only present with last_checked; send last_checked too.",
      { parameter: "filing_types" },
    );
  }
  if (query.delta_cursor !== undefined && lastChecked === null) {
    throw new ServiceError(
      "invalid_parameter",
      "delta_cursor continues a delta, which is only present with last_checked; send the same last_checked as the answer that gave it.",
      { parameter: "delta_cursor" },
    );
  }
  const { court, caseId } = resolveCourt(query.court_code, query.case_id, sandboxCourts(options));
  // A cursor of another last_checked or case is refused here, before any lookup or payment.
  const deltaAfter =
    query.delta_cursor === undefined ? null : decodeDeltaCursor(query.delta_cursor, lastChecked!.at.getTime(), { courtCode: court.court_code, caseId });
  return {
    court,
    caseId,
    submitted: { caseId: query.case_id, courtCode: query.court_code },
    context: query.context ?? "basic",
    language: query.language ?? null,
    lastChecked,
    filingTypes:
      query.filing_types === undefined
        ? null
        : new Set(query.filing_types.split(",").map((part) => part.trim().toLowerCase() as FilingType)),
    deltaAfter,
    callbackUrl: query.callback_url ?? null,
  };
}

export function parseMonitorRequest(
  query: { case_id: string; court_code: string; last_checked: string },
  now: Date,
  options: { sandbox?: boolean } = {},
): MonitorRequest {
  const lastChecked = parseLastChecked(query.last_checked, now);
  const { court, caseId } = resolveCourt(query.court_code, query.case_id, sandboxCourts(options));
  return { court, caseId, lastChecked };
}
