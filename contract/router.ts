// Every v2 endpoint of SERVICE-SPEC as one ts-rest router: the single source of truth for the route
// handlers (which validate their responses against it), the typed client and the OpenAPI document.
import { initContract } from "@ts-rest/core";
import { errorEnvelopeSchema, paymentRequiredEnvelopeSchema } from "./schemas/errors.ts";
import { jsonRpcRequestSchema, jsonRpcResponseSchema } from "./schemas/mcp.ts";
import {
  batchRequestSchema,
  caseQuerySchema,
  commonHeadersSchema,
  statusHeadersSchema,
  deliveriesQuerySchema,
  monitorQuerySchema,
  paidHeadersSchema,
} from "./schemas/requests.ts";
import {
  batchResponseSchema,
  caseResponseSchema,
  monitorResponseSchema,
  statusResponseSchema,
  walletDeliveriesResponseSchema,
  walletKeyRotationResponseSchema,
  walletKeysResponseSchema,
} from "./schemas/responses.ts";

const c = initContract();

// The error maps carry explicit types: an `as const` literal spread into `responses` turns its
// numeric keys into strings ("402"), and the typed client would then only know about 200.
type ErrorEnvelope = typeof errorEnvelopeSchema;

/** Statuses a paid endpoint may answer with the error envelope (DECISIONS.md status table). */
type PaidErrors = {
  400: ErrorEnvelope;
  402: typeof paymentRequiredEnvelopeSchema;
  429: ErrorEnvelope;
  500: ErrorEnvelope;
  /** payment_unavailable: the facilitator or the chain's node cannot be reached (added in 2.1). */
  503: ErrorEnvelope;
};
const paidErrors: PaidErrors = {
  400: errorEnvelopeSchema,
  402: paymentRequiredEnvelopeSchema,
  429: errorEnvelopeSchema,
  500: errorEnvelopeSchema,
  503: errorEnvelopeSchema,
};

type CaseErrors = PaidErrors & { 404: ErrorEnvelope; 422: ErrorEnvelope; 503: ErrorEnvelope };
const caseErrors: CaseErrors = {
  ...paidErrors,
  404: errorEnvelopeSchema,
  422: errorEnvelopeSchema,
  503: errorEnvelopeSchema,
};

export const contract = c.router(
  {
    getCase: {
      method: "GET",
      path: "/v2/case",
      query: caseQuerySchema,
      headers: paidHeadersSchema,
      responses: { 200: caseResponseSchema, ...caseErrors },
      summary: "Query one case (0.99 USD per successful response)",
    },
    monitorCase: {
      method: "GET",
      path: "/v2/monitor",
      query: monitorQuerySchema,
      headers: paidHeadersSchema,
      responses: { 200: monitorResponseSchema, ...caseErrors },
      summary: "Has anything been filed since last_checked? (0.99 USD per successful response)",
    },
    batchCases: {
      method: "POST",
      path: "/v2/cases/batch",
      body: batchRequestSchema,
      headers: paidHeadersSchema,
      responses: { 200: batchResponseSchema, ...caseErrors, 413: errorEnvelopeSchema },
      summary: "Query up to 50 cases with one payment of 0.99 USD x N",
    },
    getWalletKeys: {
      method: "GET",
      path: "/v2/wallet/keys",
      headers: paidHeadersSchema,
      responses: { 200: walletKeysResponseSchema, ...paidErrors },
      summary: "The paying wallet's callback signing key state (provisions a key on first call)",
    },
    rotateWalletKey: {
      method: "POST",
      path: "/v2/wallet/keys",
      body: c.noBody(),
      headers: paidHeadersSchema,
      responses: { 200: walletKeyRotationResponseSchema, ...paidErrors },
      summary: "Rotate the callback signing key; the new secret is returned exactly once",
    },
    listWalletDeliveries: {
      method: "GET",
      path: "/v2/wallet/deliveries",
      query: deliveriesQuerySchema,
      headers: paidHeadersSchema,
      responses: { 200: walletDeliveriesResponseSchema, ...paidErrors },
      summary: "Callback delivery history of the paying wallet, newest first",
    },
    getStatus: {
      method: "GET",
      path: "/v2/status",
      headers: statusHeadersSchema,
      responses: {
        200: statusResponseSchema,
        // If-None-Match matched the ETag: the caller's copy is current.
        304: c.noBody(),
        400: errorEnvelopeSchema,
        // Sandbox requests are limited per client address.
        429: errorEnvelopeSchema,
        500: errorEnvelopeSchema,
      },
      summary: "Free: operational status and the court registry",
    },
    mcp: {
      method: "POST",
      path: "/v2/mcp",
      body: jsonRpcRequestSchema,
      headers: commonHeadersSchema,
      responses: {
        200: jsonRpcResponseSchema,
        204: c.noBody(),
        400: errorEnvelopeSchema,
        // Added in 2.1: an Origin this server does not serve (a browser page elsewhere), as a JSON-RPC error.
        403: jsonRpcResponseSchema,
        405: errorEnvelopeSchema,
        500: errorEnvelopeSchema,
      },
      summary: "MCP server (Streamable HTTP, JSON-RPC 2.0; protocol 2025-11-25, and 2025-06-18, 2025-03-26 and 2024-11-05 when a client asks)",
    },
  },
  { strictStatusCodes: true },
);

export type Contract = typeof contract;
