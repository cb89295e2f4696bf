import { caseQuerySchema, contract } from "@/contract";
import { sendDeliveryEvents } from "@/inngest/send-delivery-events";
import { afterResponse } from "@/app/after-response";
import { finishRequestDeliveries } from "@/lib/callbacks/finish-request-deliveries";
import { requestDeliveries } from "@/lib/callbacks/request-deliveries";
import { caseStoreFor } from "@/lib/cases/case-store";
import { checkCaseResponse } from "@/lib/cases/check-case-response";
import { parseCaseRequest } from "@/lib/cases/parse-case-request";
import { queryCase } from "@/lib/cases/query-case";
import { serializeCaseResponse } from "@/lib/cases/serialize-case-response";
import { defineEndpoint } from "@/lib/http/define-endpoint";
import { callbackPayloadFor } from "@/lib/v1/callback-shape";
import { refuseOtherMethods } from "@/lib/http/method-not-allowed";
import { parseWith, readQuery } from "@/lib/http/parse-input";
import { pricePerQueryUsd } from "@/lib/pricing";

export const dynamic = "force-dynamic";

export const GET = defineEndpoint({
  name: "GET /v2/case",
  response: contract.getCase.responses[200],
  check: checkCaseResponse,
  serialize: serializeCaseResponse,
  price: () => ({ queries: 1, description: "A case query" }),
  parse: (request, { now, meta }) => parseCaseRequest(parseWith(caseQuerySchema, readQuery(request)), now, { sandbox: meta.sandbox }),
  run: async (input, { meta, now, wallet, request }) => {
    const response = await queryCase({ request: input, store: caseStoreFor(meta.sandbox), meta, queryCostUsd: meta.sandbox ? 0 : pricePerQueryUsd(), now });
    // A query made through /v1/case gets its callback in v1's shape, as it got its answer.
    const shape = (body: typeof response) => callbackPayloadFor(request, body);
    await requestDeliveries({ wallet, requestId: meta.request_id, now, answered: [{ request: input, response }], shape });
    return response;
  },
  afterPayment: (settled, { meta }) => finishRequestDeliveries(meta.request_id, settled, sendDeliveryEvents),
  afterResponse,
});

// HEAD too: Next would otherwise answer it by running GET, a paid query whose answer HEAD drops.
export const { POST, PUT, PATCH, DELETE, OPTIONS, HEAD } = refuseOtherMethods("/v2/case", ["GET"]);
