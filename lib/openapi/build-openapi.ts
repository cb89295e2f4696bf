// The OpenAPI 3.1 document of the v2 API, generated from the ts-rest contract (the single source of
// truth), with examples taken from the sandbox fixtures: what a caller sees with ?test=1.
import { generateOpenApi } from "@ts-rest/open-api";
import { z } from "zod";
import { API_VERSION, contract } from "@/contract";
import { buildCaseResponse } from "@/lib/cases/build-case-response";
import { summarizeChanges } from "@/lib/cases/compute-delta";
import { parseCaseRequest } from "@/lib/cases/parse-case-request";
import { internalError, toErrorObject } from "@/lib/errors";
import { COURTS, toPublicCourt } from "@/lib/courts/registry";
import { errorMeta, monitorMeta, statusMeta, type MetaBase } from "@/lib/meta";
import { SANDBOX_CASES } from "@/lib/sandbox/cases";
import { sandboxDeliveries, sandboxKeyState, sandboxRotation } from "@/lib/sandbox/wallet";

const EXAMPLE_TIME = new Date("2026-11-20T14:00:00.000Z");
const meta: MetaBase = { request_id: "req_3f9c0a51d2e84b7a9c1d2e3f", queried_at: EXAMPLE_TIME.toISOString(), sandbox: true, tag: "run-42" };

function examples(baseUrl: string): Record<string, unknown> {
  const fixture = SANDBOX_CASES.find((record) => record.court_code === "dcd")!;
  const request = parseCaseRequest({ case_id: fixture.case_id, court_code: fixture.court_code, last_checked: "2026-11-15T00:00:00Z" }, EXAMPLE_TIME);
  const record = { ...fixture, last_refreshed_at: new Date(EXAMPLE_TIME.getTime() - 600_000).toISOString() };
  const caseResponse = buildCaseResponse({ record, request, meta, queryCostUsd: 0, now: EXAMPLE_TIME });
  const court = request.court;
  return {
    getCase: caseResponse,
    monitorCase: {
      meta: monitorMeta(meta, { query_cost_usd: 0, coverage_status: court.coverage }),
      case_id: fixture.case_id,
      court_code: fixture.court_code,
      ...summarizeChanges(fixture.entries, new Date("2026-11-15T00:00:00Z")),
    },
    batchCases: {
      meta: { request_id: meta.request_id, queried_at: meta.queried_at, batch_size: 2, successful: 1, failed: 1, total_cost_usd: 0, sandbox: true, tag: meta.tag },
      results: [
        { case_id: fixture.case_id, court_code: fixture.court_code, status: "success", response: caseResponse },
        {
          case_id: "1:24-cv-99999",
          court_code: "nysd",
          status: "error",
          error: { code: "case_not_found", message: 'No case "1:24-cv-99999" exists at the Southern District of New York (nysd).', documentation_url: `${baseUrl}/docs/errors#case_not_found`, parameter: "case_id" },
        },
      ],
    },
    getWalletKeys: sandboxKeyState(meta),
    rotateWalletKey: sandboxRotation(meta, EXAMPLE_TIME),
    listWalletDeliveries: sandboxDeliveries(meta, { limit: 2, cursor: null, status: null, since: null }),
    getStatus: {
      meta: statusMeta(meta),
      api_version: API_VERSION,
      changelog_url: `${baseUrl}/docs/changelog`,
      operational_status: "nominal",
      courts: COURTS.filter((entry) => ["nysd", "ca9", "fct", "ohctclaims"].includes(entry.court_code)).map(toPublicCourt),
    },
    error: { meta: errorMeta(meta), error: toErrorObject(internalError(), baseUrl) },
  };
}

/** Query and header parameters are what callers send (input); bodies answered are what we send (output). */
function toJsonSchema(schema: unknown, io: "input" | "output") {
  if (!(schema instanceof z.ZodType)) return null;
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { target: "draft-2020-12", io, unrepresentable: "any" }) as Record<string, unknown>;
  return json;
}

export function buildOpenApi(baseUrl: string): Record<string, unknown> {
  const byRoute = examples(baseUrl);
  const document = generateOpenApi(
    contract,
    {
      info: {
        title: "Court docket monitoring API",
        version: API_VERSION,
        description:
          "Pay-per-query court dockets for AI agents (x402). Add ?test=1 or X-Service-Test: 1 for free sandbox answers. " +
          `Guides: ${baseUrl}/docs/quickstart. Errors: ${baseUrl}/docs/errors.`,
      },
      servers: [{ url: baseUrl }],
    },
    {
      setOperationId: true,
      schemaTransformer: ({ schema, type }) => toJsonSchema(schema, type === "response" ? "output" : "input"),
      operationMapper: (operation, _route, id) => {
        for (const [status, response] of Object.entries(operation.responses ?? {})) {
          const content = (response as { content?: Record<string, { example?: unknown }> }).content?.["application/json"];
          if (!content) continue;
          if (status === "200" && byRoute[id] !== undefined) content.example = byRoute[id];
          else if (status !== "200" && status !== "204") content.example = byRoute.error;
        }
        return operation;
      },
    },
  ) as Record<string, unknown>;
  // The schemas are JSON Schema 2020-12: the dialect of OpenAPI 3.1.
  return { ...document, openapi: "3.1.0" };
}
