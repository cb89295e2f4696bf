// The OpenAPI 3.1 `webhooks` entry: the signed callback delivery the service POSTs to a paid query's
// callback_url (SERVICE-SPEC "Events"), so readers of the document (and generated clients) learn its body
// and headers, not only the endpoints.
import { ATTEMPT_TIMEOUT_MS, DELAYS_MINUTES, MAX_ATTEMPTS, EVENT_TYPE } from "@/lib/callbacks/delivery-schedule";

const header = (name: string, description: string, schema: Record<string, unknown> = { type: "string" }) => ({
  name,
  in: "header",
  required: true,
  description,
  schema,
});

export function buildWebhooks(baseUrl: string): Record<string, unknown> {
  return {
    [EVENT_TYPE]: {
      post: {
        operationId: "deliverCaseQueryResult",
        summary: "A signed copy of a paid case query's result, POSTed to its callback_url",
        description:
          `Sent after the query's payment settled. Verify X-Service-Signature over the raw body bytes before parsing ` +
          `(court-docket-api/callbacks: verifyDelivery), and deduplicate by Idempotency-Key. Any 2xx acknowledges it; ` +
          `another answer, or none within ${ATTEMPT_TIMEOUT_MS / 1000} s, is retried: ${MAX_ATTEMPTS} attempts in all, ` +
          `${DELAYS_MINUTES.join(", ")} minutes apart. Guide: ${baseUrl}/docs/callbacks.`,
        parameters: [
          header("X-Service-Signature", "sha256=<hex HMAC-SHA256 of the raw body bytes>, keyed with the 32 bytes the wallet's hex secret encodes.", {
            type: "string",
            pattern: "^sha256=[0-9a-f]{64}$",
          }),
          header("X-Service-Signature-Key-Id", "The key that signed: the wallet's current key, or during a rotation's 30 minutes its previous one."),
          header("X-Service-Timestamp", "Unix seconds of this attempt: refuse it when more than 300 s from your clock.", { type: "string", pattern: "^[0-9]+$" }),
          header("Idempotency-Key", "The same UUIDv4 on every attempt of this delivery.", { type: "string", format: "uuid" }),
        ],
        requestBody: { required: true, content: { "application/json": { schema: { $ref: "#/components/schemas/CallbackDeliveryBody" } } } },
        responses: { "2XX": { description: "Acknowledged: no further attempts." } },
        security: [],
      },
    },
  };
}
