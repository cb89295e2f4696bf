import { contract, monitorQuerySchema } from "@/contract";
import { caseStoreFor } from "@/lib/cases/case-store";
import { monitorCase } from "@/lib/cases/monitor-case";
import { parseMonitorRequest } from "@/lib/cases/parse-case-request";
import { defineEndpoint } from "@/lib/http/define-endpoint";
import { refuseOtherMethods } from "@/lib/http/method-not-allowed";
import { parseWith, readQuery } from "@/lib/http/parse-input";
import { pricePerQueryUsd } from "@/lib/pricing";

export const dynamic = "force-dynamic";

export const GET = defineEndpoint({
  name: "GET /v2/monitor",
  response: contract.monitorCase.responses[200],
  price: () => ({ queries: 1, description: "A monitor check" }),
  parse: (request, { now, meta }) => parseMonitorRequest(parseWith(monitorQuerySchema, readQuery(request)), now, { sandbox: meta.sandbox }),
  run: (input, { meta, now }) =>
    monitorCase({
      request: input,
      store: caseStoreFor(meta.sandbox),
      meta,
      queryCostUsd: meta.sandbox ? 0 : pricePerQueryUsd(),
      now,
    }),
});

// HEAD too: Next would otherwise answer it by running GET, a paid query whose answer HEAD drops.
export const { POST, PUT, PATCH, DELETE, OPTIONS, HEAD } = refuseOtherMethods("/v2/monitor", ["GET"]);
