// Named components of the OpenAPI document: every response and request body of the contract, and the
// objects inside them, as components.schemas (generated clients get named types), and x402 as security
// schemes. The JSON Schemas come from the contract's zod schemas and their descriptions.
import { z } from "zod";
import * as schemas from "@/contract";

/** Output shapes (what the service answers), by component name. */
const OUTPUT: Array<[string, z.ZodType]> = [
  ["CaseResponse", schemas.caseResponseSchema],
  ["MonitorResponse", schemas.monitorResponseSchema],
  ["BatchResponse", schemas.batchResponseSchema],
  ["BatchResult", schemas.batchResultSchema],
  ["WalletKeysResponse", schemas.walletKeysResponseSchema],
  ["WalletKeyRotationResponse", schemas.walletKeyRotationResponseSchema],
  ["WalletDeliveriesResponse", schemas.walletDeliveriesResponseSchema],
  ["StatusResponse", schemas.statusResponseSchema],
  ["ErrorEnvelope", schemas.errorEnvelopeSchema],
  ["PaymentRequiredEnvelope", schemas.paymentRequiredEnvelopeSchema],
  ["ErrorObject", schemas.errorObjectSchema],
  ["JsonRpcResponse", schemas.jsonRpcResponseSchema],
  ["CaseBasic", schemas.caseBasicSchema],
  ["CaseFull", schemas.caseFullSchema],
  ["DocketEntry", schemas.docketEntrySchema],
  ["Delta", schemas.deltaSchema],
  ["TruncationDetails", schemas.truncationDetailsSchema],
  ["Party", schemas.partySchema],
  ["Attorney", schemas.attorneySchema],
  ["PrimaryParty", schemas.primaryPartySchema],
  ["CrossReference", schemas.crossReferenceSchema],
  ["Appellate", schemas.appellateSchema],
  ["Court", schemas.courtSchema],
  ["DeliveryRecord", schemas.deliveryRecordSchema],
  ["CaseMeta", schemas.caseMetaSchema],
  ["MonitorMeta", schemas.monitorMetaSchema],
  ["BatchMeta", schemas.batchMetaSchema],
  ["WalletMeta", schemas.walletMetaSchema],
  ["StatusMeta", schemas.statusMetaSchema],
  ["ErrorMeta", schemas.errorMetaSchema],
  ["CallbackDeliveryBody", schemas.callbackDeliveryBodySchema],
  ["WebhookInfo", schemas.webhookInfoSchema],
];

/** Input shapes (what callers send as a body). */
const INPUT: Array<[string, z.ZodType]> = [
  ["BatchRequest", schemas.batchRequestSchema],
  ["JsonRpcRequest", schemas.jsonRpcRequestSchema],
];

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

function componentsOf(entries: Array<[string, z.ZodType]>, io: "input" | "output"): Record<string, unknown> {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of entries) registry.add(schema, { id });
  const { schemas: converted } = z.toJSONSchema(registry, {
    target: "draft-2020-12",
    io,
    unrepresentable: "any",
    uri: (id) => `#/components/schemas/${id}`,
  });
  return Object.fromEntries(
    Object.entries(converted).map(([id, json]) => {
      const { $schema: _dialect, $id: _id, ...rest } = json as Record<string, unknown>;
      return [id, rest];
    }),
  );
}

export const COMPONENT_SCHEMAS: Record<string, unknown> = { ...componentsOf(OUTPUT, "output"), ...componentsOf(INPUT, "input") };

const outputNames = new Map<z.ZodType, string>(OUTPUT.map(([name, schema]) => [schema, name]));
const inputNames = new Map<z.ZodType, string>(INPUT.map(([name, schema]) => [schema, name]));

/** A reference to the component of a response or body schema, when it has one. */
export function componentRef(schema: unknown, io: "input" | "output"): { $ref: string } | null {
  if (!(schema instanceof z.ZodType)) return null;
  const name = (io === "output" ? outputNames : inputNames).get(schema);
  return name ? ref(name) : null;
}

/**
 * x402 as security schemes: a paid operation is authorized by a payment, sent in PAYMENT-SIGNATURE (x402 v2)
 * or X-PAYMENT (x402 v1), for the requirements of the 402's PAYMENT-REQUIRED header. Sandbox requests
 * (?test=1) need none, so each paid operation also lists the empty requirement.
 */
export const SECURITY_SCHEMES = {
  x402: {
    type: "apiKey",
    in: "header",
    name: "PAYMENT-SIGNATURE",
    description:
      "x402 v2 payment: the base64 PaymentPayload signed for one of the `accepts` of the 402 answer's PAYMENT-REQUIRED header " +
      "(scheme exact, USDC by EIP-3009 transferWithAuthorization). The paid answer carries the settlement in PAYMENT-RESPONSE. " +
      "Not needed with test=1 (sandbox).",
  },
  x402v1: {
    type: "apiKey",
    in: "header",
    name: "X-PAYMENT",
    description: "x402 v1 payment: the base64 payload signed for one of the 402 body's `accepts`; the settlement comes back in X-PAYMENT-RESPONSE.",
  },
} as const;

export const PAID_SECURITY = [{ x402: [] }, { x402v1: [] }, {}];

/** The sandbox switch, declared on every operation (the contract's query schemas leave it to the wrapper). */
export const TEST_PARAMETER = {
  name: "test",
  in: "query",
  required: false,
  description: "1: a free sandbox answer from fixtures (same as the X-Service-Test: 1 header). Any other value is refused with 400.",
  schema: { type: "string", enum: ["1"] },
};
