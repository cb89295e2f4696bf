import { sendDeliveryEvents } from "@/inngest/send-delivery-events";
import { afterResponse } from "@/app/after-response";
import { finishRequestDeliveries } from "@/lib/callbacks/finish-request-deliveries";
import { requestDeliveries } from "@/lib/callbacks/request-deliveries";
import { caseStoreFor } from "@/lib/cases/case-store";
import { BATCH_BODY_LIMIT, batchBodyTooLarge, batchFrameSchema, parseBatchRequest, queryBatch } from "@/lib/cases/query-batch";
import { serializeBatch } from "@/lib/cases/serialize-batch";
import { defineEndpoint } from "@/lib/http/define-endpoint";
import { batchQuote } from "@/lib/payments/build-requirements";
import { refuseOtherMethods } from "@/lib/http/method-not-allowed";
import { readJsonBody, refuseQueryParameters } from "@/lib/http/parse-input";

export const dynamic = "force-dynamic";

export const POST = defineEndpoint({
  name: "POST /v2/cases/batch",
  response: batchFrameSchema,
  serialize: serializeBatch,
  parse: async (request, { now, meta }) => {
    refuseQueryParameters(request, "each query's options (context, language, filing_types, last_checked, callback_url) go in its object in the body");
    return parseBatchRequest(await readJsonBody(request, { limitBytes: BATCH_BODY_LIMIT, tooLarge: batchBodyTooLarge }), now, { sandbox: meta.sandbox });
  },
  price: (requests) => batchQuote(requests.length),
  // One payment for the batch: settled in full when any query succeeded, not at all when every one failed.
  successes: (response) => response.meta.successful,
  run: async (requests, { meta, now, baseUrl, wallet }) => {
    const response = await queryBatch({ requests, store: caseStoreFor(meta.sandbox), meta, sandbox: meta.sandbox, now, baseUrl });
    // One delivery per successful query that names a callback_url (DECISIONS.md "Callbacks").
    const answered = response.results.flatMap((result, index) =>
      result.status === "success" ? [{ request: requests[index]!, response: result.response }] : [],
    );
    await requestDeliveries({ wallet, requestId: meta.request_id, now, answered });
    return response;
  },
  afterPayment: (settled, { meta }) => finishRequestDeliveries(meta.request_id, settled, sendDeliveryEvents),
  afterResponse,
});

export const { GET, PUT, PATCH, DELETE, OPTIONS, HEAD } = refuseOtherMethods("/v2/cases/batch", ["POST"]);
