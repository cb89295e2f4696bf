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
import { buildRequirements } from "@/lib/payments/build-requirements";
import { getPaymentConfig, type PaymentConfig } from "@/lib/payments/payment-config";
import { paymentRequired } from "@/lib/payments/payment-errors";
import { SANDBOX_CASES } from "@/lib/sandbox/cases";
import { sandboxDeliveries, sandboxKeyState, sandboxRotation } from "@/lib/sandbox/wallet";
import { errorCodesOf, errorExampleOf } from "./error-examples";
import { buildWebhooks } from "./webhooks";
import { COMPONENT_SCHEMAS, PAID_SECURITY, SECURITY_SCHEMES, TEST_PARAMETER, componentRef } from "./components";

const EXAMPLE_TIME = new Date("2026-11-20T14:00:00.000Z");
const meta: MetaBase = { request_id: "req_3f9c0a51d2e84b7a9c1d2e3f", queried_at: EXAMPLE_TIME.toISOString(), sandbox: true, tag: "run-42" };

function examples(baseUrl: string): Record<string, unknown> {
  const fixture = SANDBOX_CASES.find((record) => record.court_code === "dcd")!;
  // A sandbox request: its fixture court answers whatever this deployment connects (CASE_SOURCE=none in
  // production made this throw, and /v2/openapi.json answer 500).
  const request = parseCaseRequest({ case_id: fixture.case_id, court_code: fixture.court_code, last_checked: "2026-11-15T00:00:00Z" }, EXAMPLE_TIME, { sandbox: true });
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
  };
}

/** Terms shown in the 402 example when this deployment takes no payments: USDC on Base, a placeholder payee. */
const EXAMPLE_PAYMENT: PaymentConfig = {
  network: "eip155:8453",
  chainId: 8453,
  v1Network: "base",
  asset: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
  assetName: "USD Coin",
  assetVersion: "2",
  decimals: 6,
  payTo: "0x000000000000000000000000000000000000dEaD",
  pricePerQueryBaseUnits: 990_000n,
  pricePerQueryUsd: 0.99,
  maxTimeoutSeconds: 300,
  blockTimeMs: 2_000,
  answerRetentionMs: 86_400_000,
  facilitator: { kind: "remote", url: "https://facilitator.example", token: null },
  rpcUrl: null,
};

/** The example of an error status of an operation, as its envelope (lib/openapi/error-examples.ts). */
function errorExample(status: string, route: { path: string }, id: string, baseUrl: string): Record<string, unknown> | undefined {
  if (status === "403" && route.path === "/v2/mcp") {
    return { jsonrpc: "2.0", id: null, error: { code: -32600, message: "Forbidden: Origin https://elsewhere.example may not call this MCP server" } };
  }
  const error =
    status === "402"
      ? paymentRequired(
          buildRequirements(getPaymentConfig() ?? EXAMPLE_PAYMENT, { queries: 1, description: "One case query" }, `${baseUrl}${route.path}`),
          "This query costs 0.99 USD: pay with x402 and repeat the request.",
        )
      : status === "500"
        ? internalError()
        : errorExampleOf(id, status);
  if (!error) return undefined;
  return { meta: errorMeta(meta), error: toErrorObject(error, baseUrl), ...(error.transport?.body ?? {}) };
}

const STATUS_TEXT: Readonly<Record<string, string>> = {
  "200": "OK",
  "204": "No content (a JSON-RPC notification or response was accepted)",
  "304": "Not modified: the ETag sent in If-None-Match is current",
  "400": "Bad request",
  "402": "Payment required (x402): nothing was charged",
  "403": "Forbidden",
  "404": "Not found",
  "405": "Method not allowed",
  "413": "Too large",
  "422": "Court not covered yet",
  "429": "Too many requests",
  "500": "Internal error: nothing was charged",
  "503": "Unavailable: nothing was charged",
};

/** What a response's description says: the status, and the error codes this operation answers it with. */
function describeResponse(id: string, status: string): string {
  const text = STATUS_TEXT[status] ?? status;
  const codes = status === "402" ? ["payment_required"] : status === "500" ? ["internal_error"] : errorCodesOf(id, status);
  return codes.length === 0 ? text : `${text}. error.code: ${codes.map((code) => `\`${code}\``).join(", ")}.`;
}

const HEADERS = {
  paymentRequired: { description: "x402 v2 payment requirements (base64 JSON): what to pay, to whom, on which network.", schema: { type: "string" } },
  paymentResponse: { description: "x402 settlement of the payment this answer was charged (base64 JSON); X-PAYMENT-RESPONSE for x402 v1 payments.", schema: { type: "string" } },
  retryAfter: { description: "Whole seconds before a retry can succeed.", schema: { type: "integer" } },
  etag: { description: "Weak validator: send it back in If-None-Match for a 304.", schema: { type: "string" } },
  requestId: { description: "meta.request_id of this answer: quote it to support.", schema: { type: "string" } },
};

/** The headers each answer carries, by status; paid routes are those that can answer 402. */
function responseHeaders(status: string, paid: boolean, id: string): Record<string, unknown> {
  const headers: Record<string, unknown> = { "X-Request-Id": HEADERS.requestId };
  if (status === "402") headers["PAYMENT-REQUIRED"] = HEADERS.paymentRequired;
  if (status === "200" && paid) headers["PAYMENT-RESPONSE"] = HEADERS.paymentResponse;
  if (status === "429" || status === "503") headers["Retry-After"] = HEADERS.retryAfter;
  if (id === "getStatus" && (status === "200" || status === "304")) headers.ETag = HEADERS.etag;
  return headers;
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
      servers: [{ url: baseUrl, description: "This deployment" }],
    },
    {
      setOperationId: true,
      // Responses and bodies refer to named components (lib/openapi/components.ts); parameters stay inline.
      schemaTransformer: ({ schema, type }) =>
        (type === "response" || type === "body" ? componentRef(schema, type === "response" ? "output" : "input") : null) ??
        toJsonSchema(schema, type === "response" ? "output" : "input"),
      operationMapper: (operation, route, id) => {
        const responses = (operation.responses ?? {}) as Record<string, { description?: string; headers?: unknown; content?: Record<string, { example?: unknown }> }>;
        const paid = "402" in responses;
        const described = operation as { security?: unknown; parameters?: unknown[] };
        // x402 authorizes paid operations (or nothing, in the sandbox); free ones need nothing.
        described.security = paid ? PAID_SECURITY : [];
        described.parameters = [...(described.parameters ?? []), TEST_PARAMETER];
        for (const [status, response] of Object.entries(responses)) {
          response.description = describeResponse(id, status);
          if (id !== "mcp") response.headers = responseHeaders(status, paid, id);
          const content = response.content?.["application/json"];
          if (!content) continue;
          const example = status === "200" ? byRoute[id] : errorExample(status, route, id, baseUrl);
          if (example !== undefined) content.example = example;
        }
        return operation;
      },
    },
  ) as Record<string, unknown>;
  // The schemas are JSON Schema 2020-12: the dialect of OpenAPI 3.1.
  const info = document.info as Record<string, unknown>;
  return {
    ...document,
    openapi: "3.1.0",
    info: { ...info, license: { name: "MIT", identifier: "MIT" } },
    webhooks: buildWebhooks(baseUrl),
    components: { ...((document.components as Record<string, unknown> | undefined) ?? {}), schemas: COMPONENT_SCHEMAS, securitySchemes: SECURITY_SCHEMES },
  };
}
