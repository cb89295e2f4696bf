// The body of a signed callback delivery (SERVICE-SPEC "Events"): what the service POSTs to a paid query's
// callback_url. Receivers verify the signature over the raw bytes first (court-docket-api/callbacks), then
// parse them with this schema.
import { z } from "zod";
import { caseResponseSchema } from "./responses.ts";
import { timestampSchema } from "./values.ts";

export const webhookInfoSchema = z
  .strictObject({
    version: z.string().describe('Webhook format version: "2.0".'),
    event_type: z.literal("case_query_complete").describe("The only event: a paid case query's result."),
    date_created: timestampSchema.describe("When the delivery was created (the query's time), the same on every attempt."),
    deprecation_date: timestampSchema.nullable().describe("When this webhook version stops being sent; null while none is planned."),
  })
  .describe("What the delivery is.");
export type WebhookInfo = z.infer<typeof webhookInfoSchema>;

export const callbackDeliveryBodySchema = z
  .strictObject({
    // Identical to the synchronous answer of the query (GET /v2/case, or the batch query's `response`).
    payload: caseResponseSchema,
    webhook: webhookInfoSchema,
  })
  .describe(
    "A /v2 callback delivery: payload is identical to the query's synchronous answer (GET /v2/case, or the batch query's response). " +
      "A deprecated /v1/case query's delivery carries its v1 answer as payload.",
  );
export type CallbackDeliveryBody = z.infer<typeof callbackDeliveryBodySchema>;
