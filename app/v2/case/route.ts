import { caseQuerySchema, contract } from "@/contract";
import { caseStoreFor } from "@/lib/cases/case-store";
import { parseCaseRequest } from "@/lib/cases/parse-case-request";
import { queryCase } from "@/lib/cases/query-case";
import { defineEndpoint } from "@/lib/http/define-endpoint";
import { methodNotAllowed } from "@/lib/http/method-not-allowed";
import { parseWith, readQuery } from "@/lib/http/parse-input";
import { pricePerQueryUsd } from "@/lib/pricing";

export const dynamic = "force-dynamic";

export const GET = defineEndpoint({
  name: "GET /v2/case",
  response: contract.getCase.responses[200],
  price: () => ({ queries: 1, description: "A case query" }),
  parse: (request, { now }) => parseCaseRequest(parseWith(caseQuerySchema, readQuery(request)), now),
  run: (input, { meta, now }) =>
    queryCase({
      request: input,
      store: caseStoreFor(meta.sandbox),
      meta,
      queryCostUsd: meta.sandbox ? 0 : pricePerQueryUsd(),
      now,
    }),
});

const notAllowed = methodNotAllowed("/v2/case", ["GET"]);
export const POST = notAllowed;
export const PUT = notAllowed;
export const PATCH = notAllowed;
export const DELETE = notAllowed;
export const OPTIONS = notAllowed;
