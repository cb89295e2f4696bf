import { contract } from "@/contract";
import { caseStoreFor } from "@/lib/cases/case-store";
import { BATCH_BODY_LIMIT, batchBodyTooLarge, parseBatchRequest, queryBatch } from "@/lib/cases/query-batch";
import { defineEndpoint } from "@/lib/http/define-endpoint";
import { methodNotAllowed } from "@/lib/http/method-not-allowed";
import { readJsonBody } from "@/lib/http/parse-input";

export const dynamic = "force-dynamic";

export const POST = defineEndpoint({
  name: "POST /v2/cases/batch",
  response: contract.batchCases.responses[200],
  parse: async (request, { now }) =>
    parseBatchRequest(await readJsonBody(request, { limitBytes: BATCH_BODY_LIMIT, tooLarge: batchBodyTooLarge }), now),
  price: (requests) => ({ queries: requests.length, description: `A batch of ${requests.length} case queries` }),
  // One payment for the batch: settled in full when any query succeeded, not at all when every one failed.
  successes: (response) => response.meta.successful,
  run: (requests, { meta, now, baseUrl }) =>
    queryBatch({ requests, store: caseStoreFor(meta.sandbox), meta, sandbox: meta.sandbox, now, baseUrl }),
});

const notAllowed = methodNotAllowed("/v2/cases/batch", ["POST"]);
export const GET = notAllowed;
export const PUT = notAllowed;
export const PATCH = notAllowed;
export const DELETE = notAllowed;
export const OPTIONS = notAllowed;
export const HEAD = notAllowed;
