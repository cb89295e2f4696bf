// POST /v2/cases/batch: results in request order; a query that fails at the source becomes a
// per-query error object. Queries with invalid input never get here: the whole batch is refused
// before payment (parseBatchRequest), so nobody pays for a query that could only fail.
import { z } from "zod";
import { MAX_BATCH_QUERIES, batchMetaSchema, batchQuerySchema, batchResultSchema, type BatchQuery, type BatchResponse, type BatchResult } from "@/contract";
import { ServiceError, internalError, toErrorObject } from "@/lib/errors";
import { parseWith } from "@/lib/http/parse-input";
import { batchMeta, type MetaBase } from "@/lib/meta";
import { priceForQueriesUsd } from "@/lib/pricing";
import { parseCaseRequest, type CaseRequest } from "./parse-case-request";
import { buildCaseResponse } from "./build-case-response";
import type { CaseStore } from "./case-store";
import { BATCH_QUERY_CHARGE, lookupError } from "./query-case";
import { logError } from "@/lib/log";
import { BatchShares, yieldToOtherRequests } from "./batch-shares";

/**
 * The frame of a batch answer, what the endpoint wrapper checks: queryBatch checks each result against the
 * contract as it builds it (a 10 MB answer checked at once would hold the event loop).
 */
export const batchFrameSchema = z.strictObject({ meta: batchMetaSchema, results: z.array(z.unknown()) }) as unknown as z.ZodType<BatchResponse>;

/** 50 queries of any sensible size fit many times over; a larger body cannot be a valid batch. */
export const BATCH_BODY_LIMIT = 512 * 1024;

export function batchBodyTooLarge(): ServiceError {
  return new ServiceError(
    "batch_too_large",
    `The request body is larger than ${BATCH_BODY_LIMIT / 1024} KB; a batch holds at most ${MAX_BATCH_QUERIES} queries. Split it.`,
    { parameter: "body" },
  );
}

export interface ParseBatchOptions {
  sandbox?: boolean;
  /** What one query may hold: HTTP's (the default), or MCP's, where callback_url is no argument. */
  querySchema?: z.ZodType<BatchQuery>;
}

export function parseBatchRequest(body: unknown, now: Date, options: ParseBatchOptions = {}): CaseRequest[] {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new ServiceError("invalid_parameter", 'The body must be a JSON object: { "queries": [ ... ] }.', {
      parameter: "body",
    });
  }
  const unknownKeys = Object.keys(body).filter((key) => key !== "queries");
  if (unknownKeys.length > 0) {
    throw new ServiceError("invalid_parameter", `unknown field "${unknownKeys[0]}"; the body holds only "queries".`, {
      parameter: unknownKeys[0]!,
    });
  }
  const queries = (body as { queries?: unknown }).queries;
  if (!Array.isArray(queries)) {
    throw new ServiceError("invalid_parameter", "queries is required: an array of 1 to 50 query objects.", {
      parameter: "queries",
    });
  }
  if (queries.length === 0) {
    throw new ServiceError("invalid_parameter", "queries is empty; send 1 to 50 query objects.", { parameter: "queries" });
  }
  if (queries.length > MAX_BATCH_QUERIES) {
    throw new ServiceError(
      "batch_too_large",
      `The batch holds ${queries.length} queries; at most ${MAX_BATCH_QUERIES} are allowed. Split it.`,
      { parameter: "queries" },
    );
  }
  return queries.map((query, index) => {
    if (typeof query !== "object" || query === null || Array.isArray(query)) {
      throw new ServiceError(
        "invalid_parameter",
        `queries[${index}] must be an object such as { "case_id": "1:23-cv-04567", "court_code": "nysd" }.`,
        { parameter: `queries[${index}]`, query_index: index },
      );
    }
    try {
      return parseCaseRequest(parseWith(options.querySchema ?? batchQuerySchema, query), now, options);
    } catch (error) {
      throw error instanceof ServiceError ? error.forQuery(index) : error;
    }
  });
}

export interface QueryBatchOptions {
  requests: CaseRequest[];
  store: CaseStore;
  meta: MetaBase;
  sandbox: boolean;
  now: Date;
  baseUrl: string;
}

/**
 * Results in request order. All cases are looked up together: a bounded number of database reads. The
 * whole answer stays under BATCH_RESPONSE_LIMIT_BYTES, shared between the results (lib/cases/batch-shares.ts,
 * docs/limits.md): each result is built and cut to its share one at a time, so only the cut results are kept,
 * and the event loop is yielded between results so other requests are served while a large batch is built.
 */
export async function queryBatch({ requests, store, meta, sandbox, now, baseUrl }: QueryBatchOptions): Promise<BatchResponse> {
  // Each case response inside a batch reports the per-query price; the batch meta reports the total.
  const perQueryCost = sandbox ? 0 : priceForQueriesUsd(1);
  const results: BatchResult[] = [];
  const looked = await store.lookup(requests.map(({ court, caseId }) => ({ court, caseId })), now);
  meta.queried_at = looked.queriedAt.toISOString();
  const shares = new BatchShares(requests.map((request) => ({ case_id: request.submitted.caseId, court_code: request.submitted.courtCode })));
  const build = (index: number, limitBytes: number): BatchResult => {
    const request = requests[index]!;
    // The query as submitted (SERVICE-SPEC: "case_id, court_code (echoed)"); the canonical id is in
    // response.case_id.
    const echo = { case_id: request.submitted.caseId, court_code: request.submitted.courtCode };
    const lookup = looked.results[index]!;
    try {
      if (lookup.kind !== "found") throw lookupError(lookup, request.court, request.caseId, BATCH_QUERY_CHARGE);
      const response = buildCaseResponse({ record: lookup.record, request, meta, queryCostUsd: perQueryCost, now, limitBytes });
      return { ...echo, status: "success", response };
    } catch (error) {
      if (!(error instanceof ServiceError)) logError(meta.request_id, "batch query failed unexpectedly", error);
      const serviceError =
        error instanceof ServiceError
          ? error
          : new ServiceError("internal_error", `An unexpected error occurred for this query. ${BATCH_QUERY_CHARGE}`);
      return { ...echo, status: "error", error: toErrorObject(serviceError, baseUrl) };
    }
  };
  for (let index = 0; index < requests.length; index += 1) {
    const result = build(index, shares.firstShare());
    shares.record(index, result);
    results.push(result);
    await yieldToOtherRequests();
  }
  // What the results that fit in their equal share left unused goes to the ones that were cut.
  for (const { index, limitBytes } of shares.enlargedShares()) {
    const result = build(index, limitBytes);
    shares.record(index, result, limitBytes);
    results[index] = result;
    await yieldToOtherRequests();
  }
  // Each result is checked against the contract here, one at a time between yields, rather than the whole
  // 10 MB answer at once by the endpoint wrapper (app/v2/cases/batch/route.ts checks the frame only).
  for (const result of results) {
    const checked = batchResultSchema.safeParse(result);
    if (!checked.success) {
      logError(meta.request_id, "batch result failed contract validation", checked.error.issues.slice(0, 5));
      throw internalError();
    }
    await yieldToOtherRequests();
  }
  const successful = results.filter((result) => result.status === "success").length;
  return {
    meta: batchMeta(meta, {
      batch_size: requests.length,
      successful,
      failed: requests.length - successful,
      // All failed: nothing is settled, so nothing is reported as spent.
      total_cost_usd: sandbox || successful === 0 ? 0 : priceForQueriesUsd(requests.length),
    }),
    results,
  };
}
